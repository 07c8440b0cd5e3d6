import assert from "node:assert/strict";
import { appendFileSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { runAgentc } from "../support/run-cli.js";
import { type InProcessServe, serveInProcess } from "../support/serve-process.js";
import { testdir } from "../support/testdir.js";

const docsRule = `---
scope: scoped
globs: ["docs/**"]
description: How to write docs. Use when editing documentation.
---
# Docs

- Short sentences.
`;

async function ok(args: string[]): Promise<{ stdout: string; stderr: string }> {
  const run = await runAgentc(args);
  assert.equal(run.status, 0, `agentc ${args.join(" ")}\n${run.stderr}`);
  return run;
}

/** A registry built as 1.0.0, then as 1.1.0 with a docs rule added and the always-on rules grown. */
async function twoReleases(): Promise<{ releases: string; next: string }> {
  const work = testdir();
  const registry = join(work, "registry");
  await ok(["init", registry, "--assistants", "claude-code,cursor"]);
  const targets = join(registry, "targets.json");
  const setVersion = (version: string): void =>
    writeFileSync(
      targets,
      readFileSync(targets, "utf8").replace(
        /"registry_version": "[^"]+"/,
        `"registry_version": "${version}"`,
      ),
    );
  setVersion("1.0.0");
  const releases = join(work, "releases");
  await ok(["build", registry, "--out", join(releases, "1.0.0")]);
  setVersion("1.1.0");
  writeFileSync(join(registry, "sources", "team", "docs.md"), docsRule);
  appendFileSync(join(registry, "sources", "team", "project.md"), "- Keep functions short.\n");
  const next = join(work, "next-1.1.0");
  await ok(["build", registry, "--out", next]);
  return { releases, next };
}

describe("agentc update --summary", () => {
  let server: InProcessServe;
  let releases: string;
  let next: string;
  before(async () => {
    ({ releases, next } = await twoReleases());
    server = await serveInProcess(releases);
  });
  after(() => server.stop());

  it("updates, and prints the files, components and each assistant's gains and losses as Markdown", async () => {
    const projects = [testdir(), testdir()];
    for (const project of projects) await ok(["install", server.url, "--project", project, "--yes"]);
    renameSync(next, join(releases, "1.1.0"));
    const first = await ok(["update", "--project", projects[0] as string, "--summary"]);
    const body = first.stdout;
    assert.match(
      body,
      /^## Agent configuration 1\.0\.0 → 1\.1\.0\n\nUpdated by `agentc update` from `http:\/\/127\.0\.0\.1:\d+\/`\.\n/,
    );
    assert.match(
      body,
      /### Files\n\n2 added, 1 changed, 0 removed\.\n\n\| change \| file \|\n\| --- \| --- \|\n\| added \| `\.claude\/rules\/docs\.md` \|\n\| added \| `\.cursor\/rules\/docs\.mdc` \|\n\| changed \| `AGENTS\.md` \|\n/,
    );
    assert.match(body, /### Components\n\n- unchanged: `agents-md`, `claude-code`, `cursor`\n/);
    assert.match(
      body,
      /\*\*[^*\n]*Cursor[^*\n]*\*\* \([\d,]+ → [\d,]+ characters in every session, limit [\d,]+\)\n\n- gains rule `docs` \(`\.cursor\/rules\/docs\.mdc`\)\n- always-loaded file `AGENTS\.md`: \d+ characters → \d+ characters\n/,
    );
    assert.match(
      body,
      /\*\*[^*\n]*Claude Code[^*\n]*\*\* [^\n]*\n\n- gains rule `docs` \(`\.claude\/rules\/docs\.md`\)\n/,
    );
    assert.doesNotMatch(body, /install:|updating/, "the update's own report goes to stderr");
    assert.match(first.stderr, /install: 3 changes applied/);
    assert.equal(
      readFileSync(join(projects[0] as string, ".cursor/rules/docs.mdc"), "utf8").includes("Short sentences"),
      true,
    );

    const second = await ok(["update", "--project", projects[1] as string, "--summary"]);
    assert.equal(second.stdout, body, "the same update of an equal project gives the same bytes");

    const json = await ok([
      "update",
      "--project",
      projects[1] as string,
      "--to",
      "1.0.0",
      "--allow-downgrade",
      "--summary",
      "--format",
      "json",
    ]);
    const summary = JSON.parse(json.stdout);
    assert.deepEqual(summary.files, {
      added: [],
      changed: ["AGENTS.md"],
      removed: [".claude/rules/docs.md", ".cursor/rules/docs.mdc"],
    });
    assert.equal(summary.from, "1.1.0");
    assert.equal(summary.to, "1.0.0");
    const cursor = summary.assistants.find((a: { client: string }) => a.client === "cursor");
    assert.deepEqual(cursor.loses, [{ kind: "rule", name: "docs", path: ".cursor/rules/docs.mdc" }]);
    assert.ok(cursor.characters.after < cursor.characters.before);
  });

  it("refuses --summary with --check or --dry-run", async () => {
    for (const other of ["--check", "--dry-run"]) {
      const run = await runAgentc(["update", "--project", testdir(), "--summary", other]);
      assert.equal(run.status, 2);
      assert.match(run.stderr, /--summary reports an update that was made: leave out --check and --dry-run/);
    }
  });
});
