import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { type ParseError, parse as parseJsonc } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { composeJson, composeToml } from "../../src/compose/index.js";
import type { ComposedFile } from "../../src/emit/emitted-tree.js";
import type { CapabilityRow } from "../../src/packs/shared/capability.js";
import {
  claudePackJson,
  coreExampleFiles,
  settingsOf,
  settingsRegistry,
} from "../support/settings-fixture.js";

/** A composed file's entries as "path → value" lines, elements marked with []. */
function lines(file: ComposedFile | undefined): string[] {
  assert.ok(file, "no composed file");
  return file.entries.map((e) => `${e.path.join(".")}${e.element ? "[]" : ""} = ${JSON.stringify(e.value)}`);
}

function fileAt(composed: ComposedFile[], path: string): ComposedFile | undefined {
  return composed.find((f) => f.path === path);
}

function cannotRows(rows: CapabilityRow[]): string[] {
  return rows.filter((r) => r.enforcement === "cannot").map((r) => `${r.kind}: ${r.promise}`);
}

function parseJsonText(text: string): unknown {
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: true });
  assert.deepEqual(errors, [], `not JSON(C):\n${text}`);
  return value;
}

/** The core fixture's before_tool hook names its verbs; the guard itself runs for every tool ("*"). */
const coreHookMatcher = "Read|Grep|Glob|Edit|Write|NotebookEdit|Bash|PowerShell|mcp__.*";
const fromRoot = 'cd \\"$CLAUDE_PROJECT_DIR\\" && ';

