import assert from "node:assert/strict";
import { chmodSync, cpSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { examplePack } from "../../src/diagnostics/client-fixture.js";
import { json } from "../../src/diagnostics/core-fixtures.js";
import { withExamplePack } from "../../src/diagnostics/pack-fixtures.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { snapshot } from "../support/install-fixture.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const example = join(packageRoot, "examples", "team");
const pkg = "capability-team-notes";

/** Client packs of examples/team with a skills folder of their own, and that folder (Codex and Gemini CLI share .agents/skills). */
const clientFolders: [string, string][] = [
  ["claude-code", ".claude/skills"],
  ["cursor", ".cursor/skills"],
  ["github-copilot", ".github/skills"],
];

interface Component {
  owned_dirs: string[];
  required: boolean;
  name: string;
  with?: string[];
}

/** A copy of examples/team (core/ and the team-notes package), built into a folder of its own. */
async function build(): Promise<{ registry: string; out: string }> {
  const registry = join(testdir(), "registry");
  cpSync(example, registry, { recursive: true });
  const out = join(testdir(), "build");
  const result = await runAgentc(["build", registry, "--out", out]);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  return { registry, out };
}

function components(out: string): Record<string, Component> {
  return JSON.parse(readFileSync(join(out, "manifest.json"), "utf8")).install.components;
}

async function install(out: string, project: string, ...args: string[]) {
  return await runAgentc(["install", out, "--project", project, ...args]);
}

function record(project: string): { components: string[] } {
  return JSON.parse(readFileSync(join(project, ".agentc/installed.json"), "utf8"));
}

describe("a capability package's skills compiled for each client pack", () => {
  it("builds each client's skill folder under a joint component, and nothing more for the shared folder", async () => {
    const { registry, out } = await build();
    const all = components(out);
    for (const [client, folder] of clientFolders) {
      const id = `${pkg}+${client}`;
      assert.ok(existsSync(join(out, folder, "team-notes/SKILL.md")), `${folder}/team-notes is built`);
      assert.deepEqual(all[id]?.with, [pkg, client]);
      assert.deepEqual(all[id]?.owned_dirs, [`${folder}/team-notes`]);
      assert.equal(all[id]?.required, false);
    }
    const joint = Object.keys(all).filter((id) => all[id]?.with);
    assert.deepEqual(
      joint,
      [`${pkg}+claude-code`, `${pkg}+codex`, `${pkg}+cursor`, `${pkg}+gemini-cli`, `${pkg}+github-copilot`],
      "codex and gemini-cli get the package's agent only: their skills folder is .agents/skills, which has the byte copy",
    );
    assert.deepEqual(all[`${pkg}+codex`]?.owned_dirs, []);
    assert.deepEqual(all[`${pkg}+gemini-cli`]?.owned_dirs, []);
    assert.equal(all[pkg]?.with, undefined);
    const source = readFileSync(join(registry, "capabilities/team-notes/skills/team-notes/SKILL.md"), "utf8");
    const compiled = readFileSync(join(out, ".claude/skills/team-notes/SKILL.md"), "utf8");
    assert.match(compiled, /^---\nname: team-notes\ndescription: Reads and writes/);
    assert.ok(compiled.endsWith(`${source.slice(source.indexOf("# Team notes")).trimEnd()}\n`));
  });

  it("writes the joint component's keys in the model's order, with after composed", async () => {
    const { out } = await build();
    const text = readFileSync(join(out, "manifest.json"), "utf8");
    const start = text.indexOf(`"${pkg}+claude-code": {`);
    const block = text.slice(start, text.indexOf("\n      }", start) + 8);
    assert.equal(
      block,
      `"${pkg}+claude-code": {
        "owned_dirs": [
          ".claude/skills/team-notes"
        ],
        "owned_files": [
          ".claude/agents/scribe.md"
        ],
        "symlinks": [],
        "seeds": [],
        "preserve": [],
        "remove": [],
        "scaffold_dirs": [],
        "required": false,
        "name": "acme.team-notes for Claude Code",
        "executables": [],
        "composed": [],
        "with": [
          "${pkg}",
          "claude-code"
        ]
      }`,
    );
  });

  it("is the same bytes when built twice", async () => {
    const { registry, out } = await build();
    const again = join(testdir(), "again");
    assert.equal((await runAgentc(["build", registry, "--out", again])).status, 0);
    assert.deepEqual(snapshot(again), snapshot(out));
  });

  it("names the package when its compiled skill meets a core skill in a client's folder (AGC028)", async () => {
    const { registry } = await build();
    const targets = join(registry, "targets.json");
    writeFileSync(
      targets,
      // builtin_clients narrows the packs of the example's assistants to one
      readFileSync(targets, "utf8").replace(
        '"assistants": [',
        '"builtin_clients": ["claude-code"], "assistants": [',
      ),
    );
    const notes = join(registry, "capabilities/team-notes");
    cpSync(join(notes, "skills/team-notes"), join(notes, "skills/code-review"), { recursive: true });
    const skill = join(notes, "skills/code-review/SKILL.md");
    writeFileSync(skill, readFileSync(skill, "utf8").replace("name: team-notes", "name: code-review"));
    const manifest = join(notes, "capability.json");
    writeFileSync(
      manifest,
      readFileSync(manifest, "utf8").replace('"skills/team-notes"', '"skills/code-review"'),
    );
    const result = await runAgentc(["check", registry, "--format", "json"]);
    assert.equal(result.status, 1, result.stdout);
    const clashes = JSON.parse(result.stdout).diagnostics.filter((d: { id: string }) => d.id === "AGC028");
    assert.equal(clashes.length, 1, result.stdout);
    assert.equal(clashes[0].file, "capabilities/team-notes/capability.json");
    assert.match(
      clashes[0].message,
      /^Client pack "claude-code" and capability package "acme\.team-notes" both write \.claude\/skills\/code-review\/SKILL\.md/,
    );
  });

  it("points at the package's SKILL.md when it is no valid skill", async () => {
    const { registry } = await build();
    const file = join(registry, "capabilities/team-notes/skills/team-notes/SKILL.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("name: team-notes", "name: notes"));
    const result = await runAgentc(["check", registry, "--format", "json"]);
    assert.equal(result.status, 1, result.stdout);
    const found = JSON.parse(result.stdout).diagnostics.filter(
      (d: { file: string; severity: string }) => d.severity === "error",
    );
    assert.equal(found.length, 1, result.stdout);
    assert.equal(found[0].file, "capabilities/team-notes/skills/team-notes/SKILL.md");
    assert.equal(found[0].line, 2);
    assert.ok(found[0].column >= 1);
  });
});

describe("a package skill through a client pack of the registry", () => {
  it("gets the pack's core_skill_prefix, its supporting files (mode kept), and no joint component without skills", async () => {
    const registry = testdir({
      ...withExamplePack({}, { ...examplePack, core_skill_prefix: "team-" }),
      "capabilities/notes/capability.json": json({
        capability: "acme.notes",
        version: "1.0.0",
        description: "Notes.",
        skills: ["skills"],
      }),
      "capabilities/notes/skills/jot/SKILL.md":
        "---\nname: jot\ndescription: Jots a note.\n---\nJot it down.\n",
      "capabilities/notes/skills/jot/bin/jot.sh": "#!/bin/sh\necho jotted\n",
      "capabilities/bare/capability.json": json({
        capability: "acme.bare",
        version: "1.0.0",
        description: "Bare.",
      }),
    });
    chmodSync(join(registry, "capabilities/notes/skills/jot/bin/jot.sh"), 0o755);
    const out = join(testdir(), "build");
    const result = await runAgentc(["build", registry, "--out", out]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.equal(
      readFileSync(join(out, ".example/skills/team-jot/SKILL.md"), "utf8"),
      "---\nname: team-jot\ndescription: Jots a note.\n---\nJot it down.\n",
    );
    assert.ok(statSync(join(out, ".example/skills/team-jot/bin/jot.sh")).mode & 0o100);
    const all = components(out);
    assert.deepEqual(all["capability-acme.notes+example"], {
      ...all["capability-acme.notes+example"],
      owned_dirs: [".example/skills/team-jot"],
      name: "acme.notes for Example Assistant",
      executables: [".example/skills/team-jot/bin/jot.sh"],
      with: ["capability-acme.notes", "example"],
    });
    assert.equal(all["capability-acme.bare+example"], undefined);
  });
});

describe("joint components through the real installer", () => {
  it("installs a client's package skills only with both components, and drops them with the package", async () => {
    const { out } = await build();
    const project = testdir({ "README.md": "# app\n" });
    const before = snapshot(project);

    const alone = await install(out, project, "--components", "claude-code", "--yes");
    assert.equal(alone.status, 0, alone.stderr);
    assert.equal(existsSync(join(project, ".claude/skills/team-notes")), false);
    assert.ok(existsSync(join(project, ".claude/skills/code-review/SKILL.md")));
    assert.deepEqual(record(project).components, ["agents-md", "claude-code"], "agents-md is required");

    const both = await install(out, project, "--components", `claude-code,${pkg}`, "--yes", "--allow-hooks");
    assert.equal(both.status, 0, both.stderr);
    assert.equal(
      readFileSync(join(project, ".claude/skills/team-notes/SKILL.md"), "utf8"),
      readFileSync(join(out, ".claude/skills/team-notes/SKILL.md"), "utf8"),
    );
    assert.equal(existsSync(join(project, ".cursor")), false, "not for a client that is not chosen");
    assert.deepEqual(record(project).components, ["agents-md", pkg, `${pkg}+claude-code`, "claude-code"]);
    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);

    const again = await install(out, project, "--yes", "--allow-hooks");
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /nothing to do, nothing written/, "the default is the recorded choice");

    const dropped = await install(out, project, "--components", "claude-code", "--yes", "--allow-hooks");
    assert.equal(dropped.status, 0, dropped.stderr);
    assert.match(dropped.stdout, /retire +acme\.team-notes/);
    assert.equal(existsSync(join(project, ".claude/skills/team-notes")), false);
    assert.equal(existsSync(join(project, ".agents/skills/team-notes")), false);
    assert.ok(existsSync(join(project, ".claude/skills/code-review/SKILL.md")));
    assert.deepEqual(record(project).components, ["agents-md", "claude-code"]);

    const uninstall = await runAgentc(["uninstall", "--project", project]);
    assert.equal(uninstall.status, 0, uninstall.stderr);
    assert.deepEqual(snapshot(project), before);
  });

  it("refuses a joint component named in --components, saying what to choose", async () => {
    const { out } = await build();
    const project = testdir({ "README.md": "# app\n" });
    const before = snapshot(project);
    const result = await install(out, project, "--components", `claude-code,${pkg}+claude-code`, "--yes");
    assert.equal(result.status, 2, result.stdout + result.stderr);
    assert.match(
      result.stderr,
      /capability-team-notes\+claude-code is installed with capability-team-notes and claude-code; choose those/,
    );
    assert.deepEqual(snapshot(project), before);
  });

  it("--all installs every joint component, status sees no drift, and uninstall restores the project", async () => {
    const { out } = await build();
    const project = testdir({ "README.md": "# app\n" });
    const before = snapshot(project);
    const all = await install(out, project, "--all", "--yes", "--allow-hooks");
    assert.equal(all.status, 0, all.stderr);
    const installed = record(project).components;
    for (const [client, folder] of clientFolders) {
      assert.ok(installed.includes(`${pkg}+${client}`), `${client} joint component recorded`);
      assert.ok(existsSync(join(project, folder, "team-notes/SKILL.md")), `${folder}/team-notes installed`);
    }
    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
    const uninstall = await runAgentc(["uninstall", "--project", project]);
    assert.equal(uninstall.status, 0, uninstall.stderr);
    assert.deepEqual(snapshot(project), before);
  });
});

describe("read-manifest: a bad with", () => {
  const cases: [string, (all: Record<string, Component>) => void, RegExp][] = [
    [
      "not a list",
      (all) => Object.assign(all[pkg] ?? {}, { with: "claude-code" }),
      /with" to be a non-empty list/,
    ],
    [
      "an unknown component",
      (all) => Object.assign(all[`${pkg}+claude-code`] ?? {}, { with: [pkg, "nope"] }),
      /with: "nope" is no component of this bundle/,
    ],
    [
      "itself",
      (all) => Object.assign(all[`${pkg}+claude-code`] ?? {}, { with: [`${pkg}+claude-code`] }),
      /with: "capability-team-notes\+claude-code" is the component itself/,
    ],
    [
      "a joint component",
      (all) => Object.assign(all[`${pkg}+claude-code`] ?? {}, { with: [`${pkg}+cursor`] }),
      /with: "capability-team-notes\+cursor" is itself a joint component/,
    ],
  ];
  for (const [what, edit, expected] of cases)
    it(`rejects ${what}, writing nothing`, async () => {
      const { out } = await build();
      const file = join(out, "manifest.json");
      const manifest = JSON.parse(readFileSync(file, "utf8"));
      edit(manifest.install.components);
      writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
      const project = testdir({ "README.md": "# app\n" });
      const before = snapshot(project);
      const result = await install(out, project, "--all", "--yes");
      assert.notEqual(result.status, 0);
      assert.match(result.stderr, expected);
      assert.doesNotMatch(result.stderr, /\n +at /, "no stack trace");
      assert.deepEqual(snapshot(project), before);
    });
});
