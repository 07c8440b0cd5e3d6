import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { ComposedFile, EmittedTree } from "../../src/emit/emitted-tree.js";
import { buildManifest } from "../../src/manifest/build-manifest.js";
import { serializeManifest } from "../../src/manifest/canonical-manifest.js";
import { WriteError, writeBuild } from "../../src/output/write-build.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import type { Registry } from "../../src/registry/model.js";
import { install, snapshot } from "../support/install-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const registryFiles = {
  "sources.json": JSON.stringify({
    version: 1,
    sources: [{ name: "custom", kind: "custom", path: "rules" }],
  }),
  "targets.json": JSON.stringify({
    version: 1,
    registry_version: "1.0.0",
    builtin_adapters: "none",
    targets: [
      {
        id: "root",
        output_dir: "",
        extension: ".md",
        global_placement: "single_file",
        pinned_global_name: "AGENTS",
      },
    ],
  }),
  "rules/a.md": "---\nscope: global\n---\n# Always\n\nBe kind.\n",
};

const composed: ComposedFile[] = [
  {
    path: ".mcp.json",
    component: "root",
    format: "json",
    entries: [{ path: ["mcpServers", "docs"], value: { command: "docs-mcp", args: ["--stdio"] } }],
  },
  {
    path: ".claude/settings.json",
    component: "root",
    format: "json",
    entries: [{ path: ["permissions", "deny"], value: "Read(./.env)", element: true }],
  },
  {
    path: ".claude/settings.json",
    component: "root",
    format: "json",
    entries: [{ path: ["hooks", "PreToolUse"], value: { matcher: "Bash" }, element: true }],
  },
  {
    path: ".codex/config.toml",
    component: "root",
    format: "toml",
    entries: [{ path: ["mcp_servers", "docs"], value: { command: "docs-mcp" } }],
  },
];

async function compiled(): Promise<{ registry: Registry; tree: EmittedTree }> {
  const result = await compileRegistry(testdir(registryFiles));
  assert.ok(result.registry && result.tree, JSON.stringify(result.diagnostics));
  return { registry: result.registry, tree: { ...result.tree, composed } };
}

function build(registry: Registry, tree: EmittedTree, out = testdir()): string {
  writeBuild(out, tree, buildManifest(registry, tree));
  return out;
}

describe("build output of shared files", () => {
  it("writes one canonical fragment per component and path, listed with its hash in the manifest", async () => {
    const { registry, tree } = await compiled();
    const manifest = buildManifest(registry, tree);
    assert.deepEqual(manifest.install.components.root?.composed, [
      ".claude/settings.json :: json :: .agentc-compose/root/.claude/settings.json.json",
      ".codex/config.toml :: toml :: .agentc-compose/root/.codex/config.toml.json",
      ".mcp.json :: json :: .agentc-compose/root/.mcp.json.json",
    ]);
    assert.ok(manifest.artifacts.includes(".agentc-compose/root/.mcp.json.json"));
    assert.ok(
      manifest.install.artifact_hashes.some((l) => l.startsWith(".agentc-compose/root/.mcp.json.json :: ")),
    );
    assert.deepEqual(manifest.install.components.root?.owned_files, ["AGENTS.md"]);
    const out = build(registry, tree);
    assert.equal(
      readFileSync(join(out, ".agentc-compose/root/.claude/settings.json.json"), "utf8"),
      `{
  "format": "json",
  "path": ".claude/settings.json",
  "entries": [
    {
      "path": [
        "permissions",
        "deny"
      ],
      "element": true,
      "value": "Read(./.env)"
    },
    {
      "path": [
        "hooks",
        "PreToolUse"
      ],
      "element": true,
      "value": {
        "matcher": "Bash"
      }
    }
  ]
}
`,
    );
    assert.match(
      serializeManifest(manifest),
      /\n {8}"composed": \[\n {10}"\.claude\/settings\.json :: json :: /,
    );
  });

  it("two builds give the same bytes; a rebuild writes nothing; a dropped shared file's fragment goes", async () => {
    const { registry, tree } = await compiled();
    const first = build(registry, tree);
    const second = build(registry, tree);
    assert.deepEqual(snapshot(first), snapshot(second));
    const again = writeBuild(first, tree, buildManifest(registry, tree));
    assert.deepEqual(again.written, []);
    const fewer = { ...tree, composed: composed.filter((c) => c.path !== ".mcp.json") };
    const report = writeBuild(first, fewer, buildManifest(registry, fewer));
    assert.deepEqual(report.removed, [".agentc-compose/root/.mcp.json.json"]);
    assert.equal(existsSync(join(first, ".agentc-compose/root/.mcp.json.json")), false);
  });

  it("a shared file's path that would leave the output folder stops the build before any write", async () => {
    const { registry, tree } = await compiled();
    const bad = { ...tree, composed: [{ ...(composed[0] as ComposedFile), path: "../../escape.json" }] };
    const out = testdir();
    assert.throws(
      () => writeBuild(out, bad, buildManifest(registry, bad)),
      (error: Error) => error instanceof WriteError && /holds a '\.\.' segment/.test(error.message),
    );
    assert.deepEqual(snapshot(out), {});
  });

  it("a real build folder installs: shared files composed, fragments never copied into the project", async () => {
    const { registry, tree } = await compiled();
    const out = build(registry, tree);
    const project = testdir({ ".claude/settings.json": '{\n  "model": "opus" // mine\n}\n' });
    const r = await install(out, project);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(existsSync(join(project, ".agentc-compose")), false);
    assert.equal(
      readFileSync(join(project, ".claude/settings.json"), "utf8"),
      '{\n  "model": "opus", // mine\n  "permissions": {\n    "deny": [\n      "Read(./.env)"\n    ]\n  },\n  "hooks": {\n    "PreToolUse": [\n      {\n        "matcher": "Bash"\n      }\n    ]\n  }\n}\n',
    );
    assert.ok(existsSync(join(project, ".codex/config.toml")));
  });

  it("a packed bundle.zip carries the fragments; install and uninstall give the project back byte for byte", async () => {
    const { registry, tree } = await compiled();
    const out = build(registry, tree);
    const zip = join(testdir(), "bundle.zip");
    const packed = await runAgentc(["pack", out, "--out", zip]);
    assert.equal(packed.status, 0, packed.stderr);
    const project = testdir({ "README.md": "mine\n" });
    const before = snapshot(project);
    const r = await install(zip, project);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(
      readFileSync(join(project, ".codex/config.toml"), "utf8"),
      '[mcp_servers.docs]\ncommand = "docs-mcp"\n',
    );
    const un = await runAgentc(["uninstall", "--project", project]);
    assert.equal(un.status, 0, un.stderr);
    assert.deepEqual(snapshot(project), before, "files and folders agentc created are gone");
  });
});