describe("claude-code settings from the core example", () => {
  it("writes each permission rule once per tool, in the client's lists, path rules only for Read and Edit", async () => {
    const out = settingsOf(await settingsRegistry(["claude-code"]), "claude-code");
    const settings = lines(fileAt(out.composed, ".claude/settings.json")).filter((l) =>
      l.startsWith("permissions"),
    );
    assert.deepEqual(settings, [
      'permissions.deny[] = "Read(./.env)"',
      'permissions.deny[] = "Read(./.env.*)"',
      'permissions.deny[] = "Read(./secrets/**)"',
      'permissions.deny[] = "Edit(./.env)"',
      'permissions.deny[] = "Edit(./.env.*)"',
      'permissions.deny[] = "Edit(./secrets/**)"',
      'permissions.deny[] = "Edit(./.github/workflows/**)"',
      'permissions.deny[] = "Bash(git push --force:*)"',
      'permissions.deny[] = "PowerShell(git push --force:*)"',
      'permissions.deny[] = "Bash(git reset --hard:*)"',
      'permissions.deny[] = "PowerShell(git reset --hard:*)"',
      'permissions.deny[] = "Bash(rm -rf:*)"',
      'permissions.deny[] = "PowerShell(rm -rf:*)"',
      'permissions.ask[] = "Bash(git push:*)"',
      'permissions.ask[] = "PowerShell(git push:*)"',
      'permissions.ask[] = "mcp__issues__create_issue"',
      'permissions.allow[] = "Read"',
      'permissions.allow[] = "Grep"',
      'permissions.allow[] = "Glob"',
      'permissions.allow[] = "Bash(npm test:*)"',
      'permissions.allow[] = "PowerShell(npm test:*)"',
      'permissions.allow[] = "Bash(npm run lint:*)"',
      'permissions.allow[] = "PowerShell(npm run lint:*)"',
      'permissions.allow[] = "Bash(git diff:*)"',
      'permissions.allow[] = "PowerShell(git diff:*)"',
      'permissions.allow[] = "Bash(git log:*)"',
      'permissions.allow[] = "PowerShell(git log:*)"',
      'permissions.allow[] = "WebFetch(domain:docs.example.com)"',
      'permissions.allow[] = "WebFetch(domain:*.nodejs.org)"',
      'permissions.allow[] = "mcp__issues__get_issue"',
      'permissions.allow[] = "mcp__docs"',
      'permissions.allow[] = "Skill(code-review)"',
      'permissions.allow[] = "Skill(explain-code)"',
    ]);
  });

  it("writes the guard first, then each core hook under its event, with matchers and the project root", async () => {
    const out = settingsOf(await settingsRegistry(["claude-code"]), "claude-code");
    const hooks = lines(fileAt(out.composed, ".claude/settings.json")).filter((l) => l.startsWith("hooks"));
    const command = (text: string, timeout?: number, failClosed = false) =>
      `{"type":"command","command":"${text}"${timeout === undefined ? "" : `,"timeout":${timeout}`}${failClosed ? ',"onFailure":"block"' : ""}}`;
    assert.deepEqual(hooks, [
      `hooks.PreToolUse[] = {"matcher":"*","hooks":[${command('node \\"$CLAUDE_PROJECT_DIR/.claude/hooks/agentc-guard.mjs\\" --fail-closed --ask --path-fields file_path,notebook_path,path --mcp-prefixes mcp__', 10, true)}]}`,
      `hooks.PreToolUse[] = {"matcher":"${coreHookMatcher}","hooks":[${command(`${fromRoot}node .agentc/guard.mjs`, 10, true)}]}`,
      `hooks.UserPromptSubmit[] = {"hooks":[${command(`${fromRoot}node .agentc/guard.mjs --prompt`, undefined, true)}]}`,
      `hooks.PostToolUse[] = {"matcher":"Edit|Write|NotebookEdit","hooks":[${command(`${fromRoot}npx biome format --write`)}]}`,
      `hooks.SessionStart[] = {"hooks":[${command(`${fromRoot}git status --short`)}]}`,
      `hooks.Stop[] = {"hooks":[${command(`${fromRoot}npm test`, 300)}]}`,
    ]);
  });

  it(`writes each MCP server whole under mcpServers, keeping \${VAR} and \${VAR:-default}`, async () => {
    const out = settingsOf(await settingsRegistry(["claude-code"]), "claude-code");
    assert.deepEqual(lines(fileAt(out.composed, ".mcp.json")), [
      `mcpServers.docs = {"type":"http","url":"https://docs.example.com/mcp","headers":{"Authorization":"Bearer \${DOCS_TOKEN}"}}`,
      'mcpServers.events = {"type":"sse","url":"https://events.example.com/sse"}',
      `mcpServers.issues = {"type":"stdio","command":"npx","args":["-y","@example/issues-mcp","--project","\${ISSUES_PROJECT:-web}"],"env":{"ISSUES_TOKEN":"\${ISSUES_TOKEN}"}}`,
    ]);
  });

  it("ships the guard program as an owned executable file of the component", async () => {
    const out = settingsOf(await settingsRegistry(["claude-code"]), "claude-code");
    assert.equal(out.files.length, 1);
    const [guard] = out.files;
    assert.equal(guard?.path, ".claude/hooks/agentc-guard.mjs");
    assert.equal(guard?.executable, true);
    assert.equal(guard?.role, "asset");
    assert.equal(guard?.component, "claude-code");
    assert.deepEqual(guard?.client, {
      client: "claude-code",
      kind: "guard",
      name: "agentc-guard",
      alwaysLoaded: false,
    });
    assert.ok(guard?.bytes.equals(readFileSync(join(process.cwd(), "assets", "hooks", "agentc-guard.mjs"))));
  });

  it("says every loss as a cannot row at the promise's source", async () => {
    const out = settingsOf(await settingsRegistry(["claude-code"]), "claude-code");
    assert.deepEqual(cannotRows(out.capabilities), [
      "permission: allow Fetch(docs.example.com) through WebSearch",
      "permission: allow Fetch(*.nodejs.org) through WebSearch",
      'hook: before_tool hook "node .agentc/guard.mjs" on read, grep, glob, edit, exec, mcp described as "Blocks secret paths and secret content."',
      'mcp: MCP server "docs" (http) timeout: 20',
      'mcp: MCP server "issues" (stdio) tools: get_issue, create_issue',
      'mcp: MCP server "issues" (stdio) description: The issue tracker.',
    ]);
    const tools = out.capabilities.find((r) => r.promise.includes("tools: get_issue"));
    assert.deepEqual(tools?.source, { file: "core/mcp.json", line: 5, column: 5 });
    const guard = out.capabilities.filter((r) => r.kind === "guard");
    assert.deepEqual(
      guard.map((r) => r.enforcement),
      ["partial"],
      "the guard blocks what it can see; docs/guard.md lists what it cannot",
    );
    assert.match(guard[0]?.reason ?? "", /file names are computed when it runs is put to the person \(ask\)/);
    assert.match(guard[0]?.reason ?? "", /from Claude Code 2\.1\.295 on; older versions let it through/);
    const failClosed = out.capabilities.filter((r) => r.promise.endsWith("fails closed"));
    assert.deepEqual(
      failClosed.map((r) => r.enforcement),
      ["partial", "partial"],
      "onFailure: block holds from 2.1.295 on only",
    );
    const permissionRows = out.capabilities.filter(
      (r) => r.kind === "permission" && r.enforcement === "enforced",
    );
    assert.equal(permissionRows.length, 25, "one enforced row per rule pattern");
  });

  it("reports a path rule for a tool the client never consults, and a coarse MCP allow it ignores", async () => {
    const registry = await settingsRegistry(["claude-code"], {
      "core/permissions.json": `${JSON.stringify({
        version: 1,
        deny: [{ verb: "grep", paths: ["secrets/**"] }],
        allow: [{ verb: "mcp" }],
      })}\n`,
    });
    const out = settingsOf(registry, "claude-code");
    assert.deepEqual(
      lines(fileAt(out.composed, ".claude/settings.json")).filter((l) => l.startsWith("permissions")),
      [],
      "no rule, and no policy the registry did not turn on",
    );
    const rows = out.capabilities.filter((r) => r.kind === "permission");
    assert.deepEqual(
      rows.map((r) => [r.enforcement, r.promise, r.reason]),
      [
        [
          "cannot",
          "deny Grep(secrets/**) through Grep",
          "the client accepts Grep(secrets/**) but never consults it",
        ],
        ["cannot", "allow mcp through mcp__*", 'the client ignores mcp__* in its "allow" list'],
      ],
    );
  });

  it("leaves the guard out when targets.json sets secret_guard to false", async () => {
    const out = settingsOf(
      await settingsRegistry(["claude-code"], {}, { secret_guard: false }),
      "claude-code",
    );
    assert.deepEqual(out.files, []);
    assert.equal(out.capabilities.filter((r) => r.kind === "guard").length, 0);
    const guardEntry = lines(fileAt(out.composed, ".claude/settings.json")).filter((l) =>
      l.includes("agentc-guard"),
    );
    assert.deepEqual(guardEntry, []);
  });

  it("is deterministic", async () => {
    const registry = await settingsRegistry(["claude-code"]);
    assert.equal(
      JSON.stringify(settingsOf(registry, "claude-code")),
      JSON.stringify(settingsOf(await settingsRegistry(["claude-code"]), "claude-code")),
    );
  });
});

