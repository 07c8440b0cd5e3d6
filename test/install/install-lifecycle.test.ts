import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { startPaused } from "../support/install-child.js";
import { install, installJson, makeBundle, snapshot, stamps } from "../support/install-fixture.js";
import { runAgentc, runCliProcess } from "../support/run-cli.js";
import { testdir, writeFiles } from "../support/testdir.js";

const spec = {
  components: {
    core: { required: true, files: { "AGENTS.md": "# rules\n" }, seeds: { "docs/notes.md": "seed\n" } },
    claude: {
      owned_dirs: [".claude/rules"],
      files: { ".claude/rules/a.md": "a\n", ".claude/rules/sub/b.md": "b\n" },
      symlinks: ["CLAUDE.md :: AGENTS.md :: import:@AGENTS.md"],
      scaffold_dirs: [".claude/skills"],
    },
  },
};

describe("uninstall", () => {
  it("restores the project to its pre-install state", async () => {
    const project = testdir({ "README.md": "mine\n", ".claude/settings.json": "{}\n" });
    const before = snapshot(project);
    assert.equal((await install(makeBundle(spec), project)).status, 0);
    const r = await runAgentc(["uninstall", "--project", project]);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(snapshot(project), before);
  });

  it("keeps and reports files the user edited, removes the rest", async () => {
    const project = testdir();
    await install(makeBundle(spec), project);
    writeFileSync(join(project, "AGENTS.md"), "# rules\nmy addition\n");
    writeFileSync(join(project, "docs/notes.md"), "my notes\n");
    const r = await runAgentc(["uninstall", "--project", project, "--format", "json"]);
    assert.equal(r.status, 0, r.stderr);
    const kept = (JSON.parse(r.stdout) as { actions: { op: string; path: string }[] }).actions.filter(
      (a) => a.op === "keep",
    );
    assert.deepEqual(kept.map((a) => a.path).sort(), ["AGENTS.md", "docs/notes.md"]);
    assert.deepEqual(snapshot(project), {
      "AGENTS.md": "file - # rules\nmy addition\n",
      docs: "dir",
      "docs/notes.md": "file - my notes\n",
    });
  });

  it("--dry-run lists the removals and writes nothing", async () => {
    const project = testdir();
    await install(makeBundle(spec), project);
    const before = stamps(project);
    const r = await runAgentc(["uninstall", "--project", project, "--dry-run"]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /remove\s+AGENTS\.md/);
    assert.deepEqual(stamps(project), before);
  });
});

describe("status", () => {
  it("reports no drift after an install, and each kind of drift after edits (--check exits 1)", async () => {
    const project = testdir();
    const bundle = makeBundle(spec);
    await install(bundle, project);
    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
    writeFileSync(join(project, "AGENTS.md"), "changed\n");
    rmSync(join(project, ".claude/rules/a.md"));
    writeFileSync(join(project, ".claude/rules/foreign.md"), "not agentc's\n");
    writeFileSync(join(project, "docs/notes.md"), "seeds are the user's\n");
    const newer = makeBundle({ ...spec, version: "2.0.0" });
    const r = await runAgentc(["status", newer, "--project", project, "--check", "--format", "json"]);
    assert.equal(r.status, 1, r.stderr);
    const out = JSON.parse(r.stdout) as {
      drift: { path: string; kind: string }[];
      notes: { path: string; kind: string }[];
    };
    const drift = Object.fromEntries(out.drift.map((d) => [d.path, d.kind]));
    assert.equal(drift["AGENTS.md"], "modified");
    assert.equal(drift[".claude/rules/a.md"], "missing");
    assert.equal(drift[".claude/rules/foreign.md"], undefined, "a person's file there is the project's own");
    assert.equal(drift[newer], "bundle-changed");
    assert.equal(drift["docs/notes.md"], undefined);
    assert.deepEqual(
      out.notes.map((n) => `${n.kind} ${n.path}`),
      ["seed-edited docs/notes.md", "own .claude/rules/foreign.md"],
    );
    assert.equal(
      (await runAgentc(["status", "--project", project])).status,
      0,
      "without --check drift is only reported",
    );
  });
});

describe("components", () => {
  it("--components adds the required ones; deselecting a component later removes its files", async () => {
    const project = testdir();
    const bundle = makeBundle(spec);
    const r = await installJson(bundle, project, "--components", "claude");
    assert.equal(r.status, 0, r.stderr);
    assert.ok(snapshot(project)["AGENTS.md"], "the required component is installed");
    const narrowed = await install(bundle, project, "--components", "core");
    assert.equal(narrowed.status, 0, narrowed.stderr);
    const snap = snapshot(project);
    assert.equal(snap[".claude/rules/a.md"], undefined);
    assert.equal(snap["CLAUDE.md"], undefined);
    assert.equal(snap["AGENTS.md"], "file - # rules\n");
  });

  it("an unknown component is a usage error (exit 2) and writes nothing", async () => {
    const project = testdir();
    const r = await install(makeBundle(spec), project, "--components", "nope");
    assert.equal(r.status, 2);
    assert.match(r.stderr, /unknown component nope; this bundle has claude, core/);
    assert.deepEqual(snapshot(project), {});
  });
});

