"""A transparent stdio relay: `python mcp_tap.py LOG COMMAND ARGS...` runs the MCP server
COMMAND and copies the client's lines to it and its lines back, unchanged, writing each
line to LOG as `in <line>` (client → server) or `out <line>` (server → client). Exits
with the server; the server's stderr passes through."""

import subprocess
import sys
import threading


def main() -> int:
    log_path, command = sys.argv[1], sys.argv[2:]
    server = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    log = open(log_path, "ab", buffering=0)
    lock = threading.Lock()

    def record(direction: bytes, line: bytes) -> None:
        with lock:
            log.write(direction + b" " + line.rstrip(b"\n") + b"\n")

    def client_to_server() -> None:
        for line in sys.stdin.buffer:
            record(b"in", line)
            try:
                server.stdin.write(line)
                server.stdin.flush()
            except (BrokenPipeError, ValueError):
                break
        try:
            server.stdin.close()
        except OSError:
            pass

    threading.Thread(target=client_to_server, daemon=True).start()
    for line in server.stdout:
        record(b"out", line)
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()
    return server.wait()


if __name__ == "__main__":
    sys.exit(main())