describe("claude-code settings composed into real files", () => {
  it("compose into a new settings file and a new .mcp.json that parse as JSON", async () => {
    const out = settingsOf(await settingsRegistry(["claude-code"]), "claude-code");
    const settings = composeJson(undefined, fileAt(out.composed, ".claude/settings.json")?.entries ?? [], []);
    assert.deepEqual(settings.conflicts, []);
    const parsed = JSON.parse(settings.text) as {
      permissions: Record<string, string[]>;
      hooks: Record<string, unknown[]>;
    };
    assert.equal(parsed.permissions.deny?.[0], "Read(./.env)");
    assert.deepEqual(Object.keys(parsed.hooks), [
      "PreToolUse",
      "UserPromptSubmit",
      "PostToolUse",
      "SessionStart",
      "Stop",
    ]);
    assert.equal(parsed.hooks.PreToolUse?.length, 2);
    const mcp = composeJson(undefined, fileAt(out.composed, ".mcp.json")?.entries ?? [], []);
    const servers = (JSON.parse(mcp.text) as { mcpServers: Record<string, unknown> }).mcpServers;
    assert.deepEqual(Object.keys(servers), ["docs", "events", "issues"]);
  });

  it("compose into a person's settings file with comments, keeping their keys and list elements", async () => {
    const out = settingsOf(await settingsRegistry(["claude-code"]), "claude-code");
    const mine = [
      "{",
      "  // the team's model",
      '  "model": "opus",',
      '  "permissions": {',
      '    "allow": ["Bash(make:*)", "Read"], // mine',
      '    "defaultMode": "acceptEdits"',
      "  },",
      '  "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "say done" }] }] }',
      "}",
      "",
    ].join("\n");
    const result = composeJson(mine, fileAt(out.composed, ".claude/settings.json")?.entries ?? [], []);
    assert.deepEqual(result.conflicts, []);
    assert.ok(result.text.includes("// the team's model"));
    assert.ok(result.text.includes("// mine"));
    const parsed = parseJsonText(result.text) as {
      model: string;
      permissions: { allow: string[]; defaultMode: string };
      hooks: { Stop: unknown[] };
    };
    assert.equal(parsed.model, "opus");
    assert.equal(parsed.permissions.defaultMode, "acceptEdits");
    assert.deepEqual(parsed.permissions.allow.slice(0, 2), ["Bash(make:*)", "Read"]);
    assert.equal(
      parsed.permissions.allow.filter((r) => r === "Read").length,
      1,
      "an element already there is not added twice",
    );
    assert.ok(parsed.permissions.allow.includes("Skill(code-review)"));
    assert.equal(parsed.hooks.Stop.length, 2);
    assert.deepEqual(parsed.hooks.Stop[0], { hooks: [{ type: "command", command: "say done" }] });
  });
});

