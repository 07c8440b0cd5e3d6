import assert from "node:assert/strict";
import { cpSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { claudeSession, type SessionRecord, toolResultText } from "../support/claude-loopback.js";
import { buildAndInstall, requireClient } from "../support/clients-cli.js";
import { guardOnlyRegistry } from "../support/guard-process.js";
import { testdir } from "../support/testdir.js";

/**
 * The shipped Claude Code wiring of the guard against the pinned CLI itself: which tools the CLI has,
 * whether the matcher agentc writes covers every one, and what a real session does with the hook.
 */
const cliPackage = join(packageRoot, "node_modules", "@anthropic-ai", "claude-code");
const cliVersion = (JSON.parse(readFileSync(join(cliPackage, "package.json"), "utf8")) as { version: string })
  .version;
const pack = JSON.parse(readFileSync(join(packageRoot, "clients", "claude-code.json"), "utf8")) as {
  hooks: { hook_tools: Record<string, string[]>; hook_fail_closed_since: string };
};

/**
 * Tools that read files or run commands in 2.1.197 and 2.1.332 alike: the enumeration must find each,
 * or it is broken. Others come and go between versions (REPL runs JavaScript in 2.1.197 and is gone in
 * 2.1.332); the matcher must cover whatever the enumeration finds.
 */
const readersAndRunners = [
  "Bash",
  "PowerShell",
  "Monitor",
  "Read",
  "Edit",
  "Write",
  "NotebookEdit",
  "Glob",
  "Grep",
];

/** sdk-tools.d.ts names a tool's input `<Tool>Input`; these tools go by another name. */
const inputTypeNames: Record<string, string> = {
  FileRead: "Read",
  FileEdit: "Edit",
  FileWrite: "Write",
  ListMcpResources: "ListMcpResourcesTool",
  ReadMcpResource: "ReadMcpResourceTool",
  ReadMcpResourceDir: "ReadMcpResourceDirTool",
  Mcp: "mcp__server__tool",
};

/** Every tool of the CLI's input-schema union (sdk-tools.d.ts), by its tool name. */
function schemaToolNames(): string[] {
  const text = readFileSync(join(cliPackage, "sdk-tools.d.ts"), "utf8");
  const union = /export type ToolInputSchemas =([^;]+);/.exec(text)?.[1] ?? "";
  return [...union.matchAll(/\|\s*(\w+)Input\b/g)].map(([, type = ""]) => inputTypeNames[type] ?? type);
}

let binaryConstants: Set<string> | undefined;

/**
 * Every string constant the CLI binary assigns (`="Monitor"` gives Monitor), found in one pass: the binary
 * is 400 MB, and a search of it for each name took most of this file's time.
 */
function constantsInBinary(): Set<string> {
  if (binaryConstants) return binaryConstants;
  const binary = readFileSync(realpathSync(join(packageRoot, "node_modules", ".bin", "claude")));
  const found = new Set<string>();
  for (let at = binary.indexOf('="'); at !== -1; at = binary.indexOf('="', at + 2)) {
    const end = binary.indexOf('"', at + 2);
    if (end !== -1 && end - at <= 66) found.add(binary.toString("latin1", at + 2, end));
  }
  binaryConstants = found;
  return found;
}

/** The names the CLI binary itself defines as string constants (`="Monitor"`). */
function definedInBinary(names: string[]): string[] {
  return names.filter((name) => name.startsWith("mcp__") || constantsInBinary().has(name));
}

/** Claude Code's matcher rule: "*", "" or none is every tool; only names and | is a list; else a regex. */
function matcherCovers(matcher: string | undefined, tool: string): boolean {
  if (matcher === undefined || matcher === "" || matcher === "*") return true;
  if (/^[\w |,-]+$/.test(matcher)) return matcher.split(/[|,]/).some((name) => name.trim() === tool);
  return new RegExp(matcher).test(tool);
}

const installed = buildAndInstall(guardOnlyRegistry(), ["claude-code"]);

async function projectWithSecret(): Promise<string> {
  const { project } = await installed;
  const copy = join(testdir({}, "agentc-claude-project-"), "project");
  cpSync(project, copy, { recursive: true });
  writeFileSync(join(copy, ".env"), "API_KEY=canary-7f3a\n");
  writeFileSync(join(copy, "README.md"), "readme-canary-2b9e\n");
  return copy;
}

async function shippedMatcher(): Promise<string | undefined> {
  const { project } = await installed;
  const settings = JSON.parse(readFileSync(join(project, ".claude", "settings.json"), "utf8")) as {
    hooks: { PreToolUse: { matcher?: string; hooks: { command: string }[] }[] };
  };
  const guard = settings.hooks.PreToolUse.find((entry) =>
    entry.hooks.some((hook) => hook.command.includes("agentc-guard.mjs")),
  );
  assert.ok(guard, "the installed settings wire the guard under PreToolUse");
  return guard.matcher;
}

const cat = (file: string) => ({ name: "Bash", input: { command: `cat ${file}`, description: "show" } });
const allowCat = ["--allowedTools", "Bash(cat:*)"];

/** The session that runs `cat README.md`, which two tests read: started once. */
let readmeSession: Promise<SessionRecord> | undefined;
function catReadme(program: string[]): Promise<SessionRecord> {
  readmeSession ??= projectWithSecret().then((project) =>
    claudeSession([...program, ...allowCat], project, cat("README.md")),
  );
  return readmeSession;
}
const blockedByHook = (record: SessionRecord) => /PreToolUse:Bash hook error/.test(toolResultText(record));

describe(`the guard in Claude Code ${cliVersion} (the pinned CLI)`, () => {
  it("covers every tool the CLI has, including those that read files or run commands", async (t) => {
    const program = requireClient(t, "claude");
    if (!program) return;
    const session = await catReadme(program);
    const fromPackage = definedInBinary(schemaToolNames());
    const fromPack = Object.values(pack.hooks.hook_tools)
      .flat()
      .filter((name) => /^\w+$/.test(name));
    const tools = [...new Set([...session.tools, ...fromPackage, ...definedInBinary(fromPack)])].sort();
    assert.ok(session.tools.length > 10, `the session lists its tools: ${session.tools.join(", ")}`);
    for (const name of readersAndRunners)
      assert.ok(tools.includes(name), `the CLI's tools include ${name}: ${tools.join(", ")}`);
    const matcher = await shippedMatcher();
    const missed = tools.filter((tool) => !matcherCovers(matcher, tool));
    assert.deepEqual(missed, [], `the shipped matcher ${matcher} leaves out tools of the CLI`);
  });

  it("blocks cat .env in a real session, and lets cat README.md run", async (t) => {
    const program = requireClient(t, "claude");
    if (!program) return;
    const project = await projectWithSecret();
    const secret = await claudeSession([...program, ...allowCat], project, cat(".env"));
    assert.match(
      toolResultText(secret),
      /agentc-guard blocked this call: shell command: `cat` touches \.env/,
    );
    assert.doesNotMatch(toolResultText(secret), /canary-7f3a/);
    const readme = await catReadme(program);
    assert.match(toolResultText(readme), /readme-canary-2b9e/, "the harness sees a command that ran");
  });

  it(`blocks when the guard cannot run, from ${pack.hooks.hook_fail_closed_since} on (onFailure: block)`, async (t) => {
    const program = requireClient(t, "claude");
    if (!program) return;
    const project = await projectWithSecret();
    rmSync(join(project, ".claude", "hooks", "agentc-guard.mjs"));
    const record = await claudeSession([...program, ...allowCat], project, cat(".env"));
    const keepsOnFailure = compareVersions(cliVersion, pack.hooks.hook_fail_closed_since) >= 0;
    if (keepsOnFailure) {
      assert.ok(blockedByHook(record), `a missing guard blocks: ${toolResultText(record)}`);
      assert.match(toolResultText(record), /onFailure/);
    } else {
      assert.match(
        toolResultText(record),
        /canary-7f3a/,
        "before onFailure, a missing guard lets it through",
      );
    }
  });
});

function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(".").map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
