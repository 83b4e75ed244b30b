# jetbrains-debugger: TCP_NODELAY shim for debugpy (microsoft/debugpy#2054).
# pydevd writes each DAP message with two sendall() calls on a loopback socket
# without TCP_NODELAY, so Nagle + delayed ACK add ~40 ms to every request. This
# file is put first on PYTHONPATH of the debuggee only; it sets TCP_NODELAY on
# every TCP stream socket the process connects or accepts, then chains to the
# user's own sitecustomize (if any) further along sys.path.
import socket as _jbd_socket


def _jbd_install():
    _orig_connect = _jbd_socket.socket.connect
    _orig_accept = _jbd_socket.socket.accept

    def _nodelay(sock):
        try:
            if sock.family in (_jbd_socket.AF_INET, _jbd_socket.AF_INET6) and (
                sock.type & _jbd_socket.SOCK_STREAM
            ):
                sock.setsockopt(_jbd_socket.IPPROTO_TCP, _jbd_socket.TCP_NODELAY, 1)
        except Exception:
            pass

    def connect(self, *args, **kwargs):
        result = _orig_connect(self, *args, **kwargs)
        _nodelay(self)
        return result

    def accept(self, *args, **kwargs):
        conn, addr = _orig_accept(self, *args, **kwargs)
        _nodelay(conn)
        return conn, addr

    _jbd_socket.socket.connect = connect
    _jbd_socket.socket.accept = accept


def _jbd_chain():
    import os
    import sys

    here = os.path.dirname(os.path.abspath(__file__))
    saved_path = list(sys.path)
    me = sys.modules.pop("sitecustomize", None)
    try:
        sys.path[:] = [
            p for p in sys.path if os.path.abspath(p or os.curdir) != here
        ]
        try:
            import sitecustomize  # noqa: F401  (the user's own, if any)
        except ImportError as e:
            if getattr(e, "name", None) != "sitecustomize":
                raise
    finally:
        sys.path[:] = saved_path
        if "sitecustomize" not in sys.modules and me is not None:
            sys.modules["sitecustomize"] = me


_jbd_install()
_jbd_chain()