/** A pack unlike Claude Code: per-verb hook events, no matchers, no "ask", exact commands, TOML MCP. */
function syntheticPack(): Record<string, unknown> {
  return {
    ...claudePackJson(),
    client: "synthetic",
    name: "Synthetic",
    runtime_placeholders: { ...(claudePackJson().runtime_placeholders as object), "<RUNTIME_DIR>": ".syn" },
    permissions: {
      file: "<RUNTIME_DIR>/settings.json",
      format: "json",
      key: ["permission"],
      levels: { deny: "deny", allow: "allow" },
      permission_tools: { read: ["Read"], edit: ["Write"], exec: ["Shell"], fetch: ["WebFetch"] },
      permission_path_tools: ["Read", "Write"],
      permission_name_tools: [],
      permission_tools_bare: ["WebFetch"],
      permission_path_prefix: "",
      permission_exec_match: "exact",
      permission_exec_suffix: "",
      permissions_extra: { mode: "careful" },
      settings_extra: { telemetry: { enabled: false } },
    },
    hooks: {
      file: "<RUNTIME_DIR>/hooks.json",
      format: "json",
      key: ["hooks"],
      events: { before_tool: "preToolUse", after_tool: "postToolUse", stop: "stop" },
      events_by_verb: { read: "beforeReadFile", exec: "beforeShellExecution", mcp: "beforeMCPExecution" },
      hook_tools: { read: ["Read"], grep: ["Grep"], edit: ["Write"], exec: ["Shell"], mcp: ["MCP"] },
      entry: { command: "{command}", timeout: "{timeout}", failClosed: "{fail_closed}" },
      timeout_unit: "milliseconds",
      file_extra: { version: 1 },
      hook_path_fields: ["file_path"],
      hook_mcp_prefixes: ["MCP:"],
      hook_can_block: true,
      hook_fail_closed: true,
    },
    mcp: {
      file: "<RUNTIME_DIR>/config.toml",
      format: "toml",
      key: ["mcp_servers"],
      stdio: {
        command: "{command}",
        args: "{args}",
        env_vars: "{env_vars}",
        env: "{env_set}",
        cwd: "{cwd}",
        startup_timeout_sec: "{timeout}",
        enabled_tools: "{tools}",
      },
      remote: {
        url: "{url}",
        bearer_token_env_var: "{bearer_env}",
        env_http_headers: "{header_env}",
        http_headers: "{headers_set}",
      },
      transports: ["stdio", "http"],
    },
    guard: {
      path: "<RUNTIME_DIR>/guard.mjs",
      command: "node {path}",
      verbs: ["read", "glob", "exec"],
      timeout: 10,
    },
  };
}

