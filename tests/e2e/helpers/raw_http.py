"""Raw HTTP requests to the `serve_http` server's MCP endpoint, headers as given: for the
checks an SDK would not let a test make (Origin, Host, protocol versions, batches)."""

from __future__ import annotations

import http.client
import json

from conftest import auth_header_of

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "e2e-raw", "version": "0"},
    },
}


def post(port: int, headers: dict[str, str], body: bytes | None = None,
         session: str | None = None) -> tuple[int, str]:
    """POST `body` (default: an initialize) with the access token and `headers` over them;
    the status and the body as text."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        body = json.dumps(INITIALIZE).encode() if body is None else body
        base = {
            "Host": f"127.0.0.1:{port}",
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            **auth_header_of(port),
        }
        if session:
            base["Mcp-Session-Id"] = session
            base["MCP-Protocol-Version"] = "2025-11-25"
        connection.putrequest("POST", "/mcp", skip_host=True, skip_accept_encoding=True)
        for name, value in {**base, **headers}.items():
            connection.putheader(name, value)
        connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        if session is None and response.getheader("Mcp-Session-Id"):
            post.last_session = response.getheader("Mcp-Session-Id")
        return response.status, response.read().decode(errors="replace")
    finally:
        connection.close()
