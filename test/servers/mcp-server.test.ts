import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { binPath, runAgentc } from "../support/run-cli.js";
import { testdir, writeFiles } from "../support/testdir.js";

const teamRegistry = join(packageRoot, "examples", "team");

/** The SDK's own client, over stdio, to a spawned `node bin/agentc.js mcp` started in `cwd`. */
async function connect(cwd: string): Promise<Client> {
  const client = new Client({ name: "agentc-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [binPath, "mcp"], cwd, stderr: "pipe" }),
  );
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

describe("agentc mcp, driven by the MCP SDK's client over stdio", () => {
  let client: Client;
  let project: string;
  before(async () => {
    project = testdir({
      "AGENTS.md": "# Project\n\nRun the tests before each commit.\n",
      "CLAUDE.md": "# Project\n\nRun the tests before each commit.\n",
      ".claude/skills/review/SKILL.md":
        "---\nname: review\ndescription: x\nmetadata:\n  tags: [review\n---\n\nReview.\n",
    });
    client = await connect(project);
  });
  after(async () => {
    await client.close();
  });

  it("lists its five tools, each with a JSON input and output schema", async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      ["lint", "loads", "matrix", "check", "build"],
    );
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, "object", tool.name);
      assert.equal(tool.inputSchema.additionalProperties, false, tool.name);
      assert.equal(tool.outputSchema?.type, "object", tool.name);
    }
    assert.deepEqual(
      tools.filter((tool) => tool.annotations?.readOnlyHint === false).map((tool) => tool.name),
      ["build"],
    );
  });

  it("lint: a project's own files, by default the folder the server runs in, as agentc lint finds them", async () => {
    const result = await call(client, "lint", {});
    assert.notEqual(result.isError, true, text(result));
    const lint = await runAgentc(["lint", project, "--format", "json"]);
    const expected = JSON.parse(lint.stdout) as { diagnostics: unknown[] };
    const structured = result.structuredContent as {
      ok: boolean;
      diagnostics: { id: string }[];
      filesRead: number;
    };
    assert.deepEqual(structured.diagnostics, expected.diagnostics);
    assert.ok(structured.diagnostics.some((d) => d.id === "AGC127"));
    assert.equal(structured.ok, false);
    assert.ok(structured.filesRead >= 3);
  });

  it("loads: what each assistant loads, the same JSON as agentc loads --format json", async () => {
    const result = await call(client, "loads", { project, clients: ["claude-code", "codex"] });
    const cli = await runAgentc(["loads", project, "--clients", "claude-code,codex", "--format", "json"]);
    assert.deepEqual(result.structuredContent, JSON.parse(cli.stdout));
    assert.deepEqual(JSON.parse(text(result)), JSON.parse(cli.stdout));
  });

  it("check and matrix on a registry agree with agentc check and agentc matrix", async () => {
    const checked = await call(client, "check", { registry: teamRegistry });
    const cli = JSON.parse((await runAgentc(["check", teamRegistry, "--format", "json"])).stdout) as {
      diagnostics: unknown[];
      ok: boolean;
    };
    assert.deepEqual((checked.structuredContent as { diagnostics: unknown[] }).diagnostics, cli.diagnostics);
    assert.equal((checked.structuredContent as { ok: boolean }).ok, cli.ok);

    const matrix = await call(client, "matrix", { registry: teamRegistry, clients: ["cursor"] });
    const cliMatrix = await runAgentc(["matrix", teamRegistry, "--clients", "cursor", "--format", "json"]);
    assert.deepEqual(matrix.structuredContent, JSON.parse(cliMatrix.stdout));
  });

  it("build writes the registry's build folder, the same files agentc build writes, and nothing else", async () => {
    const registry = testdir({}, "agentc-mcp-build-");
    assert.equal((await runAgentc(["init", registry, "--assistants", "claude-code", "--quiet"])).status, 0);
    const before = readdirSync(registry).sort();
    const result = await call(client, "build", { registry });
    assert.notEqual(result.isError, true, text(result));
    const built = result.structuredContent as { ok: boolean; out: string; written: string[] };
    assert.equal(built.ok, true);
    assert.equal(built.out, join(registry, "build"));
    assert.deepEqual(readdirSync(registry).sort(), [...before, "build"].sort());
    assert.ok(existsSync(join(registry, "build", "manifest.json")));

    const cliOut = testdir({}, "agentc-cli-build-");
    assert.equal((await runAgentc(["build", registry, "--out", join(cliOut, "build"), "--quiet"])).status, 0);
    assert.deepEqual(listTree(join(registry, "build")), listTree(join(cliOut, "build")));

    const again = (await call(client, "build", { registry })).structuredContent as {
      written: string[];
      unchanged: number;
    };
    assert.deepEqual(again.written, []);
    assert.equal(again.unchanged, built.written.length);
  });

  it("answers bad input with a tool error that says what to fix, and keeps serving", async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["check", { registry: join(project, "missing") }, /^check: \/.*\/missing is not a folder/],
      [
        "build",
        { registry: project },
        /^build: .* is not an agentc registry \(it has no sources\.json or targets\.json\); for a project's own assistant files use the lint or loads tool/,
      ],
      [
        "matrix",
        { registry: teamRegistry, clients: ["claude-cod"] },
        /unknown client "claude-cod" \(did you mean "claude-code"\?\)/,
      ],
      [
        "lint",
        { folder: "." },
        /^lint: bad arguments: unknown argument "folder" \(it takes: project, clients\)/,
      ],
      ["loads", { project: 42 }, /^loads: bad arguments: project must be string/],
      ["nope", {}, /^no tool "nope"; the tools: lint, loads, matrix, check, build/],
    ];
    for (const [name, args, message] of cases) {
      const result = await call(client, name, args);
      assert.equal(result.isError, true, name);
      assert.match(text(result), message);
    }
    assert.ok(!existsSync(join(project, "build")), "nothing built into a project");
    const { tools } = await client.listTools();
    assert.equal(tools.length, 5);
  });

  it("matrix of a registry with errors is a tool error naming them", async () => {
    const registry = testdir({}, "agentc-mcp-broken-");
    assert.equal((await runAgentc(["init", registry, "--assistants", "claude-code", "--quiet"])).status, 0);
    writeFiles(registry, { "core/skills/review/SKILL.md": "---\nname: review\n---\n\nReview.\n" });
    const result = await call(client, "matrix", { registry });
    assert.equal(result.isError, true);
    assert.match(
      text(result),
      /has 1 error\(s\), so it has no matrix[\s\S]*core\/skills\/review\/SKILL\.md:2:1: error AGC061/,
    );
  });
});

/** Every file under a folder, relative, sorted, with its bytes. */
function listTree(dir: string): [string, string][] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path): [string, string] => [path.slice(dir.length + 1), readFileSync(path, "base64")])
    .sort(([a], [b]) => (a < b ? -1 : 1));
}