describe("a synthetic pack: events by verb, missing levels, TOML MCP", () => {
  const extra = { "clients/synthetic.json": `${JSON.stringify(syntheticPack(), null, 2)}\n` };
  /** The core example's MCP servers without the variable in args, which a by-name client cannot pass. */
  const plainArgs = {
    "core/mcp.json": (coreExampleFiles()["core/mcp.json"] ?? "").replace(`\${ISSUES_PROJECT:-web}`, "web"),
  };

  it("writes permissions only where the client has a list and a form, and says the rest", async () => {
    const out = settingsOf(await settingsRegistry([], extra), "synthetic");
    assert.deepEqual(lines(fileAt(out.composed, ".syn/settings.json")), [
      'permission.deny[] = "Read(.env)"',
      'permission.deny[] = "Read(.env.*)"',
      'permission.deny[] = "Read(secrets/**)"',
      'permission.deny[] = "Write(.env)"',
      'permission.deny[] = "Write(.env.*)"',
      'permission.deny[] = "Write(secrets/**)"',
      'permission.deny[] = "Write(.github/workflows/**)"',
      'permission.deny[] = "Shell(git push --force)"',
      'permission.deny[] = "Shell(git reset --hard)"',
      'permission.deny[] = "Shell(rm -rf)"',
      'permission.allow[] = "Read"',
      'permission.allow[] = "Shell(npm test)"',
      'permission.allow[] = "Shell(npm run lint)"',
      'permission.allow[] = "Shell(git diff)"',
      'permission.allow[] = "Shell(git log)"',
      'permission.mode = "careful"',
      'telemetry = {"enabled":false}',
    ]);
    const permissionLosses = cannotRows(out.capabilities).filter((r) => r.startsWith("permission"));
    assert.deepEqual(permissionLosses, [
      "permission: deny Exec(git push --force)",
      "permission: deny Exec(git reset --hard)",
      "permission: deny Exec(rm -rf)",
      "permission: ask Exec(git push)",
      "permission: ask Mcp(issues/create_issue)",
      "permission: allow grep",
      "permission: allow glob",
      "permission: allow Fetch(docs.example.com) through WebFetch",
      "permission: allow Fetch(*.nodejs.org) through WebFetch",
      "permission: allow Mcp(issues/get_issue)",
      "permission: allow Mcp(docs)",
      "permission: allow Skill(code-review)",
      "permission: allow Skill(explain-code)",
    ]);
    const ask = out.capabilities.find((r) => r.promise === "ask Exec(git push)");
    assert.equal(ask?.reason, 'the client has no "ask" list');
    const exact = out.capabilities.find((r) => r.promise === "deny Exec(rm -rf)");
    assert.match(exact?.reason ?? "", /exact command only/);
  });

  it("splits before_tool hooks by verb, writes no matchers, timeouts in ms, failClosed, and the file's version", async () => {
    const out = settingsOf(await settingsRegistry([], extra), "synthetic");
    assert.deepEqual(lines(fileAt(out.composed, ".syn/hooks.json")), [
      'hooks.beforeReadFile[] = {"command":"node .syn/guard.mjs --fail-closed --path-fields file_path --mcp-prefixes MCP:","timeout":10000,"failClosed":true}',
      'hooks.beforeShellExecution[] = {"command":"node .syn/guard.mjs --fail-closed --path-fields file_path --mcp-prefixes MCP:","timeout":10000,"failClosed":true}',
      "version = 1",
      'hooks.beforeReadFile[] = {"command":"node .agentc/guard.mjs","timeout":10000,"failClosed":true}',
      'hooks.beforeShellExecution[] = {"command":"node .agentc/guard.mjs","timeout":10000,"failClosed":true}',
      'hooks.beforeMCPExecution[] = {"command":"node .agentc/guard.mjs","timeout":10000,"failClosed":true}',
      'hooks.preToolUse[] = {"command":"node .agentc/guard.mjs","timeout":10000,"failClosed":true}',
      'hooks.postToolUse[] = {"command":"npx biome format --write"}',
      'hooks.stop[] = {"command":"npm test","timeout":300000}',
    ]);
    assert.deepEqual(
      cannotRows(out.capabilities).filter((r) => !r.startsWith("permission") && !r.startsWith("mcp")),
      [
        "guard: secret files and secret content are blocked before any tool call (glob)",
        'hook: before_tool hook "node .agentc/guard.mjs" on read, grep, glob, edit, exec, mcp sees glob',
        'hook: before_tool hook "node .agentc/guard.mjs" on read, grep, glob, edit, exec, mcp described as "Blocks secret paths and secret content."',
        'hook: prompt_submit hook "node .agentc/guard.mjs --prompt"',
        'hook: session_start hook "git status --short"',
      ],
    );
    const broad = out.capabilities.find(
      (r) => r.promise === 'after_tool hook "npx biome format --write" on edit',
    );
    assert.match(broad?.reason ?? "", /no matchers, so it runs for every tool/);
  });

  it(`refuses an MCP server whose variable the client cannot pass: never a literal \${VAR}, the client's loss instead`, async () => {
    const out = settingsOf(await settingsRegistry([], extra), "synthetic");
    const file = fileAt(out.composed, ".syn/config.toml");
    assert.deepEqual(lines(file), [
      'mcp_servers.docs = {"url":"https://docs.example.com/mcp","bearer_token_env_var":"DOCS_TOKEN"}',
    ]);
    const [refused, ...more] = out.diagnostics.filter((d) => d.id === "AGC150");
    assert.deepEqual(more, []);
    assert.equal(refused?.severity, "warning");
    assert.deepEqual(refused?.loss, { client: "synthetic", promise: 'MCP server "issues" (stdio)' });
    assert.equal(refused?.file, "core/mcp.json");
    assert.match(
      refused?.message ?? "",
      /^Synthetic passes variables only as an env entry of the same name \(NAME: \$\{NAME\}\), so \$\{ISSUES_PROJECT:-web\} in MCP server "issues" would reach it as literal text; the server is not written for Synthetic$/,
    );
    assert.ok(!JSON.stringify(out.composed).includes("ISSUES_PROJECT"), "the placeholder is written nowhere");
  });

  it("writes MCP servers as TOML tables that compose into a person's config.toml", async () => {
    const out = settingsOf(await settingsRegistry([], { ...extra, ...plainArgs }), "synthetic");
    const file = fileAt(out.composed, ".syn/config.toml");
    assert.equal(file?.format, "toml");
    assert.deepEqual(lines(file), [
      'mcp_servers.docs = {"url":"https://docs.example.com/mcp","bearer_token_env_var":"DOCS_TOKEN"}',
      'mcp_servers.issues = {"command":"npx","args":["-y","@example/issues-mcp","--project","web"],"env_vars":["ISSUES_TOKEN"],"enabled_tools":["get_issue","create_issue"]}',
    ]);
    assert.deepEqual(
      cannotRows(out.capabilities).filter((r) => r.startsWith("mcp")),
      [
        'mcp: MCP server "docs" (http) timeout: 20',
        'mcp: MCP server "events" (sse)',
        'mcp: MCP server "issues" (stdio) description: The issue tracker.',
      ],
    );
    const mine = [
      "# my settings",
      'model = "o4"',
      "",
      "[mcp_servers.local] # mine",
      'command = "./srv"',
      "",
    ].join("\n");
    const composed = composeToml(mine, file?.entries ?? [], []);
    assert.deepEqual(composed.conflicts, []);
    assert.ok(composed.text.startsWith('# my settings\nmodel = "o4"\n'));
    assert.ok(composed.text.includes("[mcp_servers.local] # mine"));
    const parsed = parseToml(composed.text) as {
      model: string;
      mcp_servers: Record<string, Record<string, unknown>>;
    };
    assert.equal(parsed.model, "o4");
    assert.deepEqual(Object.keys(parsed.mcp_servers).sort(), ["docs", "issues", "local"]);
    assert.deepEqual(parsed.mcp_servers.issues?.enabled_tools, ["get_issue", "create_issue"]);
    const fresh = parseToml(composeToml(undefined, file?.entries ?? [], []).text).mcp_servers;
    const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    assert.deepEqual(
      plain(fresh),
      plain({ docs: parsed.mcp_servers.docs, issues: parsed.mcp_servers.issues }),
    );
  });

  it(`rewrites \${VAR} into the client's syntax and reports a default it cannot carry`, async () => {
    const pack = syntheticPack();
    pack.mcp = { ...(pack.mcp as object), env_reference: `\${env:{name}}` };
    const out = settingsOf(
      await settingsRegistry([], { "clients/synthetic.json": `${JSON.stringify(pack)}\n` }),
      "synthetic",
    );
    const issues = fileAt(out.composed, ".syn/config.toml")?.entries.find((e) => e.path[1] === "issues");
    const value = issues?.value as { args: string[]; env_vars: string[] };
    assert.deepEqual(value.args[3], `\${env:ISSUES_PROJECT}`);
    assert.deepEqual(value.env_vars, ["ISSUES_TOKEN"], "a variable of the same name is handed over by name");
    const lost = out.capabilities.find((r) => r.promise.includes(`defaults \${ISSUES_PROJECT:-web}`));
    assert.equal(lost?.enforcement, "cannot");
  });
});

