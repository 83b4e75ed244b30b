"""A program that handles credentials as ordinary code does: the corpus of
tests/e2e/trust/test_secrets.py. Every secret's text is listed there (CORPUS); none of it may
reach the agent. The ordinary values beside them must stay readable."""

import os

# Secrets a user's code holds, in the forms they take in real programs.
DB_PASSWORD = "Swordfish-Hunter2"


class Account:
    def __init__(self, user, secret):
        self.user = user
        self.api_secret = secret
        self.plan = "team"


def connect(url, password):
    failures = 0  # MARK: connect
    raise PermissionError(f"login refused for shop with {password} at {url.split('@')[-1]}")


def main():
    password = "correct-horse-battery"
    api_key = os.environ["SERVICE_API_KEY"]
    settings = {"region": "eu-west-1", "auth_token": "tok-93jd82hf7Gq1", "retries": 3}
    credentials = {"user": "deploy", "key": "cred-Lq0x77Vb3s"}
    database_url = "postgresql://shop:Pg-S3cret-42@db.internal:5432/shop"
    aws_access_key_id = "AKIAQX7Z3B5N6M2K4P8R"
    aws_secret_access_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq91Lm0Nc4"
    signing = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM\nqsLj7Wx4Vb9NnR2pE6dT\n-----END RSA PRIVATE KEY-----\n"
    deploy = "ghp_R8vN2kLq7Tz4Xw9Yb3Hc6Jm1Pd5Sf0Ga2Eu8"
    account = Account("bob", "acct-Z8w2Qe5Ty1")
    # Ordinary values next to them: all must stay readable.
    order_total = 41.5
    item_count = 3
    token_count = 12
    author = "Ann Lee"
    region = settings["region"]
    print(f"connecting to {database_url}")
    print(f"deploying with {deploy}")
    print("login password:", password)
    print(f"order total {order_total} for {author}")
    checkpoint = item_count  # MARK: stop
    for attempt in range(2):
        tries = attempt + 1  # MARK: loop
    connect(database_url, password)


main()
