import assert from "node:assert/strict";
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isDeepStrictEqual } from "node:util";

import { ProjectWriter } from "../../src/install/apply/fs-ops.js";
import { recoverInterrupted } from "../../src/install/apply/recover.js";
import type { RunResult } from "../../src/install/apply/run-result.js";
import { runInstall } from "../../src/install/install-run.js";
import { runUninstall } from "../../src/install/uninstall-run.js";
import { sha256 } from "../../src/shared/hash.js";
import { makeComposeBundle, type SharedSpec } from "../support/compose-bundle.js";
import {
  copyOf,
  install,
  installJson,
  makeBundle,
  snapshot,
  stamps,
  withCrash,
  withoutAgentc,
} from "../support/install-fixture.js";
import { runAgentc, runCliProcess } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const settingsText = `{
  // the team's settings
  "permissions": {
    "allow": ["Bash(npm test)"], // mine
    "deny": [
      "Read(./secrets/**)"
    ]
  },
  "model": "opus"
}
`;

const settingsInstalled = `{
  // the team's settings
  "permissions": {
    "allow": ["Bash(npm test)"], // mine
    "deny": [
      "Read(./secrets/**)",
      "Read(./.env)"
    ]
  },
  "model": "opus"
}
`;

const codexText = `# my codex config
model = "o3"

[profiles.work]
approval_policy = "never"   # keep

[mcp_servers.mine]
command = "my-server"
`;

const codexInstalled = `${codexText}
[mcp_servers.docs]
command = "docs-mcp"
args = [ "--stdio" ]
`;

const mcpCreated = `{
  "mcpServers": {
    "docs": {
      "command": "docs-mcp",
      "args": [
        "--stdio"
      ]
    }
  }
}
`;

const docsServer = { command: "docs-mcp", args: ["--stdio"] };

const shared: SharedSpec[] = [
  {
    component: "claude",
    path: ".claude/settings.json",
    format: "json",
    entries: [{ path: ["permissions", "deny"], value: "Read(./.env)", element: true }],
  },
  {
    component: "claude",
    path: ".mcp.json",
    format: "json",
    entries: [{ path: ["mcpServers", "docs"], value: docsServer }],
  },
  {
    component: "codex",
    path: ".codex/config.toml",
    format: "toml",
    entries: [{ path: ["mcp_servers", "docs"], value: docsServer }],
  },
];

const spec = { components: { claude: { files: { "CLAUDE.md": "# rules\n" } }, codex: {} } };

function userProject(): string {
  return testdir({
    ".claude/settings.json": settingsText,
    ".codex/config.toml": codexText,
    "README.md": "mine\n",
  });
}

const read = (project: string, path: string): string => readFileSync(join(project, path), "utf8");

