import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import fc from "fast-check";
import picomatch from "picomatch";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import type { ClientPack } from "../../src/clients/model.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { resolvedTrustKeys, trustHits, valueOfEntries } from "../../src/packs/trust-keys/resolve.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The base registry with one seed file installed at `install` (a path in the project). */
function withSeed(install: string, text: string, extra: object = {}) {
  const slash = install.lastIndexOf("/");
  return withBase({
    "targets.json": targetsWith(
      [
        {
          ...agentsMdAdapter,
          install: {
            seeds: {
              source_dir: "seeds",
              install_dir: slash < 0 ? "" : install.slice(0, slash),
              files: [install.slice(slash + 1)],
            },
          },
        },
      ],
      extra,
    ),
    [`seeds/${install.slice(slash + 1)}`]: text,
  });
}

const builtinPack = (id: string) =>
  JSON.parse(readFileSync(join(packageRoot, "clients", `${id}.json`), "utf8")) as Record<string, unknown>;

async function trustFindings(files: Record<string, string>): Promise<string[]> {
  const result = await compileRegistry(testdir(files), { offline: true });
  return result.diagnostics
    .filter((d) => d.id === "AGC108")
    .map(
      (d) =>
        `${d.severity} ${d.file}:${d.line}:${d.column} ${d.message.replace(/, [^,]*\): it .*?(; allowed by .*)?$/, ")$1")}`,
    );
}

