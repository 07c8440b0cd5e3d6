import assert from "node:assert/strict";
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { ProjectWriter } from "../../src/install/apply/fs-ops.js";
import { readJournal } from "../../src/install/apply/journal.js";
import { recoverInterrupted } from "../../src/install/apply/recover.js";
import { projectStatus } from "../../src/install/status.js";
import { sha256 } from "../../src/shared/hash.js";
import { install, installJson, makeBundle, snapshot, stamps } from "../support/install-fixture.js";
import { runAgentc, runCliProcess } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const v1 = {
  version: "1.0.0",
  components: {
    core: {
      required: true,
      owned_dirs: ["rules"],
      files: { "rules/a.md": "rule a, first\n", "rules/b.md": "rule b, first\n" },
    },
  },
};
const v2 = {
  version: "2.0.0",
  components: {
    core: {
      required: true,
      owned_dirs: ["rules"],
      files: { "rules/a.md": "rule a, second version\n", "rules/b.md": "rule b, first\n" },
    },
  },
};

const cachePath = (project: string): string => join(project, ".agentc/stat-cache.json");
const readCache = (project: string): { version: number; files: Record<string, string> } =>
  JSON.parse(readFileSync(cachePath(project), "utf8"));
const stampOf = (abs: string): string => {
  const s = lstatSync(abs, { bigint: true });
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
};
const modified = (project: string): string[] => {
  const status = projectStatus(project);
  assert.ok(status.ok && status.installed);
  return status.drift.filter((d) => d.kind === "modified").map((d) => d.path);
};

/**
 * Same size, different bytes, and the old mtime put back, as `touch -r` could. utimes takes whole
 * microseconds at best, so the file first gets a whole-second mtime, recorded in the cache as trusted.
 */
function editKeepingSizeAndMtime(project: string, path: string, text: string): void {
  const abs = join(project, path);
  const second = new Date(Math.floor(Date.now() / 1000) * 1000 - 5000);
  utimesSync(abs, second, second);
  forgeEntry(project, path, sha256(readFileSync(abs)), new Date(Date.now() + 60_000));
  const before = lstatSync(abs, { bigint: true });
  assert.equal(text.length, Number(before.size));
  writeFileSync(abs, text);
  utimesSync(abs, second, second);
  const after = lstatSync(abs, { bigint: true });
  assert.equal(after.mtimeNs, before.mtimeNs);
  assert.equal(after.size, before.size);
  assert.equal(after.ino, before.ino);
}

/**
 * Points the cache entry of `path` at the file's current stamp with `hash`, and sets the cache's own mtime:
 * the state a cache would be in if the file had changed right after agentc took its stamp.
 */
function forgeEntry(project: string, path: string, hash: string, cacheTime: Date): void {
  const cache = readCache(project);
  cache.files[path] = `${stampOf(join(project, path))} ${hash}`;
  writeFileSync(cachePath(project), JSON.stringify(cache));
  utimesSync(cachePath(project), cacheTime, cacheTime);
}

