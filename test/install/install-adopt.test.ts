import assert from "node:assert/strict";
import { appendFileSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import { diskTree, repeatedTexts, type SessionLoad, sessionLoad } from "../../src/session-load/index.js";
import { treeHash } from "../support/project-tree-hash.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir, writeFiles } from "../support/testdir.js";

/**
 * Adopting a project people already have (issue 11): the starter registry of `agentc init`, built, installed
 * with `--yes` into service repositories that carry their own instruction files, through the real CLI. What
 * each assistant loads is read with the packs' read models over the project on disk.
 */

const service = {
  "AGENTS.md": "# Payments service\n\nMoney is always integer cents.\nNever log card numbers.\n",
  "CLAUDE.md": "# Claude notes\n\nRun `make test` before every commit.\n",
  ".cursor/rules/mine.mdc":
    "---\ndescription: our error style\nalwaysApply: true\n---\nReturn Result values; never throw.\n",
  ".github/copilot-instructions.md": "Prefer early returns.\n",
  ".github/instructions/team.instructions.md": '---\napplyTo: "**"\n---\nReview your own diff first.\n',
  ".claude/skills/prj-mine/SKILL.md":
    "---\nname: prj-mine\ndescription: Release checklist of the team.\n---\nTag, then deploy.\n",
  ".mcp.json": '{\n  "mcpServers": {\n    "db": { "command": "db-mcp" }\n  }\n}\n',
  ".claude/settings.json": '{\n  "permissions": {\n    "allow": ["Bash(make test)"]\n  }\n}\n',
  "src/pay.ts": "export const cents = (n: number) => Math.round(n);\n",
};

let v1 = "";
let v2 = "";
const agentcLine = "- Read the README before changing anything.";

before(async () => {
  const root = testdir({}, "agentc-adopt-reg-");
  const registry = join(root, "reg");
  assert.equal((await runAgentc(["init", registry])).status, 0);
  v1 = join(root, "v1");
  const built = await runAgentc(["build", registry, "--out", v1]);
  assert.equal(built.status, 0, built.stderr);
  const project = join(registry, "sources/team/project.md");
  writeFileSync(project, `${readFileSync(project, "utf8")}- Keep the changelog current.\n`);
  v2 = join(root, "v2");
  const built2 = await runAgentc(["build", registry, "--out", v2]);
  assert.equal(built2.status, 0, built2.stderr);
});

const cli = (...args: string[]) => runAgentc(args);
const install = (bundle: string, project: string, ...flags: string[]) =>
  cli("install", bundle, "--project", project, "--yes", ...flags);
const json = (r: { stdout: string }) => JSON.parse(r.stdout);

function loads(project: string): Map<string, SessionLoad> {
  const tree = diskTree(project);
  return new Map(builtinClientPacks().map(({ pack }) => [pack.client, sessionLoad(pack, tree)]));
}

const loadedText = (load: SessionLoad | undefined): string =>
  (load?.texts ?? []).map((t) => t.text).join("\n");

/** Every non-empty line each client loaded from the person's project before the install. */
function personsLines(project: string): Map<string, string[]> {
  return new Map(
    [...loads(project)].map(([client, load]) => [
      client,
      load.texts.flatMap((t) => t.text.split("\n")).filter((line) => line.trim() !== ""),
    ]),
  );
}

/** `except`: clients the install warned would stop reading the person's file. */
function assertStillLoaded(project: string, lines: Map<string, string[]>, except: string[] = []): void {
  for (const [client, load] of loads(project)) {
    if (except.includes(client)) continue;
    const text = loadedText(load);
    for (const line of lines.get(client) ?? [])
      assert.ok(text.includes(line), `${client} no longer loads the person's line ${JSON.stringify(line)}`);
  }
}

/** What each client loads twice: the same file, or the same words from two files. */
function repeats(project: string): Record<string, string[]> {
  return Object.fromEntries(
    [...loads(project)].map(([client, load]) => [
      client,
      repeatedTexts(load).map(([a, b]) => `${a.path} ${b.path}`),
    ]),
  );
}

/** No client loads anything twice that it did not already load twice before the install. */
/**
 * Crush tells files apart by how their path is spelled, so the GEMINI.md link the gemini-cli adapter writes is
 * read beside AGENTS.md (AGC151 refuses a build that serves both; this registry does not serve Crush).
 */
const readsLinksTwice = ["crush"];

function assertNothingTwice(project: string, before: Record<string, string[]>, except: string[] = []): void {
  for (const [client, now] of Object.entries(repeats(project))) {
    if (except.includes(client) || readsLinksTwice.includes(client)) continue;
    assert.deepEqual(now, before[client], `${client} loads a text twice`);
  }
}

describe("adopting an existing project (issue 11)", () => {
  it("a service repository with its own instruction files installs with --yes alone; every line it had still loads", async () => {
    const project = testdir(service);
    const beforeInstall = treeHash(project);
    const lines = personsLines(project);
    const twice = repeats(project);
    const r = await install(v1, project, "--format", "json");
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.deepEqual(json(r).conflicts, []);
    const after = treeHash(project);
    for (const path of Object.keys(service).filter((p) => p !== "AGENTS.md" && !p.endsWith(".json")))
      assert.equal(after[path], beforeInstall[path], `${path} is byte for byte as it was`);
    const agents = readFileSync(join(project, "AGENTS.md"), "utf8");
    assert.ok(agents.startsWith(service["AGENTS.md"]), "the person's AGENTS.md lines stay on top, unchanged");
    assert.match(agents, /<!-- agentc:begin[^\n]*-->\n# Code Style/);
    assert.equal(readFileSync(join(project, ".claude/CLAUDE.md"), "utf8"), "@../AGENTS.md\n");
    assertStillLoaded(project, lines);
    assertNothingTwice(project, twice);
    const claude = loads(project).get("claude-code");
    assert.deepEqual(
      claude?.texts.map((t) => `${t.path}:${t.via}`),
      ["CLAUDE.md:file", ".claude/CLAUDE.md:file", "AGENTS.md:import"],
      "Claude Code reads the person's CLAUDE.md and, through .claude/CLAUDE.md, AGENTS.md with agentc's block",
    );
    for (const client of ["claude-code", "codex", "cursor", "github-copilot", "opencode"])
      assert.ok(
        loadedText(loads(project).get(client)).includes(agentcLine),
        `${client} loads agentc's rules`,
      );
    const status = await cli("status", "--project", project, "--check", "--format", "json");
    assert.equal(status.status, 0, status.stdout);
    const own = json(status)
      .notes.filter((n: { kind: string }) => n.kind === "own")
      .map((n: { path: string }) => n.path);
    assert.deepEqual(own.sort(), [
      ".claude/skills/prj-mine/SKILL.md",
      ".cursor/rules/mine.mdc",
      ".github/instructions/team.instructions.md",
    ]);
  });

  it("install then uninstall gives the project back byte for byte: files, modes, links; no .agentc", async () => {
    const project = testdir(service);
    const beforeInstall = treeHash(project);
    assert.equal((await install(v1, project)).status, 0);
    const un = await cli("uninstall", "--project", project);
    assert.equal(un.status, 0, un.stderr);
    assert.deepEqual(treeHash(project), beforeInstall);
  });

  it("install → edit → upgrade → status → uninstall: edits kept, new versions parked, the person's text around the block kept", async () => {
    const project = testdir(service);
    const beforeInstall = treeHash(project);
    assert.equal((await install(v1, project)).status, 0);
    // edited, and the next build changes it / edited, and the next build leaves it
    const changed = ".amazonq/rules/00-always-on.md";
    const unchanged = ".kiro/steering/test-files.md";
    writeFileSync(join(project, unchanged), "my own steering\n");
    const changedEdit = `${readFileSync(join(project, changed), "utf8")}my line\n`;
    writeFileSync(join(project, changed), changedEdit);
    appendFileSync(join(project, "AGENTS.md"), "\n## Below agentc's block\n\nDeploys on Tuesdays.\n");
    const up = await install(v2, project, "--format", "json");
    assert.equal(up.status, 0, up.stdout + up.stderr);
    const actions = json(up).actions as { op: string; path: string }[];
    assert.ok(actions.some((a) => a.op === "keep-modified" && a.path === changed));
    assert.ok(actions.some((a) => a.op === "write-beside" && a.path === `${changed}.agentc-new`));
    assert.ok(actions.some((a) => a.op === "keep" && a.path === unchanged));
    assert.equal(readFileSync(join(project, changed), "utf8"), changedEdit);
    assert.match(readFileSync(join(project, `${changed}.agentc-new`), "utf8"), /Keep the changelog current/);
    assert.equal(readFileSync(join(project, unchanged), "utf8"), "my own steering\n");
    const agents = readFileSync(join(project, "AGENTS.md"), "utf8");
    assert.ok(agents.startsWith(service["AGENTS.md"]));
    assert.match(
      agents,
      /- Keep the changelog current\.\n[\s\S]*\| tests \| test-files \|\n<!-- agentc:end -->\n\n## Below agentc's block\n\nDeploys on Tuesdays\.\n$/,
    );
    const status = await cli("status", "--project", project, "--check", "--format", "json");
    assert.equal(status.status, 1, "a parked new version and edited owned files are drift");
    const drift = json(status).drift.map((d: { kind: string; path: string }) => `${d.kind} ${d.path}`);
    assert.deepEqual(drift.sort(), [
      `modified ${changed}`,
      `modified ${unchanged}`,
      `parked ${changed}.agentc-new`,
    ]);
    const again = await install(v2, project, "--format", "json");
    assert.equal(again.status, 0);
    assert.ok(
      (json(again).actions as { op: string; path: string }[]).some(
        (a) => a.op === "keep" && a.path === changed,
      ),
      "the edit is still detected at the next run",
    );
    assert.ok(
      treeHash(project)[`${changed}.agentc-new`],
      "the parked version stays until the person decides",
    );
    rmSync(join(project, `${changed}.agentc-new`));
    const declined = await install(v2, project, "--format", "json");
    assert.equal(declined.status, 0, declined.stderr);
    assert.equal(
      treeHash(project)[`${changed}.agentc-new`],
      undefined,
      "a parked version the person removed is not written again while the build is unchanged",
    );
    assert.equal(readFileSync(join(project, changed), "utf8"), changedEdit);
    const un = await cli("uninstall", "--project", project, "--format", "json");
    assert.equal(un.status, 0, un.stderr);
    const kept = (json(un).actions as { op: string; path: string }[])
      .filter((a) => a.op === "keep")
      .map((a) => a.path);
    assert.deepEqual(kept.sort(), [changed, unchanged], "the uninstall reports the edited files it keeps");
    const afterAll = treeHash(project);
    const expected = { ...beforeInstall };
    for (const path of [".amazonq", ".amazonq/rules", ".kiro", ".kiro/steering"]) expected[path] = "dir 755";
    expected[changed] = afterAll[changed] as string;
    expected[unchanged] = afterAll[unchanged] as string;
    expected["AGENTS.md"] = afterAll["AGENTS.md"] as string;
    assert.deepEqual(afterAll, expected);
    assert.equal(
      readFileSync(join(project, "AGENTS.md"), "utf8"),
      `${service["AGENTS.md"]}\n## Below agentc's block\n\nDeploys on Tuesdays.\n`,
      "agentc's block is gone, every byte the person wrote above and below it stays",
    );
  });

  it("--take-new takes the new version and saves the edit as .agentc-old; uninstall puts the edit back", async () => {
    const project = testdir(service);
    assert.equal((await install(v1, project)).status, 0);
    const changed = ".amazonq/rules/00-always-on.md";
    writeFileSync(join(project, changed), "my edit\n");
    const up = await install(v2, project, "--take-new");
    assert.equal(up.status, 0, up.stderr);
    assert.match(readFileSync(join(project, changed), "utf8"), /Keep the changelog current/);
    assert.equal(readFileSync(join(project, `${changed}.agentc-old`), "utf8"), "my edit\n");
    const status = await cli("status", "--project", project, "--format", "json");
    assert.ok(
      json(status).notes.some(
        (n: { kind: string; path: string }) => n.kind === "parked" && n.path === `${changed}.agentc-old`,
      ),
    );
    assert.equal((await cli("uninstall", "--project", project)).status, 0);
    assert.equal(readFileSync(join(project, changed), "utf8"), "my edit\n");
  });

  it("a version parked by an earlier upgrade is taken by a later --take-new, or dropped by --keep-mine", async () => {
    const changed = ".amazonq/rules/00-always-on.md";
    for (const flag of ["--take-new", "--keep-mine"]) {
      const project = testdir(service);
      assert.equal((await install(v1, project)).status, 0);
      writeFileSync(join(project, changed), "my edit\n");
      assert.equal((await install(v2, project)).status, 0);
      const parked = readFileSync(join(project, `${changed}.agentc-new`), "utf8");
      const decided = await install(v2, project, flag);
      assert.equal(decided.status, 0, decided.stderr);
      const tree = treeHash(project);
      assert.equal(tree[`${changed}.agentc-new`], undefined, `${flag}: nothing stays parked`);
      const expected = flag === "--take-new" ? parked : "my edit\n";
      assert.equal(readFileSync(join(project, changed), "utf8"), expected, flag);
      assert.equal(
        (await cli("status", "--project", project, "--check")).status,
        flag === "--take-new" ? 0 : 1,
      );
    }
  });

  it("--keep-mine keeps the edit without parking a new version; both flags at once are a usage error", async () => {
    const project = testdir(service);
    assert.equal((await install(v1, project)).status, 0);
    const changed = ".amazonq/rules/00-always-on.md";
    writeFileSync(join(project, changed), "my edit\n");
    const up = await install(v2, project, "--keep-mine");
    assert.equal(up.status, 0, up.stderr);
    assert.equal(readFileSync(join(project, changed), "utf8"), "my edit\n");
    assert.equal(treeHash(project)[`${changed}.agentc-new`], undefined);
    assert.equal((await install(v2, project, "--keep-mine", "--take-new")).status, 2);
  });
});

describe("adoption shapes", () => {
  it("a CLAUDE.md that already imports another file: both still load, with AGENTS.md through .claude/CLAUDE.md", async () => {
    const project = testdir({
      "CLAUDE.md": "See @docs/claude-extra.md for the details.\n",
      "docs/claude-extra.md": "Staging runs on port 8443.\n",
    });
    const beforeInstall = treeHash(project);
    const twice = repeats(project);
    assert.equal((await install(v1, project)).status, 0);
    const claude = loads(project).get("claude-code");
    assert.deepEqual(
      claude?.texts.map((t) => `${t.path}:${t.via}`),
      ["CLAUDE.md:file", "docs/claude-extra.md:import", ".claude/CLAUDE.md:file", "AGENTS.md:import"],
    );
    assertNothingTwice(project, twice);
    assert.equal((await cli("uninstall", "--project", project)).status, 0);
    assert.deepEqual(treeHash(project), beforeInstall);
  });

  it("a link where agentc wanted a file: AGENTS.md -> CLAUDE.md gets the block in CLAUDE.md, the link stays", async () => {
    const project = testdir({ "CLAUDE.md": "# Ours\n\nUse pnpm.\n" });
    symlinkSync("CLAUDE.md", join(project, "AGENTS.md"));
    const beforeInstall = treeHash(project);
    const lines = personsLines(project);
    const twice = repeats(project);
    assert.equal((await install(v1, project)).status, 0);
    assert.equal(treeHash(project)["AGENTS.md"], "link CLAUDE.md");
    const claudeMd = readFileSync(join(project, "CLAUDE.md"), "utf8");
    assert.ok(claudeMd.startsWith("# Ours\n\nUse pnpm.\n"));
    assert.match(claudeMd, /<!-- agentc:begin/);
    assertStillLoaded(project, lines);
    assertNothingTwice(project, twice);
    for (const client of ["claude-code", "codex", "cursor", "github-copilot"])
      assert.ok(
        loadedText(loads(project).get(client)).includes(agentcLine),
        `${client} loads agentc's rules`,
      );
    assert.equal((await cli("uninstall", "--project", project)).status, 0);
    assert.deepEqual(treeHash(project), beforeInstall);
  });

  it("a file where agentc wanted a link: a person's GEMINI.md gets an @AGENTS.md block; Copilot's double load is a warning", async () => {
    const project = testdir({ "GEMINI.md": "Gemini: answer in British English." });
    const beforeInstall = treeHash(project);
    const lines = personsLines(project);
    const twice = repeats(project);
    const r = await install(v1, project);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(
      readFileSync(join(project, "GEMINI.md"), "utf8"),
      "Gemini: answer in British English.\n\n<!-- agentc:begin (written by agentc install; agentc uninstall removes it) -->\n@AGENTS.md\n<!-- agentc:end -->\n",
    );
    assert.match(r.stdout + r.stderr, /warning: GEMINI\.md: GitHub Copilot loads AGENTS\.md twice/);
    // Zed reads the first of its instruction files only, and AGENTS.md comes before GEMINI.md: said, not hidden.
    assert.match(
      r.stdout + r.stderr,
      /warning: GEMINI\.md: Zed no longer reads GEMINI\.md: it reads only the first instruction file it finds, now AGENTS\.md/,
    );
    // Zed is no component of this bundle: the hint names the component that writes AGENTS.md, not a "zed" one.
    assert.match(
      r.stdout + r.stderr,
      /install without the component that writes AGENTS\.md \(--components\)/,
    );
    assert.doesNotMatch(r.stdout + r.stderr, /without the zed component/);
    assertStillLoaded(project, lines, ["zed"]);
    assert.ok(
      loadedText(loads(project).get("gemini-cli")).includes(agentcLine),
      "Gemini CLI loads agentc's rules",
    );
    assertNothingTwice(project, twice, ["github-copilot"]);
    assert.equal((await cli("uninstall", "--project", project)).status, 0);
    assert.deepEqual(
      treeHash(project),
      beforeInstall,
      "the file without a final newline comes back as it was",
    );
  });

  it("a CLAUDE.md that several first-file-only clients stop reading is one warning naming them all", async () => {
    const project = testdir({ "CLAUDE.md": "# Ours\n\nUse pnpm.\n" });
    const r = await install(v1, project);
    assert.equal(r.status, 0, r.stderr);
    const unread = (r.stdout + r.stderr)
      .split("\n")
      .filter((line) => /no longer reads? CLAUDE\.md/.test(line));
    assert.equal(unread.length, 1, unread.join("\n"));
    assert.match(
      unread[0] ?? "",
      /, .* and .* no longer read CLAUDE\.md: each reads only the first instruction file/,
    );
    for (const client of ["Amp", "OpenCode", "Zed"]) assert.ok(unread[0]?.includes(client), client);
    const hints = (r.stdout + r.stderr).split("\n").filter((line) => line.includes("if they should keep it"));
    assert.equal(hints.length, 1);
  });

  it("a person's file that already holds agentc's bytes, and their own GEMINI.md link, stay after uninstall", async () => {
    const agents = readFileSync(join(v1, "AGENTS.md"));
    const project = testdir({ "AGENTS.md": agents });
    symlinkSync("AGENTS.md", join(project, "GEMINI.md"));
    const beforeInstall = treeHash(project);
    assert.equal((await install(v1, project)).status, 0);
    assert.equal((await cli("uninstall", "--project", project)).status, 0);
    assert.deepEqual(treeHash(project), beforeInstall);
  });

  it("a person's own .claude/CLAUDE.md gets the import as a block; a CLAUDE.local.md alone also triggers it", async () => {
    const own = testdir({ ".claude/CLAUDE.md": "Use the staging database.\n" });
    const ownBefore = treeHash(own);
    assert.equal((await install(v1, own)).status, 0);
    assert.match(
      readFileSync(join(own, ".claude/CLAUDE.md"), "utf8"),
      /^Use the staging database\.\n\n<!-- agentc:begin[^\n]*-->\n@\.\.\/AGENTS\.md\n<!-- agentc:end -->\n$/,
    );
    assert.ok(loadedText(loads(own).get("claude-code")).includes(agentcLine));
    assert.equal((await cli("uninstall", "--project", own)).status, 0);
    assert.deepEqual(treeHash(own), ownBefore);
    const local = testdir({ "CLAUDE.local.md": "My own notes.\n" });
    const localBefore = treeHash(local);
    assert.equal((await install(v1, local)).status, 0);
    assert.equal(readFileSync(join(local, ".claude/CLAUDE.md"), "utf8"), "@../AGENTS.md\n");
    assert.ok(loadedText(loads(local).get("claude-code")).includes(agentcLine));
    assert.equal((await cli("uninstall", "--project", local)).status, 0);
    assert.deepEqual(treeHash(local), localBefore);
  });

  it("without a CLAUDE.md nothing is written for Claude Code: it reads AGENTS.md itself", async () => {
    const project = testdir({ "AGENTS.md": "# Ours\n" });
    assert.equal((await install(v1, project)).status, 0);
    assert.equal(treeHash(project)[".claude/CLAUDE.md"], undefined);
    assert.ok(loadedText(loads(project).get("claude-code")).includes(agentcLine));
  });

  it("an edited block is kept and reported, never overwritten; uninstall leaves it", async () => {
    const project = testdir({ "AGENTS.md": "# Ours\n" });
    assert.equal((await install(v1, project)).status, 0);
    const path = join(project, "AGENTS.md");
    const edited = readFileSync(path, "utf8").replace("Never commit secrets.", "Never commit secrets, ever.");
    writeFileSync(path, edited);
    const status = await cli("status", "--project", project, "--check");
    assert.equal(status.status, 1);
    assert.match(status.stdout, /modified +AGENTS\.md: agentc's block in your file was edited/);
    const up = await install(v2, project);
    assert.equal(up.status, 0, up.stderr);
    assert.match(up.stdout + up.stderr, /warning: AGENTS\.md: agentc's block in it was edited/);
    assert.equal(readFileSync(path, "utf8"), edited);
    assert.equal((await cli("uninstall", "--project", project)).status, 0);
    assert.equal(readFileSync(path, "utf8"), edited);
  });
});

describe("a person's text that agentc's block repeats (a registry imported from the project)", () => {
  it("warns at the paragraph's line, and not where the block holds only the registry's own rules", async () => {
    const root = testdir({}, "agentc-adopt-repeat-");
    const project = join(root, "app");
    const person =
      "# Payments service\n\nMoney is always integer cents, and never a float in any code path.\n";
    const claude = "@AGENTS.md\n\nClaude: keep each diff small and about one change.\n";
    writeFiles(project, { "AGENTS.md": person, "CLAUDE.md": claude });
    const registry = join(root, "reg");
    assert.equal((await cli("import", project, "--out", registry)).status, 0);
    // With its native copies the build gives the project's files back as they are and the install changes
    // nothing (issue 29).
    const asIs = join(root, "as-is");
    assert.equal((await cli("build", registry, "--out", asIs, "-q")).status, 0);
    assert.match((await install(asIs, project)).stdout, /install: 0 changes applied/);
    assert.equal((await cli("uninstall", "--project", project)).status, 0);
    // The person's AGENTS.md moves on after the import: agentc's block now repeats a paragraph of theirs.
    appendFileSync(join(project, "AGENTS.md"), "\nA line written after the import.\n");
    assert.equal((await cli("build", registry, "--out", join(root, "build"), "-q")).status, 0);
    const r = await install(join(root, "build"), project);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout + r.stderr,
      /warning: AGENTS\.md:3:1: 1 paragraph of your text is also in agentc's block in this file: its assistants read it twice/,
    );
    const other = testdir({ "AGENTS.md": person });
    const own = await install(v1, other);
    assert.equal(own.status, 0, own.stderr);
    assert.doesNotMatch(own.stdout + own.stderr, /also in agentc's block/);
  });
});