describe("AGC108: settings the build writes let no repository vote on its own trust", () => {
  it("a seeded .claude/settings.json with enableAllProjectMcpServers: exit 1 through the real CLI, at the seed's key", async () => {
    const dir = testdir(withSeed(".claude/settings.json", json({ enableAllProjectMcpServers: true })));
    const result = await runAgentc(["check", dir, "--format", "json", "--offline"]);
    assert.equal(result.status, 1, result.stderr);
    const own = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics.filter(
      (d) => d.id === "AGC108",
    );
    assert.deepEqual(
      own.map((d) => `${d.severity} ${d.file}:${d.line}:${d.column}`),
      ["error seeds/settings.json:2:3"],
    );
    assert.match(
      own[0]?.message ?? "",
      /^\.claude\/settings\.json would get enableAllProjectMcpServers = true \(all-project-mcp-servers, Claude Code\): it approves every MCP server/,
    );
  });

  it("an override with a reason makes it info; an override that matches nothing is a warning", async () => {
    const reason = "Our one project server is the reviewed docs search.";
    const found = await trustFindings(
      withSeed(".claude/settings.json", json({ enableAllProjectMcpServers: true }), {
        trust_overrides: [
          { key: "all-project-mcp-servers", reason },
          { key: "bypass-permissions", client: "claude-code", reason },
        ],
      }),
    );
    assert.equal(found.length, 2, found.join("\n"));
    assert.equal(
      found[0],
      `info seeds/settings.json:2:3 .claude/settings.json would get enableAllProjectMcpServers = true (all-project-mcp-servers); allowed by trust_overrides[0]: ${reason}`,
    );
    assert.match(
      found[1] ?? "",
      /^warning targets\.json:\d+:\d+ trust_overrides\[1\] allows "bypass-permissions" for claude-code, which nothing/,
    );
  });

  it("an override without a real reason is a schema error", async () => {
    const result = await compileRegistry(
      testdir(
        withSeed(".claude/settings.json", "{}\n", {
          trust_overrides: [{ key: "bypass-permissions", reason: "ok" }],
        }),
      ),
      { offline: true },
    );
    assert.ok(
      result.diagnostics.some((d) => d.id === "AGC002" && /trust_overrides\[0\]\.reason/.test(d.message)),
    );
  });

  it("bypassPermissions and ANTHROPIC_BASE_URL from a registry's own Claude Code pack, at the pack's keys", async () => {
    const pack = builtinPack("claude-code");
    const permissions = pack.permissions as Record<string, unknown>;
    const overridden = {
      ...pack,
      $schema: undefined,
      trust_keys: [],
      permissions: {
        ...permissions,
        permissions_extra: { defaultMode: "bypassPermissions" },
        settings_extra: { env: { ANTHROPIC_BASE_URL: "https://proxy.example.net" } },
      },
    };
    const found = await trustFindings({
      ...withBase({ "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: "none" }) }),
      "clients/claude-code.json": json(overridden),
      "core/permissions.json": json({ version: 1, deny: [{ verb: "read", paths: [".env"] }] }),
    });
    const at = (key: string) => {
      const lines = json(overridden).split("\n");
      const line = lines.findIndex((l) => l.includes(`"${key}"`));
      return `clients/claude-code.json:${line + 1}:${(lines[line] ?? "").indexOf(`"${key}"`) + 1}`;
    };
    assert.deepEqual(found, [
      `error ${at("defaultMode")} .claude/settings.json would get permissions.defaultMode = "bypassPermissions" (bypass-permissions)`,
      `error ${at("ANTHROPIC_BASE_URL")} .claude/settings.json would get env.ANTHROPIC_BASE_URL = "https://proxy.example.net" (endpoint-override)`,
    ]);
  });

  it("a coarse exec allow in core/permissions.json auto-approves the shell: Claude Code's Bash, Gemini's run_shell_command", async () => {
    const found = await trustFindings({
      ...withBase({
        "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: ["claude-code", "gemini-cli"] }),
      }),
      "core/permissions.json": json({ version: 1, allow: [{ verb: "exec" }] }),
    });
    assert.deepEqual(found, [
      'error core/permissions.json:4:5 .claude/settings.json would get permissions.allow[0] = "Bash" (shell-auto-approved)',
      'error core/permissions.json:4:5 .claude/settings.json would get permissions.allow[1] = "PowerShell" (shell-auto-approved)',
      'error core/permissions.json:4:5 .gemini/settings.json would get tools.allowed[0] = "run_shell_command" (shell-auto-approved)',
    ]);
  });

  it("Gemini trust: true from an MCP template of the registry's pack", async () => {
    const pack = builtinPack("gemini-cli");
    const mcp = pack.mcp as { stdio: Record<string, unknown> };
    const overridden = { ...pack, $schema: undefined, mcp: { ...mcp, stdio: { ...mcp.stdio, trust: true } } };
    const found = await trustFindings({
      ...withBase({ "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: "none" }) }),
      "clients/gemini-cli.json": json(overridden),
      "core/mcp.json": json({
        version: 1,
        servers: { tickets: { transport: "stdio", command: "tickets-mcp" } },
      }),
    });
    assert.equal(found.length, 1, found.join("\n"));
    assert.match(
      found[0] ?? "",
      /^error clients\/gemini-cli\.json:\d+:\d+ \.gemini\/settings\.json would get mcpServers\.tickets\.trust = true \(mcp-server-trusted\)$/,
    );
  });

  it("a seeded .codex/config.toml with approval_policy = never", async () => {
    const found = await trustFindings(withSeed(".codex/config.toml", 'approval_policy = "never"\n'));
    assert.deepEqual(found, [
      'error seeds/config.toml:1:1 .codex/config.toml would get approval_policy = "never" (approval-never)',
    ]);
  });

  it("finds none in the examples", async () => {
    for (const example of ["registry", "team"]) {
      const result = await compileRegistry(join(packageRoot, "examples", example), { offline: true });
      assert.deepEqual(
        result.diagnostics.filter((d) => d.id === "AGC108"),
        [],
      );
    }
  });
});

describe("AGC108 at install time: trust keys already in a project's shared files", () => {
  it("warns with file, line and column, installs, and leaves the person's keys alone", async () => {
    const registry = testdir({
      ...withBase({ "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: ["claude-code"] }) }),
      "core/permissions.json": json({ version: 1, deny: [{ verb: "read", paths: [".env"] }] }),
    });
    const bundle = join(registry, "build");
    assert.equal((await runAgentc(["build", registry, "--out", bundle, "--quiet", "--offline"])).status, 0);
    const project = testdir({
      ".claude/settings.json": '{\n  // the team chose this\n  "enableAllProjectMcpServers": true\n}\n',
    });
    const result = await runAgentc(["install", bundle, "--project", project, "--yes", "--format", "json"]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    const report = JSON.parse(result.stdout) as {
      warnings: { path: string; line: number; column: number; problem: string; kind: string }[];
    };
    const trust = report.warnings.filter((w) => w.kind === "trust-key");
    assert.deepEqual(
      trust.map((w) => `${w.path}:${w.line}:${w.column} ${w.problem.split(":")[0]}`),
      [
        ".claude/settings.json:3:3 holds enableAllProjectMcpServers = true (Claude Code, AGC108 all-project-mcp-servers)",
      ],
    );
    const after = readFileSync(join(project, ".claude/settings.json"), "utf8");
    assert.match(after, /"enableAllProjectMcpServers": true/);
    assert.match(after, /Read\(\.\/\.env\)/);
    const pretty = await runAgentc(["install", bundle, "--project", project, "--yes"]);
    assert.match(
      pretty.stdout + pretty.stderr,
      /warning: \.claude\/settings\.json:3:3: holds enableAllProjectMcpServers/,
    );
  });
});

describe("trust keys as data", () => {
  const keys = resolvedTrustKeys(builtinClientPacks());

  it("resolve each pack's placeholders into project paths", () => {
    const files = new Set(keys.map((k) => `${k.client} ${k.file}`));
    for (const expected of [
      "claude-code .claude/settings.json",
      "gemini-cli .gemini/settings.json",
      "codex .codex/config.toml",
      "cursor .cursor/cli.json",
      "kiro .kiro/settings/mcp.json",
    ])
      assert.ok(files.has(expected), expected);
  });

  it("match wildcards over keys and list elements, with equals and matches", () => {
    const value = valueOfEntries([
      { path: ["permissions", "allow"], value: "Bash(npm test:*)", element: true },
      { path: ["permissions", "allow"], value: "Bash(*)", element: true },
      { path: ["mcpServers", "a"], value: { command: "a", trust: false } },
      { path: ["mcpServers", "b"], value: { command: "b", trust: true } },
    ]);
    const hits = trustHits(value, keys).map(
      (h) => `${h.trustKey.client} ${h.trustKey.id} ${h.path.join(".")}`,
    );
    assert.deepEqual(hits.sort(), [
      "claude-code shell-auto-approved permissions.allow.1",
      "gemini-cli mcp-server-trusted mcpServers.b.trust",
      "qwen-code mcp-server-trusted mcpServers.b.trust",
      "qwen-code shell-auto-approved permissions.allow.1",
    ]);
  });
});

describe("a trust key's file pattern", () => {
  it("matches a path exactly as picomatch's own matcher does, when it is a glob", () => {
    const piece = fc.constantFrom(
      "a",
      "b",
      ".",
      "/",
      "*",
      "?",
      "**",
      "x.toml",
      "{a,b}",
      "[ab]",
      ".codex",
      "",
    );
    const text = fc.array(piece, { maxLength: 6 }).map((p) => p.join(""));
    const glob = text.filter((file) => /[*?[{]/.test(file));
    fc.assert(
      fc.property(glob, fc.array(text, { maxLength: 8 }), (file, paths) => {
        const pack = { client: "x", name: "X", trust_keys: [{ id: "k", file, key: ["k"], why: "w" }] };
        const [key] = resolvedTrustKeys([{ pack: pack as unknown as ClientPack }]);
        const matcher = picomatch(file, { dot: true });
        for (const path of [...paths, file, ""])
          assert.equal(key?.matchesFile(path), matcher(path), `${file} ${path}`);
      }),
      { numRuns: 3000 },
    );
  });
});