describe("install composes into shared files", () => {
  it("adds agentc's entries and keeps every byte of the person's files; a reinstall writes nothing", async () => {
    const project = userProject();
    const bundle = makeComposeBundle(spec, shared);
    const r = await install(bundle, project);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(read(project, ".claude/settings.json"), settingsInstalled);
    assert.equal(read(project, ".codex/config.toml"), codexInstalled);
    assert.equal(read(project, ".mcp.json"), mcpCreated);
    assert.match(
      r.stdout,
      /update\s+\.claude\/settings\.json \(shared json file: \+ permissions\.deny\[\] "Read\(\.\/\.env\)"\)/,
    );
    const before = stamps(project);
    const again = await install(bundle, project);
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /nothing to do, nothing written/);
    assert.deepEqual(stamps(project), before);
    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
  });

  it("records per shared file the components, the format, what agentc owns and whether it created the file", async () => {
    const project = userProject();
    await install(makeComposeBundle(spec, shared), project);
    const record = JSON.parse(read(project, ".agentc/installed.json")) as {
      composed: { path: string; format: string; components: string[]; created: boolean; owned: unknown[] }[];
    };
    assert.deepEqual(
      record.composed.map((c) => [c.path, c.format, c.components.join(), c.created, c.owned.length]),
      [
        [".claude/settings.json", "json", "claude", false, 1],
        [".codex/config.toml", "toml", "codex", false, 1],
        [".mcp.json", "json", "claude", true, 1],
      ],
    );
  });

  it("uninstall gives back the person's files byte for byte and deletes the file agentc created", async () => {
    const project = userProject();
    const before = snapshot(project);
    assert.equal((await install(makeComposeBundle(spec, shared), project)).status, 0);
    const r = await runAgentc(["uninstall", "--project", project]);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(snapshot(project), before);
  });

  it("an owned value the person edits is drift, stays theirs on reinstall (warning) and on uninstall", async () => {
    const project = userProject();
    const bundle = makeComposeBundle(spec, shared);
    await install(bundle, project);
    const edited = read(project, ".mcp.json").replace('"docs-mcp"', '"my-docs"');
    writeFileSync(join(project, ".mcp.json"), edited);
    const status = await runAgentc(["status", "--project", project, "--check", "--format", "json"]);
    assert.equal(status.status, 1);
    const drift = (JSON.parse(status.stdout) as { drift: { path: string; key?: string; kind: string }[] })
      .drift;
    assert.deepEqual(drift, [
      {
        path: ".mcp.json",
        key: "mcpServers.docs",
        kind: "modified",
        detail: "mcpServers.docs: agentc's value was changed",
      },
    ]);
    const r = await installJson(bundle, project);
    assert.equal(r.status, 0, r.stderr);
    const warnings = (r.json as unknown as { warnings: { path: string; kind: string; line: number }[] })
      .warnings;
    assert.deepEqual(
      warnings.map((w) => [w.path, w.kind, w.line]),
      [[".mcp.json", "user-modified", 3]],
    );
    assert.equal(read(project, ".mcp.json"), edited);
    const un = await runAgentc(["uninstall", "--project", project]);
    assert.equal(un.status, 0, un.stderr);
    assert.match(un.stdout, /warning: \.mcp\.json:3:5: agentc no longer ships mcpServers\.docs/);
    assert.equal(read(project, ".mcp.json"), edited);
    assert.equal(read(project, ".claude/settings.json"), settingsText);
  });

  it("a deleted owned value is drift, listed key by key", async () => {
    const project = userProject();
    await install(makeComposeBundle(spec, shared), project);
    writeFileSync(join(project, ".claude/settings.json"), settingsText);
    const status = await runAgentc(["status", "--project", project, "--check"]);
    assert.equal(status.status, 1);
    assert.match(
      status.stdout,
      /missing\s+\.claude\/settings\.json: permissions\.deny\[\]: an element agentc added/,
    );
  });

  it("a file that does not parse stops the install: nothing is written, file:line:column is named", async () => {
    const project = userProject();
    writeFileSync(join(project, ".claude/settings.json"), '{\n  "permissions": {\n    "deny": [,]\n}\n');
    writeFileSync(join(project, ".codex/config.toml"), "[mcp_servers\n");
    const before = stamps(project);
    const r = await install(makeComposeBundle(spec, shared), project);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /2 conflicts; nothing was written/);
    assert.match(r.stderr, /\.claude\/settings\.json:3:14: cannot compose into a file that does not parse/);
    assert.match(r.stderr, /\.codex\/config\.toml:1:\d+: cannot compose into a file that does not parse/);
    assert.match(r.stderr, /hint: Fix the syntax error/);
    assert.deepEqual(stamps(project), before);
  });

  it("a link or a folder where a shared file goes is a blocking conflict; agentc never writes through it", async () => {
    const project = userProject();
    const outside = testdir({ "mcp.json": "{}\n" });
    symlinkSync(join(outside, "mcp.json"), join(project, ".mcp.json"));
    rmSync(join(project, ".codex/config.toml"));
    mkdirSync(join(project, ".codex/config.toml"));
    const before = stamps(project);
    const r = await installJson(makeComposeBundle(spec, shared), project);
    assert.equal(r.status, 1);
    assert.deepEqual(
      r.json.conflicts.map((c) => c.path),
      [".codex/config.toml", ".mcp.json"],
    );
    assert.match(r.json.conflicts[0]?.problem ?? "", /not a regular file/);
    assert.match(r.json.conflicts[1]?.problem ?? "", /symbolic link/);
    assert.deepEqual(stamps(project), before);
    assert.equal(readFileSync(join(outside, "mcp.json"), "utf8"), "{}\n");
  });

  it("a person's link to a file in the project that already holds agentc's values stays: nothing written, nothing recorded", async () => {
    const project = userProject();
    writeFileSync(join(project, "servers.json"), mcpCreated);
    symlinkSync("servers.json", join(project, ".mcp.json"));
    const r = await installJson(makeComposeBundle(spec, shared), project);
    assert.equal(r.status, 0, r.stderr);
    assert.ok(lstatSync(join(project, ".mcp.json")).isSymbolicLink());
    assert.equal(read(project, "servers.json"), mcpCreated);
    const record = JSON.parse(read(project, ".agentc/installed.json")) as { composed?: { path: string }[] };
    assert.ok(
      !(record.composed ?? []).some((c) => c.path === ".mcp.json"),
      "the link's values stay the person's",
    );
    // the same link whose file lacks a value: agentc would have to write through it, which it never does
    const other = userProject();
    writeFileSync(join(other, "servers.json"), "{}\n");
    symlinkSync("servers.json", join(other, ".mcp.json"));
    const refused = await installJson(makeComposeBundle(spec, shared), other);
    assert.equal(refused.status, 1);
    assert.match(
      refused.json.conflicts.map((c) => `${c.path}: ${c.problem}`).join("\n"),
      /\.mcp\.json: .*symbolic link/,
    );
    assert.equal(read(other, "servers.json"), "{}\n");
  });

  it("--dry-run shows the owned keys that change and writes nothing", async () => {
    const project = userProject();
    const before = stamps(project);
    const r = await installJson(makeComposeBundle(spec, shared), project, "--dry-run");
    assert.equal(r.status, 0, r.stderr);
    const composed = (r.json.actions as unknown as { op: string; path: string; compose?: unknown }[]).filter(
      (a) => a.compose,
    );
    assert.deepEqual(composed, [
      {
        op: "update",
        path: ".claude/settings.json",
        compose: {
          format: "json",
          components: ["claude"],
          changes: [{ key: 'permissions.deny[] "Read(./.env)"', change: "add" }],
        },
      },
      {
        op: "update",
        path: ".codex/config.toml",
        compose: {
          format: "toml",
          components: ["codex"],
          changes: [{ key: "mcp_servers.docs", change: "add" }],
        },
      },
      {
        op: "create",
        path: ".mcp.json",
        compose: {
          format: "json",
          components: ["claude"],
          changes: [{ key: "mcpServers.docs", change: "add" }],
        },
      },
    ]);
    assert.deepEqual(stamps(project), before);
  });

  it("an upgrade replaces and removes what agentc owned; dropping a component takes its values out", async () => {
    const project = userProject();
    await install(makeComposeBundle(spec, shared), project);
    const next = makeComposeBundle({ ...spec, version: "2.0.0" }, [
      {
        component: "claude",
        path: ".claude/settings.json",
        format: "json",
        entries: [{ path: ["permissions", "deny"], value: "Read(./.env.local)", element: true }],
      },
      {
        component: "codex",
        path: ".codex/config.toml",
        format: "toml",
        entries: [{ path: ["mcp_servers", "docs"], value: { command: "docs-mcp-2" } }],
      },
    ]);
    const r = await install(next, project);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(read(project, ".claude/settings.json"), settingsInstalled.replace("./.env", "./.env.local"));
    assert.equal(
      read(project, ".codex/config.toml"),
      `${codexText}\n[mcp_servers.docs]\ncommand = "docs-mcp-2"\n`,
    );
    assert.equal(
      existsSync(join(project, ".mcp.json")),
      false,
      "the file agentc created is gone with its last value",
    );
    const dropped = await install(next, project, "--components", "codex");
    assert.equal(dropped.status, 0, dropped.stderr);
    assert.equal(read(project, ".claude/settings.json"), settingsText);
  });

  it("several components composing into one file: both sets of entries, each kept by component", async () => {
    const project = testdir();
    const two = makeComposeBundle(spec, [
      {
        component: "claude",
        path: ".mcp.json",
        format: "json",
        entries: [{ path: ["mcpServers", "a"], value: { command: "a" } }],
      },
      {
        component: "codex",
        path: ".mcp.json",
        format: "json",
        entries: [{ path: ["mcpServers", "b"], value: { command: "b" } }],
      },
    ]);
    assert.equal((await install(two, project)).status, 0);
    assert.deepEqual(Object.keys(JSON.parse(read(project, ".mcp.json")).mcpServers), ["a", "b"]);
    assert.equal((await install(two, project, "--components", "claude")).status, 0);
    assert.deepEqual(Object.keys(JSON.parse(read(project, ".mcp.json")).mcpServers), ["a"]);
    assert.equal((await runAgentc(["uninstall", "--project", project])).status, 0);
    assert.deepEqual(snapshot(project), {});
  });
});

