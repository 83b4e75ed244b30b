// The MCP TypeScript SDK against the real binary (tests/e2e/clients/test_typescript_sdk.py runs it):
// a waiting start_debug_session with an onprogress handler, cancelled through an
// AbortSignal once two progress notifications came (the SDK sends notifications/cancelled),
// then the session list, and an unknown tool. Prints one JSON line per event.
//
//   node progress_cancel.mjs stdio BINARY PROJECT PYTHON
//   node progress_cancel.mjs http URL   (the Authorization header in $JBD_TEST_AUTHORIZATION)
import { existsSync, readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [transportName, target, project, python] = process.argv.slice(2);
const say = (event) => console.log(JSON.stringify(event));
const transport = transportName === "stdio"
  ? new StdioClientTransport({
      command: target,
      args: ["stdio", "--project", project, "--brave", "--python", python],
      env: { ...process.env },
      stderr: "inherit",
    })
  : new StreamableHTTPClientTransport(new URL(target), {
      requestInit: { headers: { Authorization: process.env.JBD_TEST_AUTHORIZATION ?? "" } },
    });
const client = new Client({ name: "ts-sdk-e2e", version: "0" });
await client.connect(transport);
say({ event: "connected", protocol: client.getServerCapabilities() ? transport.protocolVersion ?? "negotiated" : null });

const abort = new AbortController();
let reports = 0;
const call = client.callTool(
  { name: "start_debug_session", arguments: { configuration_name: "Ticking", timeout: 60 } },
  undefined,
  {
    signal: abort.signal,
    timeout: 90_000,
    onprogress: (progress) => {
      say({ event: "progress", progress: progress.progress, message: progress.message, at: Date.now() / 1000 });
      if (++reports === 2) {
        say({ event: "cancelling", at: Date.now() / 1000 });
        abort.abort("the test cancels");
      }
    },
  },
);
try {
  const result = await call;
  say({ event: "answered", result });
} catch (error) {
  say({ event: "call_ended", error: String(error) });
}

const listed = await client.callTool({ name: "list_debug_sessions", arguments: {} });
say({ event: "sessions", sessions: listed.structuredContent.sessions });
try {
  await client.callTool({ name: "no_such_tool", arguments: {} });
  say({ event: "unknown_tool", error: null });
} catch (error) {
  say({ event: "unknown_tool", code: error.code, message: error.message });
}
// The server exports its history a moment after each call; a stdio server ends with the
// client, so wait for the cancelled start to be there before closing.
const history = `${process.env.JETBRAINS_DEBUGGER_STATE_DIR}/history.json`;
for (let waited = 0; waited < 10_000; waited += 50) {
  const entries = existsSync(history) ? JSON.parse(readFileSync(history, "utf8")) : [];
  if (entries.some((e) => e.tool === "start_debug_session" && e.status !== "PENDING")) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
await client.callTool({ name: "stop_debug_session", arguments: {} });
await client.close();
say({ event: "closed" });