describe("a pack without permissions, hooks or MCP", () => {
  it("says every promise it cannot keep, and the guard when targets.json asks for it", async () => {
    const pack = claudePackJson();
    for (const key of ["permissions", "hooks", "mcp", "guard", "os_read_deny"]) delete pack[key];
    pack.client = "bare";
    pack.skill_frontmatter = { ...(pack.skill_frontmatter as object), deny_tools_from: "tool_names" };
    const files = { "clients/bare.json": `${JSON.stringify(pack)}\n` };
    const quiet = settingsOf(await settingsRegistry([], files), "bare");
    assert.equal(
      quiet.capabilities.filter((r) => r.kind === "guard").length,
      0,
      "the default guard is silent",
    );
    const registry = await settingsRegistry([], files, { secret_guard: true });
    const out = settingsOf(registry, "bare");
    assert.deepEqual(out.composed, []);
    assert.deepEqual(out.files, []);
    const kinds = new Set(out.capabilities.map((r) => `${r.kind} ${r.enforcement}`));
    assert.deepEqual([...kinds].sort(), ["guard cannot", "hook cannot", "mcp cannot", "permission cannot"]);
    const guard = out.capabilities.find((r) => r.kind === "guard");
    assert.equal(guard?.source.file, "targets.json");
    assert.match(guard?.reason ?? "", /no hooks; secret protection is instruction-only/);
  });
});