describe("shared files: the person's own values", () => {
  it("a key the person already has stays theirs (warning), and uninstall leaves it", async () => {
    const mine = '{\n  "mcpServers": {\n    "docs": { "command": "my-docs" }\n  }\n}\n';
    const project = testdir({ ".mcp.json": mine });
    const r = await installJson(makeComposeBundle(spec, shared), project);
    assert.equal(r.status, 0, r.stderr);
    const warnings = (r.json as unknown as { warnings: { path: string; kind: string; line: number }[] })
      .warnings;
    assert.deepEqual(
      warnings.map((w) => [w.path, w.kind, w.line]),
      [[".mcp.json", "user-written", 3]],
    );
    assert.equal(read(project, ".mcp.json"), mine);
    assert.equal(
      (await runAgentc(["status", "--project", project, "--check"])).status,
      0,
      "the person's value is no drift",
    );
    assert.equal((await runAgentc(["uninstall", "--project", project])).status, 0);
    assert.equal(read(project, ".mcp.json"), mine);
  });

  it("uninstall stops before writing when a shared file no longer parses, and names the place", async () => {
    const project = userProject();
    await install(makeComposeBundle(spec, shared), project);
    writeFileSync(join(project, ".codex/config.toml"), `${read(project, ".codex/config.toml")}[broken\n`);
    const before = stamps(project);
    const r = await runAgentc(["uninstall", "--project", project]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /\.codex\/config\.toml:\d+:\d+: cannot compose into a file that does not parse/);
    assert.deepEqual(stamps(project), before);
  });
});

