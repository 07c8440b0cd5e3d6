import assert from "node:assert/strict";
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { copyOf, install, makeBundle } from "../support/install-fixture.js";
import {
  fullTree,
  notLinux,
  runInstallSh,
  type Shell,
  served,
  shellSlice,
  shells,
} from "../support/install-sh.js";
import { treeHash } from "../support/project-tree-hash.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Issue 29, part 1: a person's assistant file that agentc adopted (it held the bytes the bundle ships, as after
 * `agentc import`) is taken over when the bundle's version changes while the file is still as adopted: the new
 * version is written without a conflict, the person's file is kept in .agentc/originals, and uninstall (or a
 * bundle that no longer ships the path) gives it back: bytes, mode, inode.
 */
const rule = ".claude/rules/style.md";
const mine = "---\npaths:\n  - src/**\n---\n# Style\n\n- Tabs.\n";
const bundle = (text: string, version: string, files: Record<string, string> = {}) =>
  makeBundle({ version, components: { claude: { files: { [rule]: text, ...files } } } });

/** A project with the person's rule (0600, and a hard link to it), adopted by a first install. */
async function adoptedProject(): Promise<{ project: string; original: Record<string, string> }> {
  const project = testdir({ [rule]: mine, "src/app.ts": "export {};\n" });
  chmodSync(join(project, rule), 0o600);
  const original = treeHash(project);
  const first = await install(bundle(mine, "1.0.0"), project);
  assert.equal(first.status, 0, first.stderr);
  assert.equal(record(project).find((e) => e.path === rule)?.adopted, true);
  return { project, original };
}

/** The build of a registry imported from a project with `mine` at the rule's path, its rule edited to `text` since. */
const importedBundle = (text: string) =>
  makeBundle({
    version: "1.0.0",
    components: { claude: { files: { [rule]: text } } },
    imported: { [rule]: mine },
  });

const seedBundle = (text: string, version: string) =>
  makeBundle({ version, components: { claude: { seeds: { [rule]: text } } } });

/** A project whose rule (0600) a first install adopted as a seed. */
async function adoptedSeedProject(): Promise<{ project: string; original: Record<string, string> }> {
  const project = testdir({ [rule]: mine, "src/app.ts": "export {};\n" });
  chmodSync(join(project, rule), 0o600);
  const original = treeHash(project);
  assert.equal((await install(seedBundle(mine, "1.0.0"), project)).status, 0);
  const entry = record(project).find((e) => e.path === rule);
  assert.equal(entry?.adopted, true, JSON.stringify(entry));
  return { project, original };
}

const geminiFiles = { "AGENTS.md": "# Agents\n", "docs/AGENTS.md": "# Docs\n" };
const linkedGemini = (target: string, version: string) =>
  makeBundle({
    version,
    components: { c: { files: geminiFiles, symlinks: [`GEMINI.md :: ${target} :: copy`] } },
  });

const geminiAsFile = (version: string) =>
  makeBundle({ version, components: { c: { files: { ...geminiFiles, "GEMINI.md": "# Gemini\n" } } } });

/** A project whose GEMINI.md link to AGENTS.md a first install adopted, with a file of the person's at its original's place. */
async function adoptedLinkWithOriginalPlaceTaken(): Promise<string> {
  const project = testdir(geminiFiles);
  symlinkSync("AGENTS.md", join(project, "GEMINI.md"));
  assert.equal((await install(linkedGemini("AGENTS.md", "1.0.0"), project)).status, 0);
  mkdirSync(join(project, ".agentc/originals"));
  writeFileSync(join(project, ".agentc/originals/GEMINI.md"), "# kept by hand\n");
  return project;
}

function record(project: string): { path: string; adopted?: boolean; original?: unknown }[] {
  return JSON.parse(readFileSync(join(project, ".agentc/installed.json"), "utf8")).entries;
}

const withoutAgentc = (tree: Record<string, string>) =>
  Object.fromEntries(Object.entries(tree).filter(([path]) => !path.startsWith(".agentc")));