describe("the stat cache", () => {
  it("is written by an install: every installed file with its stamp and hash", async () => {
    const project = testdir();
    assert.equal((await install(makeBundle(v1), project)).status, 0);
    const cache = readCache(project);
    assert.equal(cache.version, 1);
    assert.deepEqual(Object.keys(cache.files), ["rules/a.md", "rules/b.md"]);
    assert.equal(
      cache.files["rules/a.md"],
      `${stampOf(join(project, "rules/a.md"))} ${sha256("rule a, first\n")}`,
    );
  });

  it("an edit of the same size with the old mtime put back is still seen (the ctime moved)", async () => {
    const bundle = makeBundle(v1);
    const project = testdir();
    assert.equal((await install(bundle, project)).status, 0);
    editKeepingSizeAndMtime(project, "rules/a.md", "rule a, FIRST\n");
    assert.deepEqual(modified(project), ["rules/a.md"]);
    const upgrade = await installJson(makeBundle(v2), project);
    assert.equal(upgrade.status, 0, upgrade.stderr);
    assert.ok(
      upgrade.json.actions.some((a) => a.op === "keep-modified" && a.path === "rules/a.md"),
      "the edit is seen and kept, not overwritten",
    );
    assert.equal(readFileSync(join(project, "rules/a.md"), "utf8"), "rule a, FIRST\n");
  });

  it("racy: a stamp not older than the cache file is not trusted; an older one is", async () => {
    const project = testdir();
    assert.equal((await install(makeBundle(v1), project)).status, 0);
    const abs = join(project, "rules/a.md");
    editKeepingSizeAndMtime(project, "rules/a.md", "rule a, FIRST\n");
    // utimes takes seconds as a double: setting the cache's mtime to exactly the file's ctime can round a
    // nanosecond above it, so the forged cache is dated 1 ms before the edit — a stamp not older than it
    const fileTime = new Date(lstatSync(abs).ctime.getTime() - 1);
    // the cache claims the edited stamp still holds agentc's bytes, written no later than the edit
    forgeEntry(project, "rules/a.md", sha256("rule a, first\n"), fileTime);
    assert.deepEqual(modified(project), ["rules/a.md"], "not older than the cache: read again");
    // the same claim from a cache written well after the stamp is trusted (this is what saves the reads)
    forgeEntry(project, "rules/a.md", sha256("rule a, first\n"), new Date(Date.now() + 60_000));
    assert.deepEqual(modified(project), [], "an old enough stamp is trusted without reading");
  });

  it("is never trusted to destroy a file: a file the plan would replace is read first", async () => {
    const project = testdir();
    assert.equal((await install(makeBundle(v1), project)).status, 0);
    editKeepingSizeAndMtime(project, "rules/a.md", "rule a, FIRST\n");
    forgeEntry(project, "rules/a.md", sha256("rule a, first\n"), new Date(Date.now() + 60_000));
    const upgrade = await installJson(makeBundle(v2), project);
    assert.equal(upgrade.status, 0, upgrade.stdout);
    assert.ok(
      upgrade.json.actions.some((a) => a.op === "keep-modified" && a.path === "rules/a.md"),
      upgrade.stdout,
    );
    assert.equal(readFileSync(join(project, "rules/a.md"), "utf8"), "rule a, FIRST\n");
  });

  it("a project installed before the cache existed (or with it deleted or corrupt) reinstalls and upgrades", async () => {
    const bundle = makeBundle(v1);
    const project = testdir();
    assert.equal((await install(bundle, project)).status, 0);
    const record = readFileSync(join(project, ".agentc/installed.json"), "utf8");
    rmSync(cachePath(project));
    const before = stamps(project);
    const again = await installJson(bundle, project);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(again.json.written, false);
    assert.deepEqual(stamps(project), before, "a no-op writes nothing, not even a missing cache");
    writeFileSync(cachePath(project), "{ not json");
    const corrupt = await installJson(bundle, project);
    assert.equal(corrupt.json.written, false);
    const upgrade = await installJson(makeBundle(v2), project);
    assert.equal(upgrade.status, 0, upgrade.stderr);
    assert.equal(readFileSync(join(project, "rules/a.md"), "utf8"), "rule a, second version\n");
    assert.deepEqual(Object.keys(readCache(project).files), ["rules/a.md", "rules/b.md"]);
    assert.notEqual(readFileSync(join(project, ".agentc/installed.json"), "utf8"), record);
  });

  it("the install record stays the same bytes whatever the stamps (the cache is kept apart)", async () => {
    const bundle = makeBundle(v1);
    const [one, two] = [testdir(), testdir()];
    assert.equal((await install(bundle, one)).status, 0);
    assert.equal((await install(bundle, two)).status, 0);
    const record = (p: string): string => readFileSync(join(p, ".agentc/installed.json"), "utf8");
    assert.equal(record(one), record(two));
    assert.notEqual(readFileSync(cachePath(one), "utf8"), readFileSync(cachePath(two), "utf8"));
  });

  it("goes with uninstall", async () => {
    const project = testdir({ "README.md": "mine\n" });
    const before = snapshot(project);
    assert.equal((await install(makeBundle(v1), project)).status, 0);
    assert.ok(existsSync(cachePath(project)));
    assert.equal((await runAgentc(["uninstall", "--project", project])).status, 0);
    assert.deepEqual(snapshot(project), before);
  });
});

describe("files created in place", () => {
  it("a crash leaves at most an empty file, which recovery removes; a user's file there is kept", async () => {
    const bundle = makeBundle(v1);
    const project = testdir();
    // after the lock (temp file, link, temp removed), the journal, the backup folder and the rules folder
    const crashed = runCliProcess(["install", bundle, "--project", project, "--yes"], {
      env: { AGENTC_CRASH_AT: "8" },
    });
    assert.equal(crashed.status, 137, crashed.stderr);
    const journal = readJournal(project);
    const puts = (journal?.steps ?? []).filter((s) => s.op === "put" && s.path.startsWith("rules/"));
    assert.equal(puts.length, 2);
    const [first, second] = puts.map((s) => join(project, (s as { path: string }).path));
    assert.ok(first && second);
    for (const abs of [first, second]) rmSync(abs, { force: true });
    mkdirSync(join(project, "rules"), { recursive: true });
    writeFileSync(first, ""); // the write cut short by the kill
    writeFileSync(second, "the user's own file\n");
    await recoverInterrupted(new ProjectWriter(project), project);
    assert.equal(existsSync(first), false);
    assert.equal(readFileSync(second, "utf8"), "the user's own file\n");
  });
});