describe("tools and the roster budget", () => {
  it("prints the install command of a missing tool and never runs it; a tool on PATH is found", () => {
    const marker = join(testdir(), "ran");
    const bin = testdir();
    writeFileSync(join(bin, "present-tool"), "#!/bin/sh\n");
    chmodSync(join(bin, "present-tool"), 0o755);
    const bundle = makeBundle({
      ...spec,
      tools: [`absent-tool :: touch ${marker}`, "present-tool :: echo never"],
    });
    const r = runCliProcess(["install", bundle, "--project", testdir(), "--yes"], {
      env: { PATH: `${bin}:${process.env.PATH}` },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`tool absent-tool not found .*touch ${marker}`));
    assert.doesNotMatch(r.stdout, /present-tool not found/);
    assert.throws(() => readFileSync(marker), "the install command was not run");
  });

  it("warns when skills of other tools exceed the vendor reserve; retired skills do not count", async () => {
    const bundle = makeBundle(spec);
    const manifest = JSON.parse(readFileSync(join(bundle, "manifest.json"), "utf8"));
    manifest.install.roster_budget = {
      owned_words: 100,
      vendor_reserve_words: 5,
      roster_glob: ".claude/skills/*/SKILL.md",
      dead_marker: "DEPRECATED",
    };
    writeFileSync(join(bundle, "manifest.json"), JSON.stringify(manifest, null, 2));
    const project = testdir({
      ".claude/skills/vendor/SKILL.md": "---\ndescription: one two three four five six seven\n---\nbody\n",
      ".claude/skills/old/SKILL.md": "---\ndescription: a b c d e f g h i j\n---\nDEPRECATED\n",
    });
    const r = await install(bundle, project);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /skills from other tools use 7 description words, over the vendor reserve of 5 \(1 skills\)/,
    );
  });
});

describe("bad input changes nothing", () => {
  const cases: [string, (bundle: string) => void, RegExp][] = [
    [
      "a truncated manifest",
      (b) =>
        writeFileSync(join(b, "manifest.json"), readFileSync(join(b, "manifest.json"), "utf8").slice(0, 200)),
      /line \d+, column \d+: not valid JSON \(the file looks truncated\)/,
    ],
    [
      "a manifest from a newer version",
      (b) =>
        writeFileSync(
          join(b, "manifest.json"),
          readFileSync(join(b, "manifest.json"), "utf8").replace('"version": 1', '"version": 2'),
        ),
      /made by a newer agentc/,
    ],
    [
      "a bundle file that does not match its hash",
      (b) => writeFileSync(join(b, "AGENTS.md"), "tampered\n"),
      /AGENTS\.md: the bundle's file does not match its hash/,
    ],
    [
      "a missing bundle file",
      (b) => rmSync(join(b, "AGENTS.md")),
      /AGENTS\.md: listed in the manifest but missing from the bundle/,
    ],
  ];
  for (const [label, damage, message] of cases) {
    it(label, async () => {
      const bundle = makeBundle(spec);
      damage(bundle);
      const project = testdir({ "README.md": "mine\n" });
      const before = stamps(project);
      const r = await install(bundle, project);
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
      assert.deepEqual(stamps(project), before);
    });
  }

  it("a bundle that is not a zip", async () => {
    const notZip = join(testdir({ "bundle.zip": "this is not a zip file\n" }), "bundle.zip");
    const project = testdir();
    const r = await install(notZip, project);
    assert.ok(r.status === 1 || r.status === 2, r.stderr);
    assert.match(r.stderr, /zip|not supported yet/i);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
    assert.deepEqual(snapshot(project), {});
  });
});

describe("21: one install per project", () => {
  it("a second install while one holds the lock fails fast and writes nothing", async () => {
    const project = testdir();
    const bundle = makeBundle(spec);
    const first = await startPaused(["install", bundle, "--project", project, "--yes"], "locked");
    const before = stamps(project);
    const second = await install(bundle, project);
    assert.equal(second.status, 1);
    assert.match(second.stderr, /another install holds the lock: agentc \(pid \d+\) is installing/);
    assert.deepEqual(stamps(project), before);
    first.child.kill("SIGTERM");
    const ended = await first.done;
    assert.equal(ended.code, 143);
    assert.deepEqual(snapshot(project), {}, "the interrupted first install left nothing");
  });

  it("a stale lock from a dead process is recovered", async () => {
    const dead = spawnSync(process.execPath, ["-e", "process.pid"]).pid;
    const project = testdir({ ".agentc/lock": `${JSON.stringify({ pid: dead })}\n` });
    const r = await install(makeBundle(spec), project);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(snapshot(project)[".agentc/lock"], undefined);
  });
});

describe("tool payloads", () => {
  it("copies payload folders; a payload_keep folder is the user's once it exists", async () => {
    const bundle = makeBundle(spec);
    const manifest = JSON.parse(readFileSync(join(bundle, "manifest.json"), "utf8"));
    manifest.install.tool_payloads = ["mytool :: .mytool"];
    manifest.install.tool_payload_keep = ["mytool :: .mytool/data"];
    writeFileSync(join(bundle, "manifest.json"), JSON.stringify(manifest, null, 2));
    writeFiles(bundle, { ".mytool/bin/run": "run v1\n", ".mytool/data/config": "default config\n" });
    const project = testdir();
    assert.equal((await install(bundle, project)).status, 0);
    assert.equal(snapshot(project)[".mytool/bin/run"], "file - run v1\n");
    writeFileSync(join(project, ".mytool/data/config"), "my config\n");
    writeFileSync(join(bundle, ".mytool/bin/run"), "run v2\n");
    const again = await install(bundle, project);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(snapshot(project)[".mytool/bin/run"], "file - run v2\n");
    assert.equal(snapshot(project)[".mytool/data/config"], "file - my config\n");
    assert.equal((await runAgentc(["uninstall", "--project", project])).status, 0);
    const left = snapshot(project);
    assert.equal(left[".mytool/bin/run"], undefined);
    assert.equal(left[".mytool/data/config"], "file - my config\n");
  });
});
