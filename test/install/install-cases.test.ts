import assert from "node:assert/strict";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { sha256 } from "../../src/shared/hash.js";
import {
  install,
  installJson,
  makeBundle,
  readRecordJson,
  snapshot,
  stamps,
} from "../support/install-fixture.js";
import { runCli } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const v1 = {
  components: {
    core: {
      required: true,
      files: { "AGENTS.md": "# rules v1\n", "tools/run.sh": "#!/bin/sh\necho v1\n" },
      executables: ["tools/run.sh"],
      seeds: { "docs/notes.md": "seed v1\n" },
    },
    claude: {
      owned_dirs: [".claude/rules"],
      files: { ".claude/rules/a.md": "a v1\n" },
      symlinks: ["CLAUDE.md :: AGENTS.md :: import:@AGENTS.md"],
      preserve: ["*.local.md"],
      scaffold_dirs: [".claude/skills"],
    },
  },
};

const seedBundle = (seed: string, history: string[] = []) =>
  makeBundle({
    components: { core: { seeds: { "docs/notes.md": seed } } },
    seedHistory: { "docs/notes.md": history },
  });

describe("install cases (installer-safety.md)", () => {
  it("1: a fresh install creates files, seeds, links and the record; the second run writes nothing", () => {
    const bundle = makeBundle(v1);
    const project = testdir();
    const first = install(bundle, project);
    assert.equal(first.status, 0, first.stderr);
    const snap = snapshot(project);
    assert.equal(snap["AGENTS.md"], "file - # rules v1\n");
    assert.equal(snap["tools/run.sh"], "file x #!/bin/sh\necho v1\n");
    assert.equal(snap["docs/notes.md"], "file - seed v1\n");
    assert.equal(snap["CLAUDE.md"], "link AGENTS.md");
    assert.equal(snap[".claude/skills"], "dir");
    assert.equal(
      readFileSync(join(project, ".agentc/manifest.json"), "utf8"),
      readFileSync(join(bundle, "manifest.json"), "utf8"),
    );
    const before = stamps(project);
    const second = installJson(bundle, project);
    assert.equal(second.status, 0, second.stderr);
    assert.equal(second.json.written, false);
    assert.deepEqual(stamps(project), before);
  });

  it("2: a seed never edited (shipped hash recorded) is refreshed on upgrade, and hash(v2) is recorded", () => {
    const project = testdir();
    assert.equal(install(seedBundle("seed v1\n"), project).status, 0);
    assert.equal(install(seedBundle("seed v2\n", ["seed v1\n"]), project).status, 0);
    assert.equal(readFileSync(join(project, "docs/notes.md"), "utf8"), "seed v2\n");
    const entry = readRecordJson(project).entries.find((e) => e.path === "docs/notes.md");
    assert.equal(entry?.sha256, sha256("seed v2\n"));
  });

  it("2b: a file at a seed's path that only seed_refresh_hashes calls an earlier version (no record) is a conflict; --take-new moves it aside", () => {
    const project = testdir({ "docs/notes.md": "seed v0\n" });
    const before = stamps(project);
    const refused = installJson(seedBundle("seed v2\n", ["seed v0\n"]), project);
    assert.equal(refused.status, 1, refused.stderr);
    assert.match(
      refused.json.conflicts[0]?.problem ?? "",
      /^manifest\.json line \d+ \(install\.seed_refresh_hashes\): "docs\/notes\.md :: [0-9a-f]{64}" calls this file an earlier version of the seed, but agentc's install record does not show agentc wrote it/,
    );
    assert.deepEqual(stamps(project), before, "nothing was written");
    const taken = install(seedBundle("seed v2\n", ["seed v0\n"]), project, "--take-new");
    assert.equal(taken.status, 0, taken.stderr);
    assert.equal(readFileSync(join(project, "docs/notes.md"), "utf8"), "seed v2\n");
    assert.equal(readFileSync(join(project, "docs/notes.md.agentc-old"), "utf8"), "seed v0\n");
  });

  it("3 and 4: an edited seed is kept, the new version written beside it, hash(new) recorded; still kept at v3", () => {
    const project = testdir();
    install(seedBundle("seed v1\n"), project);
    writeFileSync(join(project, "docs/notes.md"), "my notes\n");
    const up = installJson(seedBundle("seed v2\n", ["seed v1\n"]), project);
    assert.equal(up.status, 0, up.stderr);
    assert.ok(up.json.actions.some((a) => a.op === "keep-modified" && a.path === "docs/notes.md"));
    assert.equal(readFileSync(join(project, "docs/notes.md"), "utf8"), "my notes\n");
    assert.equal(readFileSync(join(project, "docs/notes.md.agentc-new"), "utf8"), "seed v2\n");
    assert.equal(
      readRecordJson(project).entries.find((e) => e.path === "docs/notes.md")?.sha256,
      sha256("seed v2\n"),
    );
    const v3 = installJson(seedBundle("seed v3\n", ["seed v1\n", "seed v2\n"]), project);
    assert.equal(v3.status, 0, v3.stderr);
    assert.ok(v3.json.actions.some((a) => a.op === "keep-modified" && a.path === "docs/notes.md"));
    assert.equal(readFileSync(join(project, "docs/notes.md"), "utf8"), "my notes\n");
    assert.equal(readFileSync(join(project, "docs/notes.md.agentc-new"), "utf8"), "seed v3\n");
  });

  it("4b: once the user takes the new seed version by hand, the beside file goes away", () => {
    const project = testdir();
    install(seedBundle("seed v1\n"), project);
    writeFileSync(join(project, "docs/notes.md"), "my notes\n");
    install(seedBundle("seed v2\n", ["seed v1\n"]), project);
    writeFileSync(join(project, "docs/notes.md"), "seed v2\n");
    const again = installJson(seedBundle("seed v2\n", ["seed v1\n"]), project);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(snapshot(project)["docs/notes.md.agentc-new"], undefined);
  });

  it("5: a seed the user already changed to v2 is not written; the record is updated", () => {
    const project = testdir();
    install(seedBundle("seed v1\n"), project);
    writeFileSync(join(project, "docs/notes.md"), "seed v2\n");
    const before = stamps(project)["docs/notes.md"];
    const up = installJson(seedBundle("seed v2\n"), project);
    assert.equal(up.status, 0, up.stderr);
    assert.equal(stamps(project)["docs/notes.md"], before);
    assert.equal(
      readRecordJson(project).entries.find((e) => e.path === "docs/notes.md")?.sha256,
      sha256("seed v2\n"),
    );
  });

  it("5b: a seed the user deleted is written again (seeds are written whenever missing)", () => {
    const project = testdir();
    install(seedBundle("seed v1\n"), project);
    rmSync(join(project, "docs/notes.md"));
    assert.equal(install(seedBundle("seed v1\n"), project).status, 0);
    assert.equal(readFileSync(join(project, "docs/notes.md"), "utf8"), "seed v1\n");
  });

  it("6: a user file matching preserve in an owned folder survives the replacement unchanged", () => {
    const project = testdir({ ".claude/rules/mine.local.md": "my local rule\n" });
    const bundle = makeBundle(v1);
    assert.equal(install(bundle, project).status, 0);
    const upgraded = makeBundle({
      ...v1,
      components: {
        ...v1.components,
        claude: { ...v1.components.claude, files: { ".claude/rules/b.md": "b v2\n" } },
      },
    });
    const up = install(upgraded, project);
    assert.equal(up.status, 0, up.stderr);
    const snap = snapshot(project);
    assert.equal(snap[".claude/rules/mine.local.md"], "file - my local rule\n");
    assert.equal(snap[".claude/rules/a.md"], undefined, "the file dropped from the bundle is removed");
    assert.equal(snap[".claude/rules/b.md"], "file - b v2\n");
  });

  it("7: a person's file in an owned folder at a name agentc does not ship is left alone and listed as the project's own", () => {
    const project = testdir({ ".claude/rules/mine.md": "mine\n", "other.md": "x\n" });
    const bundle = makeBundle(v1);
    const r = installJson(bundle, project);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.json.conflicts, []);
    assert.equal(snapshot(project)[".claude/rules/mine.md"], "file - mine\n");
    const status = runCli(["status", "--project", project, "--check", "--format", "json"]);
    assert.equal(status.status, 0, status.stdout);
    const notes = (JSON.parse(status.stdout) as { notes: { path: string; kind: string }[] }).notes;
    assert.ok(notes.some((n) => n.path === ".claude/rules/mine.md" && n.kind === "own"));
    assert.equal(runCli(["uninstall", "--project", project]).status, 0);
    assert.deepEqual(snapshot(project), {
      ".claude": "dir",
      ".claude/rules": "dir",
      ".claude/rules/mine.md": "file - mine\n",
      "other.md": "file - x\n",
    });
  });

  it("7b: only a person's file at the path of a shipped artifact is a conflict; --move-aside renames it and uninstall brings it back", () => {
    const project = testdir({ ".claude/rules/a.md": "my a\n" });
    const bundle = makeBundle(v1);
    const before = stamps(project);
    const failed = installJson(bundle, project);
    assert.equal(failed.status, 1);
    assert.deepEqual(
      failed.json.conflicts.map((c) => c.path),
      [".claude/rules/a.md"],
    );
    assert.deepEqual(stamps(project), before, "nothing was written");
    const moved = install(bundle, project, "--move-aside");
    assert.equal(moved.status, 0, moved.stderr);
    assert.equal(readFileSync(join(project, ".claude/rules/a.md.agentc-old"), "utf8"), "my a\n");
    assert.equal(
      install(bundle, project).status,
      0,
      "the moved-aside file is the user's and no longer a conflict",
    );
  });

  it("every conflict is listed at once", () => {
    const project = testdir({
      ".claude/rules/a.md": "x\n",
      ".claude/rules/y.md": "y\n",
      "AGENTS.md": "my own agents file\n",
      "CLAUDE.md": "my claude\n",
    });
    const failed = installJson(makeBundle(v1), project);
    assert.equal(failed.status, 1);
    assert.deepEqual(failed.json.conflicts.map((c) => c.path).sort(), [
      ".claude/rules/a.md",
      "AGENTS.md",
      "CLAUDE.md",
    ]);
  });

  it("8: an owned folder that is a link to outside the project: nothing outside is touched", () => {
    const outside = testdir({ "keep.md": "outside\n" });
    const project = testdir();
    mkdirSync(join(project, ".claude"));
    symlinkSync(outside, join(project, ".claude/rules"));
    const before = stamps(outside);
    const failed = installJson(makeBundle(v1), project);
    assert.equal(failed.status, 1);
    assert.ok(
      failed.json.conflicts.some((c) => c.path.startsWith(".claude/rules") && /link/.test(c.problem)),
    );
    assert.deepEqual(stamps(outside), before);
    assert.equal(
      install(makeBundle(v1), project, "--move-aside").status,
      1,
      "--move-aside never writes through the link either",
    );
    assert.deepEqual(stamps(outside), before);
  });

  it("9: a person's CLAUDE.md where a link should go coexists: the import goes in as a marked block, uninstall takes it out", () => {
    const adopting = {
      components: {
        ...v1.components,
        claude: { ...v1.components.claude, adopt: ["CLAUDE.md :: import:@AGENTS.md"] },
      },
    };
    const mine = "570 lines of my own instructions\n";
    const project = testdir({ "CLAUDE.md": mine });
    const r = installJson(makeBundle(adopting), project);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.json.conflicts, []);
    const composed = readFileSync(join(project, "CLAUDE.md"), "utf8");
    assert.ok(composed.startsWith(mine), "the person's lines stay byte for byte");
    assert.match(composed, /<!-- agentc:begin[^\n]*-->\n@AGENTS\.md\n<!-- agentc:end -->\n$/);
    assert.equal(runCli(["uninstall", "--project", project]).status, 0);
    assert.deepEqual(snapshot(project), { "CLAUDE.md": `file - ${mine}` });
  });

  it("9b: without an adopt line for it, a person's CLAUDE.md where a link should go is not clobbered; a conflict is reported", () => {
    const project = testdir({ "CLAUDE.md": "570 lines of my own instructions\n" });
    const failed = installJson(makeBundle(v1), project);
    assert.equal(failed.status, 1);
    assert.deepEqual(
      failed.json.conflicts.map((c) => c.path),
      ["CLAUDE.md"],
    );
    assert.equal(readFileSync(join(project, "CLAUDE.md"), "utf8"), "570 lines of my own instructions\n");
  });

  it("10: where links are refused, the import fallback is written and recorded as such; no half-made link", () => {
    const refused = testdir();
    const r = runWithEperm(makeBundle(v1), refused);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(snapshot(refused)["CLAUDE.md"], "file - @AGENTS.md");
    assert.equal(readRecordJson(refused).entries.find((e) => e.path === "CLAUDE.md")?.kind, "import");
    assert.equal(runWithEperm(makeBundle(v1), refused).status, 0, "a reinstall keeps the fallback");
  });

  it("10b: the copy fallback copies the target and is recorded as a copy", () => {
    const bundle = makeBundle({
      components: { c: { files: { "AGENTS.md": "agents\n" }, symlinks: ["GEMINI.md :: AGENTS.md :: copy"] } },
    });
    const project = testdir();
    const r = runWithEperm(bundle, project);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(snapshot(project)["GEMINI.md"], "file - agents\n");
    assert.equal(readRecordJson(project).entries.find((e) => e.path === "GEMINI.md")?.kind, "copy");
  });

  it("11: legacy files agentc wrote: unmodified deleted, edited moved aside, a link it made unlinked, its folders removed only when empty", () => {
    const target = "kept target\n";
    const project = testdir({ "old/target.md": target });
    const v1legacy = makeBundle({
      components: {
        c: {
          files: { "AGENTS.md": "a\n", "old/plain.md": "legacy v0\n", "old/edited.md": "legacy v0\n" },
          symlinks: ["old/link.md :: old/target.md :: copy"],
          scaffold_dirs: ["old/empty", "old/full"],
        },
      },
    });
    assert.equal(install(v1legacy, project).status, 0);
    writeFileSync(join(project, "old/edited.md"), "legacy v0 plus my edit\n");
    writeFileSync(join(project, "old/full/inner.md"), "inner\n");
    const legacy = ["old/plain.md", "old/edited.md", "old/full", "old/empty", "old/link.md"];
    const bundle = makeBundle({ components: { c: { files: { "AGENTS.md": "a\n" }, remove: legacy } } });
    const r = installJson(bundle, project);
    assert.equal(r.status, 0, r.stderr);
    const snap = snapshot(project);
    assert.equal(snap["old/plain.md"], undefined);
    assert.equal(snap["old/edited.md"], undefined);
    assert.equal(snap["old/edited.md.agentc-old"], "file - legacy v0 plus my edit\n");
    assert.equal(snap["old/full/inner.md"], "file - inner\n");
    assert.equal(snap["old/empty"], undefined);
    assert.equal(snap["old/link.md"], undefined);
    assert.equal(snap["old/target.md"], `file - ${target}`);
    assert.ok(r.json.actions.some((a) => a.op === "keep" && a.path === "old/full"));
  });

  it("11b: legacy files agentc did not write are conflicts naming the remove line, even when seed_refresh_hashes vouches for them; --move-aside renames them", () => {
    const project = testdir({
      "old/plain.md": "legacy v0\n",
      "old/target.md": "target\n",
      "old/dir/inner.md": "inner\n",
    });
    mkdirSync(join(project, "old/empty"));
    symlinkSync("target.md", join(project, "old/link.md"));
    const legacy = ["old/plain.md", "old/dir", "old/empty", "old/link.md"];
    const bundle = makeBundle({
      components: { c: { files: { "AGENTS.md": "a\n" }, remove: legacy } },
      seedHistory: { "old/plain.md": ["legacy v0\n"] },
    });
    const before = stamps(project);
    const refused = installJson(bundle, project);
    assert.equal(refused.status, 1, refused.stderr);
    const problems = Object.fromEntries(refused.json.conflicts.map((c) => [c.path, c.problem]));
    assert.deepEqual(Object.keys(problems).sort(), ["old/link.md", "old/plain.md"]);
    assert.match(
      problems["old/plain.md"] ?? "",
      /^manifest\.json line \d+ \(install\.components\.c\.remove\): "old\/plain\.md" asks to delete it, but agentc's install record does not show agentc made a file there \(manifest\.json line \d+ \(install\.seed_refresh_hashes\): "old\/plain\.md :: [0-9a-f]{64}" calls it/,
    );
    assert.match(problems["old/link.md"] ?? "", /agentc made a link there; deleting it would lose it/);
    assert.deepEqual(stamps(project), before, "nothing was written");
    const moved = installJson(bundle, project, "--move-aside");
    assert.equal(moved.status, 0, moved.stderr);
    const snap = snapshot(project);
    assert.equal(snap["old/plain.md.agentc-old"], "file - legacy v0\n");
    assert.equal(snap["old/link.md.agentc-old"], "link target.md");
    assert.equal(snap["old/empty"], "dir", "a folder agentc did not make stays, empty or not");
    assert.equal(snap["old/dir/inner.md"], "file - inner\n");
    assert.equal(runCli(["uninstall", "--project", project]).status, 0);
    assert.equal(snapshot(project)["old/plain.md"], "file - legacy v0\n", "uninstall puts them back");
  });

  for (const [label, bad] of [
    ["a ../ path", "../escape.md"],
    ["an absolute path", "/tmp/agentc-abs.md"],
    ["a drive path", "C:/x.md"],
    ["a NUL byte", "a\u0000b.md"],
  ]) {
    it(`12: a manifest with ${label} is rejected and nothing is written`, () => {
      const bundle = makeBundle({ components: { c: { files: { "AGENTS.md": "a\n" } } } });
      const manifestPath = join(bundle, "manifest.json");
      const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
      manifest.install.components.c.owned_files.push(bad);
      manifest.install.components.c.remove.push(bad);
      writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
      const parent = testdir({ "escape.md": "outside\n" });
      const project = join(parent, "project");
      mkdirSync(project);
      const before = stamps(parent);
      const r = install(bundle, project);
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stderr, /rejected/);
      assert.deepEqual(stamps(parent), before);
    });
  }

  for (const name of ["CON", "nul.txt", "aux.tar.gz", "foo.", "foo ", ".git/config"]) {
    it(`15: the name ${JSON.stringify(name)} is rejected on every OS`, () => {
      const bundle = makeBundle({ components: { c: { files: { "AGENTS.md": "a\n" } } } });
      const manifestPath = join(bundle, "manifest.json");
      const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
      manifest.install.components.c.owned_files.push(name);
      writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
      const project = testdir();
      const r = install(bundle, project);
      assert.equal(r.status, 1);
      assert.match(r.stderr, new RegExp(`${JSON.stringify(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      assert.deepEqual(snapshot(project), {});
    });
  }
});

function runWithEperm(bundle: string, project: string) {
  return installWithEnv(bundle, project, { AGENTC_FORCE_SYMLINK_EPERM: "1" });
}

function installWithEnv(bundle: string, project: string, env: NodeJS.ProcessEnv) {
  return runCli(["install", bundle, "--project", project, "--yes"], { env });
}
