"""A debug adapter that answers `initialize` and then nothing, for the diagnostics tests
(tests/e2e/launch/test_diagnostics.py): a launch that hangs or, with FAKE_ADAPTER_ON_LAUNCH=exit,
an adapter that exits with status 3 when asked to launch. Started as `lldb-dap` (found
first on PATH) or as debugpy's adapter (`<python> -m debugpy.adapter` with `python`
naming the `python` wrapper next to this file)."""
import json
import os
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
    sys.stderr.write("fake adapter: up, will answer initialize only\n")
    sys.stderr.flush()
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    seq = 1
    while (message := read_message(stdin)) is not None:
        if message.get("command") == "initialize":
            send(stdout, {"seq": seq, "type": "response", "request_seq": message["seq"],
                          "command": "initialize", "success": True, "body": {}})
            seq += 1
            send(stdout, {"seq": seq, "type": "event", "event": "output",
                          "body": {"category": "console", "output": "fake adapter ready\n"}})
            seq += 1
        elif message.get("command") == "launch" and os.environ.get("FAKE_ADAPTER_ON_LAUNCH") == "exit":
            sys.stderr.write("fake adapter: exiting on launch\n")
            sys.exit(3)


main()