describe("a person's file agentc adopted is taken over when the bundle changes it (issue 29)", () => {
  it("the new version is written without .agentc-new; status shows no drift; uninstall gives back bytes, mode and inode", async () => {
    const { project, original } = await adoptedProject();
    linkSync(join(project, rule), join(project, "style-hardlink.md"));
    const inode = statSync(join(project, rule)).ino;
    const next = await install(bundle(`${mine}- Short lines.\n`, "2.0.0"), project);
    assert.equal(next.status, 0, next.stderr);
    assert.match(
      next.stdout,
      /move-aside +\.claude\/rules\/style\.md -> \.agentc\/originals\/\.claude\/rules\/style\.md/,
    );
    assert.equal(readFileSync(join(project, rule), "utf8"), `${mine}- Short lines.\n`);
    assert.equal(existsSync(join(project, `${rule}.agentc-new`)), false);
    assert.deepEqual(record(project).find((e) => e.path === rule)?.original, {
      sha256: original[rule]?.split(" ")[2],
      executable: false,
    });
    const status = await runAgentc(["status", "--project", project, "--check"]);
    assert.equal(status.status, 0, status.stdout);
    // from here on it is agentc's: a later version replaces it as any file agentc wrote
    assert.equal((await install(bundle(`${mine}- Shorter.\n`, "3.0.0"), project)).status, 0);
    assert.equal(readFileSync(join(project, rule), "utf8"), `${mine}- Shorter.\n`);
    const gone = await runAgentc(["uninstall", "--project", project, "--yes"]);
    assert.equal(gone.status, 0, gone.stderr);
    assert.equal(statSync(join(project, rule)).ino, inode, "the person's own file, not a copy");
    unlinkSync(join(project, "style-hardlink.md"));
    assert.deepEqual(treeHash(project), original);
  });

  it("edited after the takeover: uninstall keeps the edit and gives the original back beside it, named", async () => {
    const { project } = await adoptedProject();
    assert.equal((await install(bundle("# Style\n\nv2\n", "2.0.0"), project)).status, 0);
    writeFileSync(join(project, rule), "# Style\n\nmy edit\n");
    const gone = await runAgentc(["uninstall", "--project", project, "--yes"]);
    assert.equal(gone.status, 0, gone.stderr);
    assert.match(gone.stdout, /your file from before is back as \.claude\/rules\/style\.md\.agentc-old/);
    assert.equal(readFileSync(join(project, rule), "utf8"), "# Style\n\nmy edit\n");
    assert.equal(readFileSync(join(project, `${rule}.agentc-old`), "utf8"), mine);
    assert.equal(existsSync(join(project, ".agentc")), false);
  });

  it("removed by the person after the takeover: uninstall gives the original back", async () => {
    const { project, original } = await adoptedProject();
    assert.equal((await install(bundle("# Style\n\nv2\n", "2.0.0"), project)).status, 0);
    unlinkSync(join(project, rule));
    assert.equal((await runAgentc(["uninstall", "--project", project, "--yes"])).status, 0);
    assert.deepEqual(treeHash(project), original);
  });

  it("a bundle that stops shipping the path gives the original back; agentc's other files stay", async () => {
    const { project, original } = await adoptedProject();
    const other = { ".claude/rules/other.md": "# Other\n" };
    assert.equal((await install(bundle("# Style\n\nv2\n", "2.0.0", other), project)).status, 0);
    const dropped = makeBundle({ version: "3.0.0", components: { claude: { files: other } } });
    const next = await install(dropped, project);
    assert.equal(next.status, 0, next.stderr);
    assert.match(
      next.stdout,
      /move-back +\.agentc\/originals\/\.claude\/rules\/style\.md -> \.claude\/rules\/style\.md/,
    );
    assert.deepEqual(withoutAgentc(treeHash(project)), {
      ...original,
      ".claude/rules/other.md": treeHash(project)[".claude/rules/other.md"],
    });
    assert.equal(existsSync(join(project, ".agentc/originals")), false);
  });

  it("a file already at the original's place in .agentc/originals: no takeover, nothing there is replaced", async () => {
    const { project } = await adoptedProject();
    const store = join(project, ".agentc/originals", rule);
    mkdirSync(dirname(store), { recursive: true });
    writeFileSync(store, "# kept by hand\n");
    const next = await install(bundle(`${mine}- Short lines.\n`, "2.0.0"), project);
    assert.equal(readFileSync(store, "utf8"), "# kept by hand\n");
    assert.equal(readFileSync(join(project, rule), "utf8"), mine, next.stdout);
    assert.doesNotMatch(next.stdout, /move-aside/);
  });

  it("an original no longer in .agentc/originals: uninstall keeps agentc's version and says so", async () => {
    const { project } = await adoptedProject();
    assert.equal((await install(bundle("# Style\n\nv2\n", "2.0.0"), project)).status, 0);
    unlinkSync(join(project, ".agentc/originals", rule));
    const gone = await runAgentc(["uninstall", "--project", project, "--yes"]);
    assert.equal(gone.status, 0, gone.stderr);
    assert.match(
      gone.stdout,
      /agentc took this file over, but your original is no longer at \.agentc\/originals\/\.claude\/rules\/style\.md: kept as it is/,
    );
    assert.equal(readFileSync(join(project, rule), "utf8"), "# Style\n\nv2\n");
  });

  it("a stored original whose bytes, mode or link text changed is not given back: the conflict names it, nothing moves", async () => {
    const store = join(".agentc/originals", rule);
    const tamper: [string, (project: string) => void][] = [
      ["bytes", (project) => writeFileSync(join(project, store), "# Someone else's\n")],
      ["mode", (project) => chmodSync(join(project, store), 0o755)],
    ];
    for (const [what, change] of tamper) {
      const { project } = await adoptedProject();
      assert.equal((await install(bundle("# Style\n\nv2\n", "2.0.0"), project)).status, 0);
      change(project);
      const gone = await runAgentc(["uninstall", "--project", project, "--yes"]);
      assert.notEqual(gone.status, 0, `${what}: ${gone.stdout}`);
      const said = gone.stdout + gone.stderr;
      assert.match(said, /\.agentc\/originals\/\.claude\/rules\/style\.md/, what);
      assert.match(
        said,
        /holds your original of \.claude\/rules\/style\.md, which agentc took over, but its/,
        what,
      );
      assert.match(said, what === "bytes" ? /its bytes changed since/ : /its mode changed since/);
      assert.equal(
        readFileSync(join(project, rule), "utf8"),
        "# Style\n\nv2\n",
        `${what}: agentc's version stays`,
      );
      assert.equal(existsSync(join(project, ".agentc/installed.json")), true, `${what}: nothing applied`);
    }
    const project = testdir(geminiFiles);
    symlinkSync("AGENTS.md", join(project, "GEMINI.md"));
    assert.equal((await install(linkedGemini("AGENTS.md", "1.0.0"), project)).status, 0);
    assert.equal((await install(linkedGemini("docs/AGENTS.md", "2.0.0"), project)).status, 0);
    unlinkSync(join(project, ".agentc/originals/GEMINI.md"));
    symlinkSync("docs/AGENTS.md", join(project, ".agentc/originals/GEMINI.md"));
    const gone = await runAgentc(["uninstall", "--project", project, "--yes"]);
    assert.notEqual(gone.status, 0);
    assert.match(gone.stdout + gone.stderr, /it links to docs\/AGENTS\.md now, not to AGENTS\.md/);
  });

  it("a person's file outside the assistant places agentc's data names stays adopted: never replaced", async () => {
    const packageJson = '{ "name": "mine" }\n';
    const project = testdir({ "package.json": packageJson });
    const files = (text: string) => ({ "package.json": text });
    assert.equal((await install(bundle(mine, "1.0.0", files(packageJson)), project)).status, 0);
    assert.equal((await install(bundle(mine, "2.0.0", files("{}\n")), project)).status, 0);
    assert.equal(readFileSync(join(project, "package.json"), "utf8"), packageJson);
    assert.equal(readFileSync(join(project, "package.json.agentc-new"), "utf8"), "{}\n");
  });

  it("a record whose original is not a hash and a mode is refused as damaged", async () => {
    const { project } = await adoptedProject();
    assert.equal((await install(bundle("# Style\n\nv2\n", "2.0.0"), project)).status, 0);
    const path = join(project, ".agentc/installed.json");
    writeFileSync(path, readFileSync(path, "utf8").replace(/"executable": false\n/, '"executable": "no"\n'));
    const status = await runAgentc(["status", "--project", project]);
    assert.notEqual(status.status, 0);
    assert.match(`${status.stdout}${status.stderr}`, /has an "original" that is not/);
  });

  it("an adopted seed at an assistant place is taken over as an owned file is; uninstall gives it back", async () => {
    const { project, original } = await adoptedSeedProject();
    const next = await install(seedBundle(`${mine}- Short lines.\n`, "2.0.0"), project);
    assert.equal(next.status, 0, next.stderr);
    assert.equal(readFileSync(join(project, rule), "utf8"), `${mine}- Short lines.\n`);
    assert.equal(existsSync(join(project, `${rule}.agentc-new`)), false, "not parked beside it");
    const entry = record(project).find((e) => e.path === rule);
    assert.deepEqual(entry?.original, { sha256: original[rule]?.split(" ")[2], executable: false });
    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
    assert.equal((await install(seedBundle(`${mine}- Shorter.\n`, "3.0.0"), project)).status, 0);
    assert.equal(readFileSync(join(project, rule), "utf8"), `${mine}- Shorter.\n`, "refreshed as agentc's");
    assert.equal((await runAgentc(["uninstall", "--project", project, "--yes"])).status, 0);
    assert.deepEqual(treeHash(project), original);
  });

  it("a file already at an adopted link's place in .agentc/originals: the link is not taken over, nothing replaced", async () => {
    const project = await adoptedLinkWithOriginalPlaceTaken();
    const next = await install(linkedGemini("docs/AGENTS.md", "2.0.0"), project);
    assert.equal(readFileSync(join(project, ".agentc/originals/GEMINI.md"), "utf8"), "# kept by hand\n");
    assert.equal(readlinkSync(join(project, "GEMINI.md")), "AGENTS.md", next.stdout);
    assert.doesNotMatch(next.stdout, /move-aside/);
  });

  it("an adopted link at an assistant place is taken over when the bundle's link changes; uninstall gives it back", async () => {
    const files = { "AGENTS.md": "# Agents\n", "docs/AGENTS.md": "# Docs\n" };
    const linked = (target: string, version: string) =>
      makeBundle({ version, components: { c: { files, symlinks: [`GEMINI.md :: ${target} :: copy`] } } });
    const project = testdir({ "AGENTS.md": "# Agents\n", "docs/AGENTS.md": "# Docs\n" });
    symlinkSync("AGENTS.md", join(project, "GEMINI.md"));
    const original = treeHash(project);
    assert.equal((await install(linked("AGENTS.md", "1.0.0"), project)).status, 0);
    assert.equal(record(project).find((e) => e.path === "GEMINI.md")?.adopted, true);
    const next = await install(linked("docs/AGENTS.md", "2.0.0"), project);
    assert.equal(next.status, 0, next.stdout + next.stderr);
    assert.equal(readlinkSync(join(project, "GEMINI.md")), "docs/AGENTS.md");
    assert.equal(
      readlinkSync(join(project, ".agentc/originals/GEMINI.md")),
      "AGENTS.md",
      "the person's link, kept",
    );
    assert.deepEqual(record(project).find((e) => e.path === "GEMINI.md")?.original, { target: "AGENTS.md" });
    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
    assert.equal((await runAgentc(["uninstall", "--project", project, "--yes"])).status, 0);
    assert.deepEqual(treeHash(project), original);
  });

  it("a bundle that wants a file where the person's adopted link is takes the link over; uninstall gives it back", async () => {
    const project = testdir(geminiFiles);
    symlinkSync("AGENTS.md", join(project, "GEMINI.md"));
    const original = treeHash(project);
    assert.equal((await install(linkedGemini("AGENTS.md", "1.0.0"), project)).status, 0);
    const next = await install(geminiAsFile("2.0.0"), project);
    assert.equal(next.status, 0, next.stdout + next.stderr);
    assert.match(next.stdout, /move-aside +GEMINI\.md -> \.agentc\/originals\/GEMINI\.md/);
    assert.equal(readFileSync(join(project, "GEMINI.md"), "utf8"), "# Gemini\n");
    assert.equal(readlinkSync(join(project, ".agentc/originals/GEMINI.md")), "AGENTS.md");
    assert.deepEqual(record(project).find((e) => e.path === "GEMINI.md")?.original, { target: "AGENTS.md" });
    assert.equal((await runAgentc(["status", "--project", project, "--check"])).status, 0);
    const gone = await runAgentc(["uninstall", "--project", project, "--yes"]);
    assert.equal(gone.status, 0, gone.stdout + gone.stderr);
    assert.equal(readlinkSync(join(project, "GEMINI.md")), "AGENTS.md", "the person's link, back");
    assert.deepEqual(treeHash(project), original);
  });

  it("a person's file still as imported is taken over by a first install after the registry was edited; uninstall gives it back", async () => {
    const project = testdir({ [rule]: mine, "src/app.ts": "export {};\n" });
    chmodSync(join(project, rule), 0o600);
    const original = treeHash(project);
    const inode = statSync(join(project, rule)).ino;
    const edited = `${mine}- Short lines.\n`;
    const run = await install(importedBundle(edited), project, "--take-imported");
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /move-aside +\.claude\/rules\/style\.md -> \.agentc\/originals\//);
    assert.equal(readFileSync(join(project, rule), "utf8"), edited);
    assert.equal(statSync(join(project, ".agentc/originals", rule)).ino, inode, "the person's file, renamed");
    assert.deepEqual(record(project).find((e) => e.path === rule)?.original, {
      sha256: original[rule]?.split(" ")[2],
      executable: false,
    });
    const status = await runAgentc(["status", "--project", project, "--check"]);
    assert.equal(status.status, 0, status.stdout + status.stderr);
    const gone = await runAgentc(["uninstall", "--project", project, "--yes"]);
    assert.equal(gone.status, 0, gone.stderr);
    assert.equal(statSync(join(project, rule)).ino, inode, "the person's own file, not a copy");
    assert.deepEqual(treeHash(project), original);
  });

  it("a person's file that differs from the imported one, or lies outside the assistant places, is never taken over", async () => {
    const edited = `${mine}- Short lines.\n`;
    const changed = testdir({ [rule]: `${mine}- Mine.\n` });
    const run = await install(importedBundle(edited), changed, "--take-imported");
    assert.equal(run.status, 1, "a conflict, as before");
    assert.equal(readFileSync(join(changed, rule), "utf8"), `${mine}- Mine.\n`);
    const elsewhere = testdir({ "docs/style.md": mine });
    const bundle = makeBundle({
      components: { docs: { files: { "docs/style.md": edited } } },
      imported: { "docs/style.md": mine },
    });
    const outside = await install(bundle, elsewhere, "--take-imported");
    assert.equal(outside.status, 1, "a bundle cannot claim a file outside the assistant places");
    assert.equal(readFileSync(join(elsewhere, "docs/style.md"), "utf8"), mine);
  });

  it("without --take-imported the bundle's imported_hashes move nothing: a conflict as before, with the flag named", async () => {
    const project = testdir({ [rule]: mine });
    const run = await install(importedBundle(`${mine}- Short lines.\n`), project);
    assert.equal(run.status, 1, "a file agentc did not write is a conflict");
    assert.equal(readFileSync(join(project, rule), "utf8"), mine);
    assert.match(
      run.stdout + run.stderr,
      /still holds what agentc import read from it[^\n]*\n\s*hint: run again with --take-imported/,
    );
  });

  it("refuses an imported_hashes line that is not a path and a sha256", async () => {
    const build = importedBundle(`${mine}- Short lines.\n`);
    const path = join(build, "manifest.json");
    writeFileSync(
      path,
      readFileSync(path, "utf8").replace(
        /[0-9a-f]{64}"\n {4}\],\n {4}"tools"/,
        'nothex"\n    ],\n    "tools"',
      ),
    );
    const run = await install(build, testdir({ [rule]: mine }));
    assert.equal(run.status, 1);
    assert.match(run.stderr, /imported_hashes: "nothex" is not a sha256 hex digest/);
  });

  // each install.sh case in one shell, in turn (the first in both); npm run test:install-sh runs each in both
  const slice = shellSlice();
  for (const shell of notLinux ? [] : shells()) {
    const it = slice(shell);
    it(`install.sh takes over and updates as agentc install does; agentc uninstall gives the original back (${shell.name})`, async () => {
      const { project, original } = await adoptedProject();
      const inode = statSync(join(project, rule)).ino;
      const copy = copyOf(project);
      for (const [text, version] of [
        [`${mine}- Short lines.\n`, "2.0.0"],
        [`${mine}- Shorter.\n`, "3.0.0"],
      ]) {
        const sh = await shParity(shell, bundle(text as string, version as string), project, copy);
        assert.match(
          sh.stdout,
          version === "2.0.0"
            ? /move-aside +\.claude\/rules\/style\.md -> \.agentc\/originals\//
            : /update +\.claude\/rules\/style\.md/,
        );
        assert.equal(readFileSync(join(project, rule), "utf8"), text);
        assert.equal(
          statSync(join(project, ".agentc/originals", rule)).ino,
          inode,
          "the person's file, renamed",
        );
      }
      const again = await runInstallSh(shell, (await served(bundle(`${mine}- Shorter.\n`, "3.0.0"))).script, [
        "--project",
        project,
      ]);
      assert.match(again.stdout, /nothing to do|0 changes applied/, again.stderr);
      const gone = await runAgentc(["uninstall", "--project", project, "--yes"]);
      assert.equal(gone.status, 0, gone.stderr);
      assert.equal(statSync(join(project, rule)).ino, inode, "the person's own file, not a copy");
      assert.deepEqual(treeHash(project), original);
    });

    it(`install.sh takes a person's file still as imported over on a first install, as agentc install (${shell.name})`, async () => {
      const project = testdir({ [rule]: mine, "src/app.ts": "export {};\n" });
      const original = treeHash(project);
      const sh = await shParity(shell, importedBundle(`${mine}- Short lines.\n`), project, copyOf(project), [
        "--take-imported",
      ]);
      assert.match(sh.stdout, /move-aside +\.claude\/rules\/style\.md -> \.agentc\/originals\//);
      const gone = await runAgentc(["uninstall", "--project", project, "--yes"]);
      assert.equal(gone.status, 0, gone.stderr);
      assert.deepEqual(treeHash(project), original);
    });

    it(`install.sh leaves a person's link whose file holds the shipped bytes, as agentc install: no block of the same text (${shell.name})`, async () => {
      const text = "# Team\n\n- Small commits.\n";
      const project = testdir({ ".github/copilot-instructions.md": text });
      symlinkSync(".github/copilot-instructions.md", join(project, "AGENTS.md"));
      const original = treeHash(project);
      const build = makeBundle({
        components: { "agents-md": { files: { "AGENTS.md": text }, adopt: ["AGENTS.md :: block"] } },
      });
      const sh = await shParity(shell, build, project, copyOf(project));
      assert.doesNotMatch(sh.stdout, /block added/);
      const installed = Object.entries(treeHash(project)).filter(([p]) => !p.startsWith(".agentc"));
      assert.deepEqual(Object.fromEntries(installed), original);
    });

    it(`install.sh follows a chain of the person's links as agentc install: adopted, then taken over once the bundle changes the file (${shell.name})`, async () => {
      const text = "# Team\n\n- Small commits.\n";
      const project = testdir({ ".github/copilot-instructions.md": text });
      mkdirSync(join(project, "docs"));
      symlinkSync("../.github/copilot-instructions.md", join(project, "docs/agents.md"));
      symlinkSync("docs/agents.md", join(project, "AGENTS.md"));
      const original = treeHash(project);
      const copy = copyOf(project);
      const agentsMd = (body: string, version: string) =>
        makeBundle({
          version,
          components: { "agents-md": { files: { "AGENTS.md": body }, adopt: ["AGENTS.md :: block"] } },
        });
      const first = await shParity(shell, agentsMd(text, "1.0.0"), project, copy);
      assert.doesNotMatch(first.stdout, /block added|move-aside/);
      assert.equal(readlinkSync(join(project, "AGENTS.md")), "docs/agents.md");
      const second = await shParity(
        shell,
        agentsMd(`${text}- Review every change.\n`, "2.0.0"),
        project,
        copy,
      );
      assert.match(second.stdout, /move-aside +AGENTS\.md -> \.agentc\/originals\/AGENTS\.md/);
      assert.equal((await runAgentc(["uninstall", "--project", project, "--yes"])).status, 0);
      assert.deepEqual(treeHash(project), original);
    });

    it(`install.sh leaves an adopted link whose file the person edited since, as agentc install: a conflict, nothing taken over (${shell.name})`, async () => {
      const text = "# Team\n\n- Small commits.\n";
      const project = testdir({ ".github/copilot-instructions.md": text });
      symlinkSync(".github/copilot-instructions.md", join(project, "AGENTS.md"));
      const copy = copyOf(project);
      const agentsMd = (body: string, version: string) =>
        makeBundle({
          version,
          components: { "agents-md": { files: { "AGENTS.md": body }, adopt: ["AGENTS.md :: block"] } },
        });
      await shParity(shell, agentsMd(text, "1.0.0"), project, copy);
      const edited = `${text}- Pair on risky changes.\n`;
      for (const dir of [project, copy]) writeFileSync(join(dir, ".github/copilot-instructions.md"), edited);
      const site = await served(agentsMd(`${text}- Review every change.\n`, "2.0.0"));
      const sh = await runInstallSh(shell, site.script, ["--project", project]);
      const node = await runAgentc(["install", site.url, "--project", copy, "--yes"]);
      for (const [who, run, dir] of [
        ["install.sh", sh, project],
        ["agentc install", node, copy],
      ] as const) {
        assert.equal(run.status, 1, `${who}: ${run.stdout}${run.stderr}`);
        assert.match(run.stdout + run.stderr, /AGENTS\.md:? .*edited since agentc installed it/, who);
        assert.equal(readlinkSync(join(dir, "AGENTS.md")), ".github/copilot-instructions.md", who);
        assert.equal(readFileSync(join(dir, ".github/copilot-instructions.md"), "utf8"), edited, who);
      }
    });

    it(`install.sh takes over a person's link still as imported with --take-imported, as agentc install (${shell.name})`, async () => {
      const text = "# Team\n\n- Small commits.\n";
      const project = testdir({ ".github/copilot-instructions.md": text });
      symlinkSync(".github/copilot-instructions.md", join(project, "AGENTS.md"));
      const original = treeHash(project);
      const edited = makeBundle({
        components: {
          "agents-md": {
            files: { "AGENTS.md": `${text}- Review every change.\n` },
            adopt: ["AGENTS.md :: block"],
          },
        },
        imported: { "AGENTS.md": text },
      });
      const sh = await shParity(shell, edited, project, copyOf(project), ["--take-imported"]);
      assert.match(sh.stdout, /move-aside +AGENTS\.md -> \.agentc\/originals\/AGENTS\.md/);
      assert.equal((await runAgentc(["uninstall", "--project", project, "--yes"])).status, 0);
      assert.deepEqual(treeHash(project), original);
    });

    it(`install.sh never renames over a file already at the original's place, as agentc install (${shell.name})`, async () => {
      const { project } = await adoptedProject();
      const store = join(project, ".agentc/originals", rule);
      mkdirSync(dirname(store), { recursive: true });
      writeFileSync(store, "# kept by hand\n");
      const sh = await shParity(shell, bundle(`${mine}- Short lines.\n`, "2.0.0"), project, copyOf(project));
      assert.doesNotMatch(sh.stdout, /move-aside/);
      assert.equal(readFileSync(store, "utf8"), "# kept by hand\n");
      assert.equal(readFileSync(join(project, rule), "utf8"), mine);
    });

    it(`install.sh never renames an adopted link over a file at the original's place, as agentc install (${shell.name})`, async () => {
      const project = await adoptedLinkWithOriginalPlaceTaken();
      const site = await served(linkedGemini("docs/AGENTS.md", "2.0.0"));
      const sh = await runInstallSh(shell, site.script, ["--project", project]);
      assert.doesNotMatch(sh.stdout, /move-aside/);
      assert.equal(readFileSync(join(project, ".agentc/originals/GEMINI.md"), "utf8"), "# kept by hand\n");
      assert.equal(readlinkSync(join(project, "GEMINI.md")), "AGENTS.md", sh.stdout + sh.stderr);
    });

    it(`install.sh takes an adopted seed over as agentc install does (${shell.name})`, async () => {
      const { project, original } = await adoptedSeedProject();
      const sh = await shParity(
        shell,
        seedBundle(`${mine}- Short lines.\n`, "2.0.0"),
        project,
        copyOf(project),
      );
      assert.match(sh.stdout, /move-aside +\.claude\/rules\/style\.md -> \.agentc\/originals\//);
      assert.equal((await runAgentc(["uninstall", "--project", project, "--yes"])).status, 0);
      assert.deepEqual(treeHash(project), original);
    });

    it(`install.sh takes an adopted link over, and gives it back when the bundle drops it (${shell.name})`, async () => {
      const files = { "AGENTS.md": "# Agents\n", "docs/AGENTS.md": "# Docs\n" };
      const linked = (target: string | undefined, version: string) =>
        makeBundle({
          version,
          components: { c: { files, symlinks: target ? [`GEMINI.md :: ${target} :: copy`] : [] } },
        });
      const project = testdir(files);
      symlinkSync("AGENTS.md", join(project, "GEMINI.md"));
      const original = treeHash(project);
      assert.equal((await install(linked("AGENTS.md", "1.0.0"), project)).status, 0);
      const copy = copyOf(project);
      const sh = await shParity(shell, linked("docs/AGENTS.md", "2.0.0"), project, copy);
      assert.match(sh.stdout, /move-aside +GEMINI\.md -> \.agentc\/originals\/GEMINI\.md/);
      assert.equal(readlinkSync(join(project, "GEMINI.md")), "docs/AGENTS.md");
      await shParity(shell, linked(undefined, "3.0.0"), project, copy);
      assert.equal(readlinkSync(join(project, "GEMINI.md")), "AGENTS.md", "the person's link, back");
      assert.equal((await runAgentc(["uninstall", "--project", project, "--yes"])).status, 0);
      assert.deepEqual(treeHash(project), original);
    });

    it(`install.sh takes an adopted link over where the bundle wants a file, and gives it back, as agentc install (${shell.name})`, async () => {
      const project = testdir(geminiFiles);
      symlinkSync("AGENTS.md", join(project, "GEMINI.md"));
      const original = treeHash(project);
      assert.equal((await install(linkedGemini("AGENTS.md", "1.0.0"), project)).status, 0);
      const copy = copyOf(project);
      const sh = await shParity(shell, geminiAsFile("2.0.0"), project, copy);
      assert.match(sh.stdout, /move-aside +GEMINI\.md -> \.agentc\/originals\/GEMINI\.md/);
      assert.equal(readFileSync(join(project, "GEMINI.md"), "utf8"), "# Gemini\n");
      const dropped = makeBundle({ version: "3.0.0", components: { c: { files: geminiFiles } } });
      await shParity(shell, dropped, project, copy);
      assert.equal(readlinkSync(join(project, "GEMINI.md")), "AGENTS.md", "the person's link, back");
      assert.equal((await runAgentc(["uninstall", "--project", project, "--yes"])).status, 0);
      assert.deepEqual(treeHash(project), original);
    });

    it(`install.sh refuses to give back a stored original that changed, as agentc install (${shell.name})`, async () => {
      const other = { ".claude/rules/other.md": "# Other\n" };
      const { project } = await adoptedProject();
      assert.equal((await install(bundle("# Style\n\nv2\n", "2.0.0", other), project)).status, 0);
      writeFileSync(join(project, ".agentc/originals", rule), "# Someone else's\n");
      const dropped = makeBundle({ version: "3.0.0", components: { claude: { files: other } } });
      const copy = copyOf(project);
      const site = await served(dropped);
      const sh = await runInstallSh(shell, site.script, ["--project", project]);
      const node = await runAgentc(["install", site.url, "--project", copy, "--yes"]);
      assert.notEqual(sh.status, 0, sh.stdout);
      assert.notEqual(node.status, 0, node.stdout);
      for (const said of [sh.stdout + sh.stderr, node.stdout + node.stderr])
        assert.match(
          said,
          /\.agentc\/originals\/\.claude\/rules\/style\.md.*holds your original of \.claude\/rules\/style\.md/,
        );
      assert.equal(readFileSync(join(project, rule), "utf8"), "# Style\n\nv2\n");
      assert.deepEqual(fullTree(project), fullTree(copy));
    });

    it(`install.sh gives the original back when the bundle drops the file, beside the person's edit (${shell.name})`, async () => {
      const other = { ".claude/rules/other.md": "# Other\n" };
      const dropped = makeBundle({ version: "3.0.0", components: { claude: { files: other } } });
      for (const edited of [false, true]) {
        const { project, original } = await adoptedProject();
        assert.equal((await install(bundle("# Style\n\nv2\n", "2.0.0", other), project)).status, 0);
        if (edited) writeFileSync(join(project, rule), "# Style\n\nmy edit\n");
        const sh = await shParity(shell, dropped, project, copyOf(project));
        assert.match(
          sh.stdout,
          /move-back +\.agentc\/originals\/\.claude\/rules\/style\.md -> \.claude\/rules\/style\.md/,
        );
        assert.equal(existsSync(join(project, ".agentc/originals")), false);
        if (!edited) {
          assert.deepEqual(withoutAgentc(treeHash(project)), {
            ...original,
            ".claude/rules/other.md": treeHash(project)[".claude/rules/other.md"],
          });
          continue;
        }
        assert.match(sh.stdout, /your file from before is back as \.claude\/rules\/style\.md\.agentc-old/);
        assert.equal(readFileSync(join(project, rule), "utf8"), "# Style\n\nmy edit\n");
        assert.equal(readFileSync(join(project, `${rule}.agentc-old`), "utf8"), mine);
      }
    });
  }
});

/** install.sh on `project`, `agentc install <url> --yes` on `copy`: both exit 0 with the same tree and record. */
async function shParity(shell: Shell, build: string, project: string, copy: string, flags: string[] = []) {
  const site = await served(build);
  const sh = await runInstallSh(shell, site.script, ["--project", project, ...flags]);
  const node = await runAgentc(["install", site.url, "--project", copy, "--yes", ...flags]);
  assert.equal(sh.status, 0, `${shell.name}: ${sh.stdout}${sh.stderr}`);
  assert.equal(node.status, 0, node.stderr);
  const recordText = (dir: string) => readFileSync(join(dir, ".agentc/installed.json"), "utf8");
  assert.equal(recordText(project), recordText(copy), "the same install record");
  assert.deepEqual(fullTree(project), fullTree(copy));
  return sh;
}
