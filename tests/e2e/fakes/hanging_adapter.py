"""A debug adapter that answers `initialize` and then nothing: a launch that hangs, for
the diagnostics tests (tests/e2e/test_diagnostics.py). Started as `lldb-dap` (found first
on PATH) or as debugpy's adapter (`<python> -m debugpy.adapter` with `python` naming the
`python` wrapper next to this file)."""
import json
import sys


def read_message(stream):
    length = 0
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    return json.loads(stream.read(length))


def send(stream, message):
    body = json.dumps(message).encode()
    stream.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    stream.flush()


def main():
    sys.stderr.write("hanging adapter: up, will answer initialize only\n")
    sys.stderr.flush()
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    seq = 1
    while (message := read_message(stdin)) is not None:
        if message.get("command") == "initialize":
            send(stdout, {"seq": seq, "type": "response", "request_seq": message["seq"],
                          "command": "initialize", "success": True, "body": {}})
            seq += 1
            send(stdout, {"seq": seq, "type": "event", "event": "output",
                          "body": {"category": "console", "output": "hanging adapter ready\n"}})
            seq += 1


main()