describe("shared files replaced by links", () => {
  it("uninstall leaves a shared file that became a link alone, warns, and never touches its target", async () => {
    const project = userProject();
    await install(makeComposeBundle(spec, shared), project);
    const outside = testdir({ "mcp.json": mcpCreated });
    rmSync(join(project, ".mcp.json"));
    symlinkSync(join(outside, "mcp.json"), join(project, ".mcp.json"));
    const r = await runAgentc(["uninstall", "--project", project]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /warning: \.mcp\.json: agentc's values in this file cannot be taken out: it is now a symbolic link/,
    );
    assert.equal(readFileSync(join(outside, "mcp.json"), "utf8"), mcpCreated);
    assert.equal(lstatSync(join(project, ".mcp.json")).isSymbolicLink(), true);
    assert.equal(read(project, ".claude/settings.json"), settingsText);
  });
});

describe("bundles with composed lines", () => {
  it("a tampered fragment is refused before anything is written", async () => {
    const project = userProject();
    const bundle = makeComposeBundle(spec, shared);
    writeFileSync(
      join(bundle, ".agentc-compose/claude/.mcp.json.json"),
      '{"format":"json","path":".mcp.json","entries":[]}\n',
    );
    const before = stamps(project);
    const r = await install(bundle, project);
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /\.agentc-compose\/claude\/\.mcp\.json\.json: the bundle's file does not match its hash/,
    );
    assert.deepEqual(stamps(project), before);
  });

  it("a bundle made before composed lines existed installs as before", async () => {
    const bundle = makeBundle(spec);
    assert.doesNotMatch(readFileSync(join(bundle, "manifest.json"), "utf8"), /composed/);
    const project = testdir();
    assert.equal((await install(bundle, project)).status, 0);
    assert.equal(read(project, "CLAUDE.md"), "# rules\n");
  });

  /** The compose bundle with Codex's fragment holding `text`, its hash in the manifest made to match. */
  const withCodexFragment = (text: string): string => {
    const bundle = makeComposeBundle(spec, shared);
    const fragment = ".agentc-compose/codex/.codex/config.toml.json";
    const oldHash = sha256(readFileSync(join(bundle, fragment)));
    writeFileSync(join(bundle, fragment), text);
    const file = join(bundle, "manifest.json");
    writeFileSync(file, readFileSync(file, "utf8").replace(oldHash, sha256(text)));
    return bundle;
  };

  it("a fragment of the wrong shape is refused with its path, the entry and a hint", async () => {
    const bundle = withCodexFragment(
      '{"format":"toml","path":".codex/config.toml","entries":[{"value":1}]}\n',
    );
    const r = await install(bundle, testdir());
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /\.agentc-compose\/codex\/\.codex\/config\.toml\.json: entries\[0\] needs "path", a non-empty list of keys .*; rebuild the bundle with 'agentc build'/,
    );
  });

  it("a fragment's imported values of the wrong shape are refused as its entries are", async () => {
    const bundle = withCodexFragment(
      '{"format":"toml","path":".codex/config.toml","entries":[],"imported":[{"path":[]}]}\n',
    );
    const r = await install(bundle, testdir());
    assert.equal(r.status, 1);
    assert.match(r.stderr, /config\.toml\.json: imported\[0\] needs "path", a non-empty list of keys/);
  });

  it("a malformed composed line or an unsafe path is rejected with the line and a hint", async () => {
    const bundle = makeComposeBundle(spec, shared);
    const file = join(bundle, "manifest.json");
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace('".mcp.json :: json :: ', '"../outside.json :: yaml :: '));
    const r = await install(bundle, testdir());
    assert.equal(r.status, 1);
    assert.match(
      r.stderr,
      /install\.components\.claude\.composed: expected "<project path> :: json\|toml :: <fragment path>", got "\.\.\/outside\.json :: yaml :: /,
    );
    writeFileSync(file, text.replace('".mcp.json :: json :: ', '"../outside.json :: json :: '));
    const unsafe = await install(bundle, testdir());
    assert.equal(unsafe.status, 1);
    assert.match(
      unsafe.stderr,
      /composed: path "\.\.\/outside\.json" holds a '\.\.' segment; the bundle is rejected/,
    );
  });
});

