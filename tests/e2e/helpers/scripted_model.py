"""A scripted model: a local HTTP server that a real agent CLI (Claude Code, Codex) takes
for its model API, so a test can watch the CLI *use* our MCP tools without any real model.

It speaks, streaming (SSE) and plain:

- the Anthropic Messages API (`POST /v1/messages`, `POST /v1/messages/count_tokens`), as
  Claude Code calls it through `ANTHROPIC_BASE_URL`: `message_start`,
  `content_block_start/delta/stop` (text, or `tool_use` with `input_json_delta`),
  `message_delta` (stop_reason `tool_use` / `end_turn`), `message_stop`;
- the OpenAI Responses API (`POST /v1/responses`), as Codex calls it through a model
  provider with `wire_api = "responses"`: `response.created`,
  `response.output_item.added/done` (a `function_call` or a `message`),
  `response.output_text.delta`, `response.completed`.

Each request of the *scripted conversation* is answered with the next step of the script:
a `ToolCall` (or several, in one turn), a `Say` (final text, ending the turn), or a callable
that gets the `ScriptedModel` (so it can read what the tools answered so far, e.g. a session
id) and returns one of those. The side requests a CLI makes on its own (Claude Code's title
and summary calls to the small model, `count_tokens`, ...) are answered harmlessly and kept
apart (`side`); which request belongs to the conversation is decided by `main_loop` (by
default: a request that offers tools).

Everything the CLI sends is recorded (`requests`), and the conversation is read back as the
model saw it: the tools it was offered (`tools_offered`), the system prompt or instructions
(`system_text`), and every tool result (`results`: text, is_error, size), matched to the
call the script made.

Standard library only; one thread per connection; `with ScriptedModel(steps) as model:`.
"""

from __future__ import annotations

import gzip
import itertools
import json
import threading
import time
import zlib
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Iterable, Union

ANTHROPIC = "anthropic"
OPENAI = "openai"


# ---------------------------------------------------------------------------- the script


@dataclass
class ToolCall:
    """The model calls `name` with `arguments`. `name` is the tool's name as the CLI offers
    it (`mcp__jetbrains-debugger__get_variables`, `ToolSearch`), or just the MCP tool's own
    name (`get_variables`): it is then matched against the offered names that end in
    `__get_variables` (or, when none is offered, against the names the CLI lists as
    deferred), else sent as it is."""

    name: str
    arguments: dict[str, Any] = field(default_factory=dict)
    # Filled when the call is made.
    id: str = ""
    sent_name: str = ""
    # The Responses API namespace the tool was offered in (Codex offers an MCP server's
    # tools as one `namespace` tool, `mcp__<server>`).
    namespace: str | None = None


@dataclass
class Say:
    """The model answers with text and ends its turn."""

    text: str


Step = Union[ToolCall, Say, list, Callable[["ScriptedModel"], Any]]


@dataclass
class ToolResult:
    """One tool result as the model received it."""

    call: ToolCall | None
    call_id: str
    text: str
    is_error: bool | None
    raw: Any
    # Blocks other than text (Claude Code's `tool_reference` blocks after a ToolSearch).
    references: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        """The text's size in bytes (UTF-8)."""
        return len(self.text.encode())

    def json(self) -> Any:
        return json.loads(self.text)

    @property
    def name(self) -> str:
        return self.call.name if self.call else ""


@dataclass
class Request:
    api: str
    method: str
    path: str
    headers: dict[str, str]
    body: Any
    scripted: bool = False
    # The calls the answer made.
    calls: list = field(default_factory=list)
    # The step this request was answered with (index in the script), when scripted.
    step: int | None = None
    # When it arrived (time.monotonic()).
    at: float = field(default_factory=time.monotonic)


# ---------------------------------------------------------------------------- reading requests


def anthropic_system_text(body: dict[str, Any]) -> str:
    system = body.get("system") or ""
    if isinstance(system, list):
        return "\n".join(block.get("text", "") for block in system if isinstance(block, dict))
    return str(system)


def _text_of_content(content: Any) -> tuple[str, list[str]]:
    """The text of a tool result's content (a string or a list of blocks), and the tool
    names of its `tool_reference` blocks."""
    if content is None:
        return "", []
    if isinstance(content, str):
        return content, []
    texts, references = [], []
    for block in content:
        if not isinstance(block, dict):
            continue
        kind = block.get("type")
        if kind in ("text", "input_text", "output_text"):
            texts.append(block.get("text", ""))
        elif kind == "tool_reference":
            references.append(block.get("tool_name", ""))
    return "".join(texts), references


