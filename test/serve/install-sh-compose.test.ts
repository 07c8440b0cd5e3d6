import assert from "node:assert/strict";
import { appendFileSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe } from "node:test";
import { blockBegin, blockEnd } from "../../src/install/project/marked-block.js";
import { sha256 } from "../../src/shared/hash.js";
import { copyOf } from "../support/install-fixture.js";
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
 * install.sh composes into the files a person wrote as `agentc install` does (docs/installer.md, "Adopting a
 * person's instruction files"): the starter registry of `agentc init`, built twice (v2 changes the text
 * agentc composes into AGENTS.md), served by the real `agentc serve`; install.sh on one copy of a project,
 * `agentc install --yes` on another, then `agentc uninstall` on the copy install.sh wrote.
 */

let v1 = "";
let v2 = "";
const v2Line = "- Keep the changelog current.";

before(async () => {
  const root = testdir({}, "agentc-sh-compose-");
  const registry = join(root, "reg");
  assert.equal((await runAgentc(["init", registry])).status, 0);
  v1 = join(root, "v1");
  assert.equal((await runAgentc(["build", registry, "--out", v1, "-q"])).status, 0);
  const project = join(registry, "sources/team/project.md");
  writeFileSync(project, `${readFileSync(project, "utf8")}${v2Line}\n`);
  v2 = join(root, "v2");
  assert.equal((await runAgentc(["build", registry, "--out", v2, "-q"])).status, 0);
});

type Site = Awaited<ReturnType<typeof served>>;

const record = (project: string) => readFileSync(join(project, ".agentc", "installed.json"), "utf8");
const entry = (project: string, path: string) =>
  (JSON.parse(record(project)).entries as { path: string }[]).find((e) => e.path === path);
const text = (project: string, path: string) => readFileSync(join(project, path), "utf8");

/** install.sh on `a`, `agentc install <url> --yes` on `b`: the same exit code, tree, record and manifest copy. */
async function parity(shell: Shell, site: Site, a: string, b: string, flags: string[] = []) {
  const sh = await runInstallSh(shell, site.script, ["--project", a, ...flags]);
  const node = await runAgentc(["install", site.url, "--project", b, "--yes", ...flags]);
  assert.equal(sh.status, node.status, `install.sh: ${sh.stdout}${sh.stderr}\nagentc: ${node.stderr}`);
  if (node.status === 0) assert.equal(record(a), record(b), "the same install record");
  assert.deepEqual(fullTree(a), fullTree(b));
  return sh;
}

/** A build served while `body` runs (served() stops it when the test ends). */
async function withSite(build: string, body: (site: Site) => Promise<void>): Promise<void> {
  await body(await served(build));
}

async function uninstall(project: string): Promise<void> {
  const r = await runAgentc(["uninstall", "--project", project, "--yes"]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
}

/** Installs a project with both installers, checks a second install.sh run writes nothing, uninstalls; returns install.sh's copy. */
async function roundTrip(
  shell: Shell,
  site: Site,
  files: Record<string, string>,
  links: [string, string][] = [],
) {
  const a = testdir(files);
  for (const [link, target] of links) symlinkSync(target, join(a, link));
  const b = copyOf(a);
  const original = treeHash(a);
  const sh = await parity(shell, site, a, b);
  assert.equal(sh.status, 0, sh.stderr);
  const again = await runInstallSh(shell, site.script, ["--project", a]);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stdout, /nothing to do/);
  const installed = { a: fullTree(a), record: record(a) };
  await uninstall(a);
  assert.deepEqual(treeHash(a), original, "uninstall after install.sh gives the project back byte for byte");
  return installed;
}