const noLock = (p: string): boolean => p === ".agentc/lock";

const installRun = (bundle: string, project: string): Promise<RunResult> =>
  runInstall({
    bundleDir: bundle,
    projectDir: project,
    choice: { kind: "default" },
    moveAside: false,
    dryRun: false,
  });

describe("shared files survive a crash during the transaction", { concurrency: 1 }, () => {
  const scenarios = [
    { name: "install", setup: userProject, run: installRun },
    {
      name: "uninstall",
      setup: async () => {
        const p = userProject();
        if ((await install(makeComposeBundle(spec, shared), p)).status !== 0) throw new Error("setup failed");
        return p;
      },
      run: (_b: string, p: string) => runUninstall({ projectDir: p, dryRun: false }),
    },
  ];
  for (const s of scenarios) {
    it(`${s.name}: a crash at any mutation recovers to the old or the new bytes`, async () => {
      const template = await s.setup();
      const bundle = makeComposeBundle(spec, shared);
      const clean = copyOf(template);
      assert.equal((await s.run(bundle, clean)).status, "ok");
      const states = [snapshot(template, withoutAgentc), snapshot(clean, withoutAgentc)];
      let n = 1;
      for (; n < 200; n++) {
        const project = copyOf(template);
        const crashed = await withCrash(n, "abandon", () => s.run(bundle, project));
        if (crashed.status === "ok") break;
        await recoverInterrupted(new ProjectWriter(project), project);
        const recovered = snapshot(project, (p) => withoutAgentc(p) || noLock(p));
        assert.ok(
          states.some((state) => isDeepStrictEqual(recovered, state)),
          `crash at mutation ${n}: ${JSON.stringify(recovered, null, 1)}`,
        );
      }
      assert.ok(n > 5, `only ${n - 1} mutations were exercised`);
      for (let m = 1; m < n; m++) {
        const project = copyOf(template);
        const thrown = await withCrash(m, "throw", () => s.run(bundle, project));
        if (thrown.status === "ok") break;
        assert.equal(thrown.status, "failed");
        assert.deepEqual(snapshot(project), snapshot(template), `a failure at mutation ${m} rolls back`);
      }
    });
  }

  // the lock takes mutations 1-4 (folder, temp, link, temp removed); these fall after the journal
  for (const n of [7, 10, 13]) {
    it(`a real install killed at mutation ${n} is rolled back by the next real run, which then composes`, async () => {
      const project = userProject();
      const bundle = makeComposeBundle(spec, shared);
      const crashed = runCliProcess(["install", bundle, "--project", project, "--yes"], {
        env: { AGENTC_CRASH_AT: String(n) },
      });
      assert.equal(crashed.status, 137, crashed.stderr);
      const rerun = await install(bundle, project);
      assert.equal(rerun.status, 0, rerun.stderr);
      assert.match(rerun.stdout, /recovered an interrupted run: rolled back/);
      assert.equal(read(project, ".claude/settings.json"), settingsInstalled);
      assert.equal(read(project, ".codex/config.toml"), codexInstalled);
      assert.equal(read(project, ".mcp.json"), mcpCreated);
      assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
    });
  }
});
