// The workflow of scripts/bench-workflow through the official MCP TypeScript SDK (the
// `ours stdio TS` and `ours http TS` ways): the bench hands it one JSON argument and
// reads one JSON line back. It runs from the SDK's install folder (tests/mcp-node.sh),
// where the bench copies it, so that the SDK resolves.
//
//   node bench_workflow.mjs '{"transport": "stdio", "command": ..., "args": [...], "env": {...},
//                             "line": 5, "steps": 5, "expressions": [...]}'
//   node bench_workflow.mjs '{"transport": "http", "url": ..., "authorization": ..., ...}'
//
// Prints {"took": {phase: seconds, ...}, "answers": {...}}. The SDK compiles every tool's
// output-schema checker when the tools are listed; that is timed apart ("list tools"),
// as it is paid once per connection, not per call.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const run = JSON.parse(process.argv[2]);
const transport = run.transport === "stdio"
  ? new StdioClientTransport({ command: run.command, args: run.args, env: run.env, stderr: "ignore" })
  : new StreamableHTTPClientTransport(new URL(run.url), {
      requestInit: { headers: { Authorization: run.authorization } },
    });
const client = new Client({ name: "bench-workflow", version: "0" });
const now = () => performance.now() / 1000;

async function call(name, args = {}) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) {
    throw new Error(`${name} failed: ${JSON.stringify(result.content).slice(0, 500)}`);
  }
  return result.structuredContent ?? {};
}

const took = {};
const seconds = {};
let mark = now();
const phase = (name) => {
  const t = now();
  took[name] = t - mark;
  mark = t;
};
async function timed(name, promise) {
  const t = now();
  const answer = await promise;
  (seconds[name] ??= []).push(now() - t);
  return answer;
}

await client.connect(transport);
mark = now();
await client.listTools();
phase("list tools");

const answers = {};
await call("set_breakpoint", { file_path: "program.py", line: run.line });
const started = await call("start_debug_session", { configuration_name: "bench" });
if (started.status !== "paused") {
  throw new Error(`the program did not stop at the breakpoint: ${JSON.stringify(started)}`);
}
phase("start");
const locals = (await call("get_variables")).variables;
answers.locals = Object.fromEntries(locals.map((v) => [v.name, v.value]));
phase("locals");
answers["lines after the steps"] = [];
for (let step = 0; step < run.steps; step++) {
  answers["lines after the steps"].push((await timed("step_over", call("step_over"))).new_location.line);
}
phase("steps");
answers.values = [];
for (const expression of run.expressions) {
  answers.values.push((await timed("evaluate", call("evaluate", { expression }))).result.value);
}
phase("evaluates");
answers.stack = (await call("get_stack_trace")).frames.map((f) => [f.method, f.line]);
phase("stack");
await call("stop_debug_session");
phase("stop");
for (const [name, [first, second]] of Object.entries(seconds)) {
  took[`first - second call ${name}`] = first - second;
}
await client.close();
console.log(JSON.stringify({ took, answers }));