describe("every built-in pack", () => {
  it("composes its settings into new files and into files a person wrote, which still parse", async () => {
    const registry = await settingsRegistry(builtinPackIds());
    assert.equal(registry.clients.length, builtinPackIds().length);
    let files = 0;
    for (const client of registry.clients) {
      const out = settingsOf(registry, client.pack.client);
      for (const file of out.composed) {
        files += 1;
        const label = `${client.pack.client} ${file.path}`;
        const fresh =
          file.format === "toml"
            ? composeToml(undefined, file.entries, [])
            : composeJson(undefined, file.entries, []);
        assert.deepEqual(fresh.conflicts, [], label);
        const mine =
          file.format === "toml" ? '# mine\nmine = "kept"\n' : '{\n  // mine\n  "mine": "kept"\n}\n';
        const composed =
          file.format === "toml" ? composeToml(mine, file.entries, []) : composeJson(mine, file.entries, []);
        assert.deepEqual(composed.conflicts, [], label);
        assert.ok(composed.text.includes("mine"), label);
        const parsed = (file.format === "toml" ? parseToml(composed.text) : parseJsonText(composed.text)) as {
          mine: string;
        };
        assert.equal(parsed.mine, "kept", label);
        if (file.format === "json") JSON.parse(fresh.text);
        else parseToml(fresh.text);
      }
    }
    assert.ok(files >= registry.clients.length, `only ${files} composed files`);
  });
});