describe("install.sh composes into a person's files as agentc install does", { skip: notLinux }, () => {
  const slice = shellSlice();
  for (const shell of shells()) {
    const it = slice(shell);
    it(`appends agentc's block to a person's AGENTS.md with LF, CRLF or no final newline (${shell.name})`, async () => {
      await withSite(v1, async (site) => {
        const agents = readFileSync(join(v1, "AGENTS.md"), "utf8");
        const block = `${blockBegin}${agents}${blockEnd}`;
        const variants = {
          lf: ["# Ours\n\nMoney is integer cents.\n", "\n"],
          crlf: ["# Ours\r\n\r\nMoney is integer cents.\r\n", "\n"],
          "no final newline": ["# Ours\n\nMoney is integer cents.", "\n\n"],
          empty: ["", ""],
        };
        for (const [name, [mine, separator]] of Object.entries(variants)) {
          const project = await roundTrip(shell, site, {
            "AGENTS.md": mine as string,
            "src/app.ts": "app\n",
          });
          assert.equal(project.a["AGENTS.md"], `file 644 ${mine}${separator}${block}`, name);
          const recorded = JSON.parse(project.record).entries.find(
            (e: { path: string }) => e.path === "AGENTS.md",
          );
          assert.deepEqual(
            recorded,
            {
              path: "AGENTS.md",
              kind: "block",
              component: "agents-md",
              sha256: sha256(`${separator}${block}`),
            },
            `${name}: the record holds the sha256 of exactly the inserted bytes`,
          );
        }
      });
    });

    it(`follows a person's AGENTS.md link to docs/AGENTS.md: the block goes there, the link stays (${shell.name})`, async () => {
      await withSite(v1, async (site) => {
        const project = await roundTrip(shell, site, { "docs/AGENTS.md": "# Ours, in docs\n" }, [
          ["AGENTS.md", "docs/AGENTS.md"],
        ]);
        assert.equal(project.a["AGENTS.md"], "link docs/AGENTS.md");
        assert.match(project.a["docs/AGENTS.md"] ?? "", /^file 644 # Ours, in docs\n\n<!-- agentc:begin/);
      });
    });

    it(`puts an @AGENTS.md block into a person's GEMINI.md, and takes it out when gemini-cli is dropped (${shell.name})`, async () => {
      await withSite(v1, async (site) => {
        const mine = "Gemini: answer in British English.";
        const project = await roundTrip(shell, site, { "GEMINI.md": mine });
        assert.equal(project.a["GEMINI.md"], `file 644 ${mine}\n\n${blockBegin}@AGENTS.md\n${blockEnd}`);
        const a = testdir({ "GEMINI.md": mine });
        const b = copyOf(a);
        await parity(shell, site, a, b);
        const others = (JSON.parse(record(a)).components as string[]).filter((c) => c !== "gemini-cli");
        const dropped = await parity(shell, site, a, b, ["--components", others.join(",")]);
        assert.match(dropped.stdout, /update +GEMINI\.md \(your file: agentc's block taken out\)/);
        assert.equal(text(a, "GEMINI.md"), mine, "the block's bytes are taken out exactly");
        assert.equal(entry(a, "GEMINI.md"), undefined);
      });
    });

    it(`writes .claude/CLAUDE.md importing AGENTS.md beside a person's CLAUDE.md, which it leaves alone (${shell.name})`, async () => {
      await withSite(v1, async (site) => {
        const mine = "# Claude notes\n\nRun `make test` first.\n";
        const project = await roundTrip(shell, site, { "CLAUDE.md": mine });
        assert.equal(project.a["CLAUDE.md"], `file 644 ${mine}`);
        assert.equal(project.a[".claude/CLAUDE.md"], "file 644 @../AGENTS.md\n");
        const own = await roundTrip(shell, site, { ".claude/CLAUDE.md": "Use the staging database.\n" });
        assert.equal(
          own.a[".claude/CLAUDE.md"],
          `file 644 Use the staging database.\n\n${blockBegin}@../AGENTS.md\n${blockEnd}`,
          "a person's own .claude/CLAUDE.md gets the import as a block",
        );
      });
    });

    it(`adopts a person's file identical to agentc's and their own GEMINI.md link; uninstall leaves both (${shell.name})`, async () => {
      await withSite(v1, async (site) => {
        const project = await roundTrip(
          shell,
          site,
          { "AGENTS.md": readFileSync(join(v1, "AGENTS.md"), "utf8") },
          [["GEMINI.md", "AGENTS.md"]],
        );
        const entries = JSON.parse(project.record).entries as { path: string; adopted?: boolean }[];
        assert.equal(entries.find((e) => e.path === "AGENTS.md")?.adopted, true);
        assert.equal(entries.find((e) => e.path === "GEMINI.md")?.adopted, true);
      });
    });

    it(`replaces the block on an upgrade, keeping the person's text around it; uninstall takes it out (${shell.name})`, async () => {
      await withSite(v1, async (site) => {
        const mine = "# Ours\r\n\r\nMoney is integer cents.\r\n";
        const a = testdir({ "AGENTS.md": mine });
        const b = copyOf(a);
        await parity(shell, site, a, b);
        const below = "\n## Below agentc's block\n\nDeploys on Tuesdays.\n";
        for (const project of [a, b]) appendFileSync(join(project, "AGENTS.md"), below);
        await site.publish(v2);
        const up = await parity(shell, site, a, b);
        assert.match(up.stdout, /update +AGENTS\.md \(your file: agentc's block updated\)/);
        const agents = text(a, "AGENTS.md");
        assert.ok(agents.startsWith(`${mine}\n${blockBegin}`));
        assert.ok(agents.includes(`${v2Line}\n`) && agents.endsWith(`${blockEnd}${below}`), agents);
        const again = await runInstallSh(shell, site.script, ["--project", a]);
        assert.match(again.stdout, /nothing to do/);
        await uninstall(a);
        assert.equal(text(a, "AGENTS.md"), `${mine}${below}`);
      });
    });

    it(`keeps an edited block, warns, and uninstall leaves it (${shell.name})`, async () => {
      await withSite(v1, async (site) => {
        const a = testdir({ "AGENTS.md": "# Ours\n" });
        const b = copyOf(a);
        await parity(shell, site, a, b);
        for (const project of [a, b])
          writeFileSync(
            join(project, "AGENTS.md"),
            text(project, "AGENTS.md").replace("Never commit secrets.", "Never commit secrets, ever."),
          );
        const edited = text(a, "AGENTS.md");
        await site.publish(v2);
        const up = await parity(shell, site, a, b);
        assert.equal(up.status, 0);
        assert.match(up.stderr, /warning: AGENTS\.md: agentc's block in it was edited/);
        assert.equal(text(a, "AGENTS.md"), edited);
        await uninstall(a);
        assert.equal(text(a, "AGENTS.md"), edited);
      });
    });

    it(`a non-UTF-8 AGENTS.md is a conflict as for agentc; one with a NUL byte is refused, naming agentc install (${shell.name})`, async () => {
      await withSite(v1, async (site) => {
        const latin1 = testdir({ "AGENTS.md": Buffer.from("# Caf\xe9\n", "latin1") });
        const conflict = await parity(shell, site, latin1, copyOf(latin1));
        assert.equal(conflict.status, 1);
        assert.match(conflict.stderr, /conflict: AGENTS\.md is a file agentc did not create/);
        const nul = testdir({ "AGENTS.md": "# a\0b\n" });
        const before = fullTree(nul);
        const refused = await runInstallSh(shell, site.script, ["--project", nul]);
        assert.equal(refused.status, 1);
        assert.match(refused.stderr, /AGENTS\.md holds a NUL byte/);
        assert.match(refused.stderr, /; install with: agentc install /);
        assert.deepEqual(fullTree(nul), before, "nothing was written");
      });
    });
  }
});
