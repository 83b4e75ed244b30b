def compute(n):
    total = 0  # MARK:total0
    for i in range(n):
        total += i * 2  # MARK:loop
    return total  # MARK:return


class Greeter:
    def __init__(self, name):
        self.name = name

    def greet(self, punctuation, *rest, times=1, **extra):
        text = ("hello " + self.name + punctuation) * times  # MARK:greet
        return text


LIMIT = 10


def main():
    results = []
    config = {"mode": "fast", "limit": 3}
    for n in [3, 5, 7]:
        r = compute(n)  # MARK:call
        results.append(r)  # MARK:append
    print("results", results)  # MARK:print
    print(Greeter("ada").greet("!", times=2))
    return config


main()