def default_main_loop(api: str, path: str, body: Any) -> bool:
    """Whether a request belongs to the scripted conversation: Claude Code's agent loop (a
    Messages request that offers tools; its side calls, such as a title, offer none), or a
    Codex turn (a Responses request that offers tools)."""
    if not isinstance(body, dict):
        return False
    if api == ANTHROPIC:
        return path == "/v1/messages" and bool(body.get("tools"))
    if api == OPENAI:
        return path.endswith("/responses") and bool(body.get("tools"))
    return False


# ---------------------------------------------------------------------------- the server


class ScriptedModel:
    """The server. `steps` is the script; `main_loop(api, path, body)` tells a request of
    the conversation from a side request."""

    def __init__(self, steps: Iterable[Step] = (), *,
                 main_loop: Callable[[str, str, Any], bool] = default_main_loop,
                 side_text: str = "OK", final_text: str = "Done.") -> None:
        self.steps: list[Step] = list(steps)
        self.main_loop = main_loop
        self.side_text = side_text
        self.final_text = final_text
        self.requests: list[Request] = []
        self.calls: list[ToolCall] = []
        self.results: list[ToolResult] = []
        # Requests of the conversation after the script ran out (answered with final_text).
        self.overruns = 0
        self.errors: list[str] = []
        self._next = 0
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._seen_ids: set[str] = set()
        self._finished = threading.Condition(self._lock)
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle

    def start(self) -> "ScriptedModel":
        model = self

        class Handler(_Handler):
            owner = model

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="scripted-model", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> "ScriptedModel":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._server is not None, "not started"
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        """The base URL (`ANTHROPIC_BASE_URL`); a Responses provider's `base_url` is `url + "/v1"`."""
        return f"http://127.0.0.1:{self.port}"

    # -- what was received

    @property
    def conversation(self) -> list[Request]:
        return [r for r in self.requests if r.scripted]

    @property
    def side(self) -> list[Request]:
        return [r for r in self.requests if not r.scripted]

    @property
    def done(self) -> bool:
        """Whether every step has been answered."""
        with self._lock:
            return self._next >= len(self.steps)

    def wait_done(self, timeout: float) -> bool:
        with self._finished:
            return self._finished.wait_for(lambda: self._next >= len(self.steps), timeout)

    def first_request(self) -> Request:
        assert self.conversation, f"no request of the conversation; side requests: {[r.path for r in self.side]}"
        return self.conversation[0]

    def tools_offered(self, request: Request | None = None) -> list[dict[str, Any]]:
        """The tools as offered in a request of the conversation (the first by default)."""
        request = request or self.first_request()
        return list(request.body.get("tools") or [])

    def tool_named(self, name: str, request: Request | None = None) -> dict[str, Any] | None:
        for tool in self.tools_offered(request):
            if _tool_name(tool) == name:
                return tool
        return None

    def system_text(self, request: Request | None = None) -> str:
        """What a request tells the model as the system: the system prompt and the
        `system` messages (Claude Code puts the MCP servers' instructions there), or the
        instructions and `developer` messages (Codex)."""
        request = request or self.first_request()
        body = request.body
        if request.api == ANTHROPIC:
            parts = [anthropic_system_text(body)]
            parts += [_text_of_content(m.get("content"))[0] for m in body.get("messages") or []
                      if m.get("role") == "system"]
        else:
            parts = [str(body.get("instructions") or "")]
            parts += [_text_of_content(m.get("content"))[0] for m in body.get("input") or []
                      if isinstance(m, dict) and m.get("role") in ("developer", "system")]
        return "\n".join(parts)

    def result_of(self, call: ToolCall) -> ToolResult:
        for result in self.results:
            if result.call is call:
                return result
        raise AssertionError(f"no result for {call.name} ({call.id}); results: {[r.call_id for r in self.results]}")

    @property
    def last(self) -> ToolResult:
        assert self.results, "no tool result yet"
        return self.results[-1]

    def answered_after(self, call: ToolCall) -> float:
        """Seconds between the answer that made `call` and the request that brought its
        result back: how long the CLI took to run the tool."""
        asked = next(r for r in self.conversation if any(c is call for c in r.calls))
        back = next(r for r in self.conversation if r.at > asked.at and any(
            res.call is call for res in self.results))
        return back.at - asked.at

    def results_for(self, name: str) -> list[ToolResult]:
        return [r for r in self.results if r.call and (r.call.name == name or r.call.sent_name == name)]

    # -- answering

    def _record_results(self, api: str, body: dict[str, Any]) -> None:
        """The tool results in a request that answer calls of ours, not recorded before."""
        by_id = {call.id: call for call in self.calls}
        found: list[ToolResult] = []
        if api == ANTHROPIC:
            for message in body.get("messages") or []:
                content = message.get("content")
                if message.get("role") != "user" or not isinstance(content, list):
                    continue
                for block in content:
                    if isinstance(block, dict) and block.get("type") == "tool_result":
                        text, references = _text_of_content(block.get("content"))
                        found.append(ToolResult(by_id.get(block.get("tool_use_id", "")), block.get("tool_use_id", ""),
                                                text, bool(block.get("is_error", False)), block, references))
        else:
            for item in body.get("input") or []:
                if isinstance(item, dict) and item.get("type") == "tool_search_output":
                    tools = item.get("tools") or []
                    names = []
                    for tool in tools:
                        if tool.get("type") == "namespace":
                            names += [f"{tool.get('name')}__{_tool_name(t)}" for t in tool.get("tools") or []]
                        else:
                            names.append(_tool_name(tool))
                    found.append(ToolResult(by_id.get(item.get("call_id", "")), item.get("call_id", ""),
                                            json.dumps(tools), None, item, names))
                    continue
                if isinstance(item, dict) and item.get("type") in ("function_call_output", "custom_tool_call_output"):
                    output = item.get("output")
                    is_error = None
                    if isinstance(output, dict):  # {"content": ..., "success": ...}
                        is_error = None if output.get("success") is None else not output["success"]
                        output = output.get("content")
                    text, references = _text_of_content(output)
                    found.append(ToolResult(by_id.get(item.get("call_id", "")), item.get("call_id", ""), text,
                                            is_error, item, references))
        for result in found:
            if result.call is not None and result.call_id not in self._seen_ids:
                self._seen_ids.add(result.call_id)
                self.results.append(result)

    def _resolve(self, name: str, body: dict[str, Any]) -> tuple[str, str | None]:
        for tool in body.get("tools") or []:
            if tool.get("type") == "tool_search" and name == "tool_search":
                return name, ""  # "": not a function of a namespace, the hosted-style item
        # Codex: namespaces offered, or loaded by a tool_search earlier in the conversation.
        loaded = [t for item in body.get("input") or [] if isinstance(item, dict)
                  and item.get("type") == "tool_search_output" for t in item.get("tools") or []]
        for tool in [*(body.get("tools") or []), *loaded]:
            if tool.get("type") == "namespace":
                inner = [_tool_name(t) for t in tool.get("tools") or []]
                qualified = f"{tool.get('name')}__"
                short = name[len(qualified):] if name.startswith(qualified) else name
                if short in inner:
                    return short, str(tool.get("name"))
        offered = [_tool_name(t) for t in body.get("tools") or []]
        if name in offered:
            return name, None
        suffix = f"__{name}"
        matches = [n for n in offered if n.endswith(suffix)]
        if len(matches) == 1:
            return matches[0], None
        # Claude Code lists deferred tools by name in a message; any name we know.
        deferred = [n for n in _words(json.dumps(body.get("messages") or [])) if n.endswith(suffix)]
        if deferred:
            return deferred[0], None
        return name, None

    def _next_answer(self, api: str, body: dict[str, Any]) -> tuple[list[ToolCall], str | None, int | None]:
        """The calls and/or text of the next step, and its index."""
        with self._lock:
            self._record_results(api, body)
            if self._next >= len(self.steps):
                self.overruns += 1
                return [], self.final_text, None
            index = self._next
            step = self.steps[index]
            self._next += 1
        try:
            while callable(step) and not isinstance(step, (ToolCall, Say)):
                step = step(self)
        except Exception as error:  # a script bug: say so in the conversation and the record
            self.errors.append(f"step {index}: {error!r}")
            step = Say(f"SCRIPT ERROR at step {index}: {error!r}")
        calls = step if isinstance(step, list) else [step]
        made: list[ToolCall] = []
        text = None
        for item in calls:
            if isinstance(item, Say):
                text = item.text
                continue
            call = ToolCall(item.name, dict(item.arguments))
            call.id = (f"toolu_{next(self._ids):04d}" if api == ANTHROPIC else f"call_{next(self._ids):04d}")
            call.sent_name, call.namespace = self._resolve(item.name, body)
            made.append(call)
        with self._finished:
            self.calls.extend(made)
            self._finished.notify_all()
        return made, text, index


