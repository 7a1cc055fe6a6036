// Spawns `weft mcp` with the official MCP TypeScript SDK's stdio client, lists its tools and calls each of the
// calls given (a JSON file of {name, arguments}), then prints one JSON line: the server's info, the tools listed and
// each call's isError and text. Run by McpSdkClientTest; argv: CALLS_FILE COMMAND ARGS...
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [callsFile, command, ...args] = process.argv.slice(2);
const calls = JSON.parse(readFileSync(callsFile, "utf8"));
const transport = new StdioClientTransport({
  command,
  args,
  env: { ...process.env, WEFT_MCP_NO_BACKGROUND_INDEX: "1" },
  stderr: "inherit",
});
const client = new Client({ name: "weft-sdk-test", version: "1.0.0" });
await client.connect(transport);
const { tools } = await client.listTools();
const results = [];
for (const call of calls) {
  const result = await client.callTool({ name: call.name, arguments: call.arguments });
  results.push({ name: call.name, isError: result.isError === true, text: result.content?.[0]?.text ?? "" });
}
await client.ping();
const server = client.getServerVersion();
await client.close();
console.log(JSON.stringify({ server, tools: tools.map((t) => t.name), results }));
