import assert from "node:assert/strict";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { writeFiles } from "../support/testdir.js";
import { startGitServer } from "./git-server.js";
import { initRegistry, skill } from "./upstream.js";

const read = (path: string) => readFileSync(path, "utf8");
const lockOf = (dir: string) => JSON.parse(read(join(dir, "agentc.lock")));
const builtSkill = (dir: string, name: string) =>
  read(join(dir, "build", ".claude", "skills", name, "SKILL.md"));

describe("git dependencies: a skills repository over git://, pinned by agentc.lock", () => {
  it("adds, locks, builds; builds again offline with the server gone; --frozen fails after an upstream change", async () => {
    const git = await startGitServer();
    const first = git.create("skills", { "skills/review/SKILL.md": skill("review", "Review v1.") });
    const dir = await initRegistry("team");
    const added = await runAgentc(["add", git.url("skills"), dir, "--path", "skills", "--ref", "main"]);
    assert.equal(added.status, 0, added.stderr);
    assert.match(added.stdout, /added "skills" \(git\)/);
    const lock = lockOf(dir);
    assert.equal(lock.registry, "team");
    assert.equal(lock.dependencies[0].resolved, first);
    assert.match(lock.dependencies[0].digest, /^sha256:[0-9a-f]{64}$/);
    const lockBytes = read(join(dir, "agentc.lock"));

    const built = await runAgentc(["build", dir]);
    assert.equal(built.status, 0, built.stdout + built.stderr);
    assert.match(builtSkill(dir, "review"), /Review v1\./);

    git.commit("skills", { "skills/review/SKILL.md": skill("review", "Review v2.") });
    const locked = await runAgentc(["build", dir]);
    assert.equal(locked.status, 0, locked.stdout);
    assert.match(builtSkill(dir, "review"), /Review v1\./, "a plain build keeps the locked commit");
    const frozen = await runAgentc(["build", dir, "--frozen"]);
    assert.equal(frozen.status, 1);
    assert.match(
      frozen.stdout,
      /AGC191 Dependency "skills": "main" now names [0-9a-f]{40} upstream, but agentc\.lock pins/,
    );
    assert.match(frozen.stdout, /agentc update skills/);
    assert.equal(read(join(dir, "agentc.lock")), lockBytes, "--frozen never writes the lock");

    const outdated = await runAgentc(["outdated", "--sources", dir, "--check"]);
    assert.equal(outdated.status, 1);
    assert.match(outdated.stdout, /skills +git +main +[0-9a-f]{40} +[0-9a-f]{40} +behind/);
    const moved = await runAgentc(["update", "skills", "--registry", dir]);
    assert.equal(moved.status, 0, moved.stderr);
    assert.notEqual(lockOf(dir).dependencies[0].resolved, first);
    assert.equal((await runAgentc(["build", dir, "--frozen"])).status, 0);
    assert.match(builtSkill(dir, "review"), /Review v2\./);

    await git.stop();
    const offline = await runAgentc(["build", dir, "--offline"]);
    assert.equal(offline.status, 0, offline.stdout);
    const again = await runAgentc(["build", dir]);
    assert.equal(again.status, 0, "a second build needs no network");
    const unreachable = await runAgentc(["build", dir, "--frozen"]);
    assert.equal(unreachable.status, 0, unreachable.stdout);
    assert.match(
      unreachable.stdout,
      /warning AGC191 .*used the cached copy .*dependencies\/sha256-[0-9a-f]{64}/,
    );

    rmSync(join(dir, ".agentc-cache"), { recursive: true });
    const gone = await runAgentc(["build", dir]);
    assert.equal(gone.status, 1);
    assert.match(
      gone.stdout,
      /git could not read git:\/\/127\.0\.0\.1:\d+\/skills: .*; no cached copy of sha256:/,
    );
  });

  it("refuses a missing ref and leaves sources.json as it was", async () => {
    const git = await startGitServer();
    git.create("skills", { "skills/review/SKILL.md": skill("review", "Review.") });
    const dir = await initRegistry("team");
    const before = read(join(dir, "sources.json"));
    const added = await runAgentc(["add", git.url("skills"), dir, "--path", "skills", "--ref", "v9"]);
    assert.equal(added.status, 1);
    assert.match(added.stderr, /the ref "v9" is not in git:\/\/127\.0\.0\.1:\d+\/skills/);
    assert.match(added.stderr, /hint: Give a branch, a tag or a full 40-character commit/);
    assert.equal(read(join(dir, "sources.json")), before);
  });

  it("leaves out a symbolic link of the repository (one to /etc/passwd is never read) and keeps the rest", async () => {
    const git = await startGitServer();
    git.create("skills", { "skills/review/SKILL.md": skill("review", "Review.") });
    git.link("skills", "skills/review/passwd.md", "/etc/passwd");
    const dir = await initRegistry("team");
    assert.equal((await runAgentc(["add", git.url("skills"), dir, "--path", "skills"])).status, 0);
    assert.equal((await runAgentc(["build", dir])).status, 0);
    const folder = join(dir, "build", ".claude", "skills", "review");
    assert.match(read(join(folder, "SKILL.md")), /Review\./);
    assert.throws(() => statSync(join(folder, "passwd.md")), /ENOENT/);
    const cache = join(dir, ".agentc-cache", "sources", "dependencies");
    const [stored] = readdirSync(cache);
    assert.deepEqual(readdirSync(join(cache, stored ?? "", "core", "skills", "review")), ["SKILL.md"]);
  });

  it("a locked digest that the content at the pinned commit does not have is an error, not a silent rebuild", async () => {
    const git = await startGitServer();
    git.create("skills", { "skills/review/SKILL.md": skill("review", "Review.") });
    const dir = await initRegistry("team");
    assert.equal((await runAgentc(["add", git.url("skills"), dir, "--path", "skills"])).status, 0);
    const lock = lockOf(dir);
    lock.dependencies[0].digest = `sha256:${"ab".repeat(32)}`;
    writeFileSync(join(dir, "agentc.lock"), `${JSON.stringify(lock, null, 2)}\n`);
    const built = await runAgentc(["build", dir]);
    assert.equal(built.status, 1);
    assert.match(
      built.stdout,
      /has the digest sha256:[0-9a-f]{64}, but agentc\.lock records sha256:(ab){32}/,
    );
  });

  it("pins a full commit; the registry's own skill wins over a dependency's of the same name", async () => {
    const git = await startGitServer();
    const commit = git.create("skills", {
      "skills/review/SKILL.md": skill("review", "Their review."),
      "skills/explain/SKILL.md": skill("explain", "Their explain."),
      "skills/explain/scripts/outline.sh": "#!/bin/sh\necho outline\n",
    });
    const dir = await initRegistry("team");
    writeFiles(dir, { "core/skills/review/SKILL.md": skill("review", "Our review.") });
    const added = await runAgentc(["add", git.url("skills"), dir, "--path", "skills", "--ref", commit]);
    assert.equal(added.status, 0, added.stderr);
    const built = await runAgentc(["build", dir, "--verbose"]);
    assert.equal(built.status, 0, built.stdout);
    assert.match(builtSkill(dir, "review"), /Our review\./);
    assert.match(builtSkill(dir, "explain"), /Their explain\./);
    const script = join(dir, "build", ".claude", "skills", "explain", "scripts", "outline.sh");
    assert.equal(statSync(script).mode & 0o111, 0o111, "a dependency's executable script stays executable");
    assert.match(
      built.stdout,
      /info AGC191 The skill "review" of dependency "skills" is not used: core\/skills\/review\/SKILL\.md defines it and wins/,
    );
  });

  it("--frozen fails when sources.json declares a dependency agentc.lock lacks, and when it dropped one", async () => {
    const git = await startGitServer();
    git.create("skills", { "skills/review/SKILL.md": skill("review", "Review.") });
    const dir = await initRegistry("team");
    const sourcesBefore = read(join(dir, "sources.json"));
    assert.equal((await runAgentc(["add", git.url("skills"), dir, "--path", "skills"])).status, 0);
    const lockBytes = read(join(dir, "agentc.lock"));
    writeFileSync(join(dir, "sources.json"), sourcesBefore);
    const dropped = await runAgentc(["build", dir, "--frozen"]);
    assert.equal(dropped.status, 1);
    assert.match(dropped.stdout, /agentc\.lock pins "skills", which sources\.json no longer declares/);
    assert.equal(read(join(dir, "agentc.lock")), lockBytes);
    const relocked = await runAgentc(["lock", dir]);
    assert.equal(relocked.status, 0, relocked.stderr);
    assert.deepEqual(lockOf(dir).dependencies, []);
  });
});