def _tool_name(tool: dict[str, Any]) -> str:
    if "name" in tool:
        return str(tool["name"])
    function = tool.get("function")
    return str(function.get("name", "")) if isinstance(function, dict) else ""


def _words(text: str) -> list[str]:
    out, word = [], []
    for ch in text:
        if ch.isalnum() or ch in "_-":
            word.append(ch)
        else:
            if word:
                out.append("".join(word))
            word = []
    if word:
        out.append("".join(word))
    return out


# ---------------------------------------------------------------------------- wire formats


def _sse(events: list[tuple[str, dict[str, Any]]]) -> bytes:
    return b"".join(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode() for name, data in events)


def anthropic_message(model: str, message_id: str, calls: list[ToolCall], text: str | None) -> dict[str, Any]:
    content: list[dict[str, Any]] = []
    if text:
        content.append({"type": "text", "text": text})
    for call in calls:
        content.append({"type": "tool_use", "id": call.id, "name": call.sent_name, "input": call.arguments})
    return {"id": message_id, "type": "message", "role": "assistant", "model": model, "content": content,
            "stop_reason": "tool_use" if calls else "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": 100, "output_tokens": 20, "cache_creation_input_tokens": 0,
                      "cache_read_input_tokens": 0}}


def anthropic_stream(message: dict[str, Any]) -> bytes:
    start = {**message, "content": [], "stop_reason": None,
             "usage": {**message["usage"], "output_tokens": 1}}
    events: list[tuple[str, dict[str, Any]]] = [("message_start", {"type": "message_start", "message": start})]
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            events += [
                ("content_block_start", {"type": "content_block_start", "index": index,
                                         "content_block": {"type": "text", "text": ""}}),
                ("content_block_delta", {"type": "content_block_delta", "index": index,
                                         "delta": {"type": "text_delta", "text": block["text"]}}),
            ]
        else:
            arguments = json.dumps(block["input"])
            half = len(arguments) // 2  # two deltas, as a model streams them
            events.append(("content_block_start", {"type": "content_block_start", "index": index, "content_block": {
                "type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}}))
            for part in (arguments[:half], arguments[half:]):
                events.append(("content_block_delta", {"type": "content_block_delta", "index": index,
                                                       "delta": {"type": "input_json_delta", "partial_json": part}}))
        events.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
    events += [
        ("message_delta", {"type": "message_delta",
                           "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                           "usage": {"output_tokens": message["usage"]["output_tokens"]}}),
        ("message_stop", {"type": "message_stop"}),
    ]
    return _sse(events)


def responses_items(calls: list[ToolCall], text: str | None, ids: Iterable[int]) -> list[dict[str, Any]]:
    numbers = iter(ids)
    items: list[dict[str, Any]] = []
    if text:
        items.append({"type": "message", "id": f"msg_{next(numbers):04d}", "role": "assistant", "status": "completed",
                      "content": [{"type": "output_text", "text": text, "annotations": []}]})
    for call in calls:
        if call.sent_name == "tool_search" and call.namespace == "":
            # Codex's own client-side tool search (offered as a `tool_search` tool).
            items.append({"type": "tool_search_call", "id": f"ts_{next(numbers):04d}", "call_id": call.id,
                          "execution": "client", "status": "completed", "arguments": call.arguments})
            continue
        item = {"type": "function_call", "id": f"fc_{next(numbers):04d}", "call_id": call.id,
                "name": call.sent_name, "arguments": json.dumps(call.arguments), "status": "completed"}
        if call.namespace:
            item["namespace"] = call.namespace
        items.append(item)
    return items


def responses_stream(response_id: str, model: str, items: list[dict[str, Any]]) -> bytes:
    usage = {"input_tokens": 100, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 20,
             "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 120}
    base = {"id": response_id, "object": "response", "model": model, "status": "in_progress", "output": []}
    events: list[tuple[str, dict[str, Any]]] = [("response.created", {"type": "response.created", "response": base})]
    for index, item in enumerate(items):
        if item["type"] == "message":
            added = {**item, "status": "in_progress", "content": []}
            events.append(("response.output_item.added", {"type": "response.output_item.added",
                                                          "output_index": index, "item": added}))
            text = item["content"][0]["text"]
            events.append(("response.output_text.delta", {"type": "response.output_text.delta", "item_id": item["id"],
                                                          "output_index": index, "content_index": 0, "delta": text}))
        else:
            added = {**item, "arguments": "", "status": "in_progress"}
            events.append(("response.output_item.added", {"type": "response.output_item.added",
                                                          "output_index": index, "item": added}))
            events.append(("response.function_call_arguments.delta", {
                "type": "response.function_call_arguments.delta", "item_id": item["id"], "output_index": index,
                "delta": item["arguments"]}))
            events.append(("response.function_call_arguments.done", {
                "type": "response.function_call_arguments.done", "item_id": item["id"], "output_index": index,
                "arguments": item["arguments"]}))
        events.append(("response.output_item.done", {"type": "response.output_item.done", "output_index": index,
                                                     "item": item}))
    done = {**base, "status": "completed", "output": items, "usage": usage}
    events.append(("response.completed", {"type": "response.completed", "response": done}))
    return _sse(events)


class _Handler(BaseHTTPRequestHandler):
    owner: ScriptedModel
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def _body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        encoding = (self.headers.get("Content-Encoding") or "").lower()
        if encoding == "gzip":
            raw = gzip.decompress(raw)
        elif encoding == "deflate":
            raw = zlib.decompress(raw)
        elif encoding:
            self.owner.errors.append(f"{self.path}: request body in {encoding!r}, not read")
            return None
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return raw.decode(errors="replace")

    def _send(self, status: int, payload: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        if content_type == "text/event-stream":
            self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        self.wfile.write(payload)
        self.wfile.flush()

    def _json(self, status: int, data: Any) -> None:
        self._send(status, json.dumps(data).encode(), "application/json")

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        self.owner.requests.append(Request(self._api(path), "GET", path, dict(self.headers), None))
        if path.endswith("/models"):
            self._json(200, {"object": "list", "data": [], "models": []})
        else:
            self._json(404, {"error": {"type": "not_found", "message": f"no {path} here"}})

    def do_HEAD(self) -> None:
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _api(self, path: str) -> str:
        return OPENAI if path.endswith("/responses") or "/chat/" in path else ANTHROPIC

    def do_POST(self) -> None:
        path = self.path.split("?", 1)[0]
        body = self._body()
        api = self._api(path)
        request = Request(api, "POST", path, dict(self.headers), body)
        self.owner.requests.append(request)
        if path.endswith("/count_tokens"):
            self._json(200, {"input_tokens": 100})
            return
        if not isinstance(body, dict) or not (path.endswith("/messages") or path.endswith("/responses")):
            self._json(404, {"type": "error", "error": {"type": "not_found_error", "message": f"no {path} here"}})
            return
        model = str(body.get("model") or "scripted")
        scripted = self.owner.main_loop(api, path, body)
        request.scripted = scripted
        if scripted:
            calls, text, index = self.owner._next_answer(api, body)
            request.step, request.calls = index, calls
        else:
            calls, text = [], self.owner.side_text
        number = next(self.owner._ids)
        if api == ANTHROPIC:
            message = anthropic_message(model, f"msg_{number:04d}", calls, text)
            if body.get("stream"):
                self._send(200, anthropic_stream(message), "text/event-stream")
            else:
                self._json(200, message)
        else:
            items = responses_items(calls, text, (next(self.owner._ids) for _ in itertools.count()))
            self._send(200, responses_stream(f"resp_{number:04d}", model, items), "text/event-stream")


__all__ = ["ScriptedModel", "ToolCall", "Say", "ToolResult", "Request", "ANTHROPIC", "OPENAI",
           "default_main_loop", "anthropic_system_text"]