function builtinPackIds(): string[] {
  return readdirSync(join(process.cwd(), "clients"))
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -".json".length));
}

describe("codex settings: the read rules as a permission profile", () => {
  const profileLines = (composed: ComposedFile[]) =>
    lines(fileAt(composed, ".codex/config.toml")).filter((l) =>
      /^(default_permissions|permissions\.)/.test(l),
    );

  it("selects a profile extending :workspace that denies the core's read paths", async () => {
    const out = settingsOf(await settingsRegistry(["codex"]), "codex");
    assert.deepEqual(profileLines(out.composed), [
      'default_permissions = "agentc"',
      'permissions.agentc = {"filesystem":{":project_roots":{".env":"none",".env.*":"none","secrets/**":"none"},"glob_scan_max_depth":3},"extends":":workspace"}',
    ]);
  });

  it("writes no profile, and selects none, when the core denies no read", async () => {
    const permissions = JSON.stringify({ version: 1, deny: [{ verb: "exec", commands: ["rm -rf"] }] });
    const registry = await settingsRegistry(["codex"], { "core/permissions.json": permissions });
    assert.deepEqual(profileLines(settingsOf(registry, "codex").composed), []);
  });
});

describe("crush settings: two lists in two objects (level_keys)", () => {
  const permissions = JSON.stringify({
    version: 1,
    deny: [{ verb: "exec" }, { verb: "read", paths: [".env"] }],
    ask: [{ verb: "edit" }],
    allow: [{ verb: "read" }, { verb: "exec", commands: ["npm test"] }],
  });

  it("writes a coarse allow to permissions.allowed_tools and a coarse deny to options.disabled_tools, and says the rest", async () => {
    const registry = await settingsRegistry(["crush"], { "core/permissions.json": permissions });
    const out = settingsOf(registry, "crush");
    const written = lines(fileAt(out.composed, "crush.json")).filter((l) =>
      /^(permissions|options)\./.test(l),
    );
    assert.deepEqual(written, ['options.disabled_tools[] = "bash"', 'permissions.allowed_tools[] = "view"']);
    const lost = cannotRows(out.capabilities).filter((r) => r.startsWith("permission:"));
    assert.deepEqual(lost, [
      "permission: deny Read(.env) through view",
      "permission: ask edit",
      "permission: allow Exec(npm test) through bash",
    ]);
  });

  it("composes both lists into a person's crush.json, keeping their options and allowed tools", async () => {
    const registry = await settingsRegistry(["crush"], { "core/permissions.json": permissions });
    const entries = fileAt(settingsOf(registry, "crush").composed, "crush.json")?.entries ?? [];
    const mine =
      '{\n  "options": { "context_paths": ["NOTES.md"] },\n  "permissions": { "allowed_tools": ["ls"] }\n}\n';
    const result = composeJson(mine, entries, []);
    assert.deepEqual(result.conflicts, []);
    const parsed = parseJsonText(result.text) as {
      options: { context_paths: string[]; disabled_tools: string[] };
      permissions: { allowed_tools: string[] };
    };
    assert.deepEqual(parsed.options, { context_paths: ["NOTES.md"], disabled_tools: ["bash"] });
    assert.deepEqual(parsed.permissions.allowed_tools, ["ls", "view"]);
  });
});
