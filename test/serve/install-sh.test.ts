import assert from "node:assert/strict";
import { chmodSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { installScriptFor } from "../../src/serve/install-script.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { capabilityProject } from "../support/capability-bundle.js";
import { makeComposeBundle } from "../support/compose-bundle.js";
import { type BundleSpec, copyOf, makeBundle, stamps } from "../support/install-fixture.js";
import { upgradeFrom, upgradeTo } from "../support/install-scenarios.js";
import {
  fullTree,
  notLinux,
  runInstallSh,
  runScript,
  type Shell,
  served,
  shells,
} from "../support/install-sh.js";
import { runCli } from "../support/run-cli.js";
import { runCliAsync } from "../support/run-cli-async.js";
import { testdir } from "../support/testdir.js";
import { bytes, serve } from "../support/zip-server.js";

/** install.sh on one copy of a project, `agentc install <url>` on another: same exit code, same tree, same record. */
async function parity(
  shell: Shell,
  site: { url: string; script: string },
  a: string,
  b: string,
  flags: string[] = [],
) {
  const sh = await runInstallSh(shell, site.script, ["--project", a, ...flags]);
  const node = await runCliAsync(["install", site.url, "--project", b, "--yes", ...flags]);
  assert.equal(sh.status, node.status, `install.sh: ${sh.stderr}\nagentc: ${node.stderr}`);
  assert.deepEqual(fullTree(a), fullTree(b));
  return sh;
}

const conflictPaths = (stderr: string): string[] =>
  [...stderr.matchAll(/^conflict: (\S+) /gm)].map((m) => m[1] as string).sort();

describe("install.sh, the POSIX installer served with the bundle", { skip: notLinux }, () => {
  for (const shell of shells()) {
    it(`installs the example registry exactly as agentc install does, and a second run writes nothing (${shell.name})`, async () => {
      const build = join(testdir(), "build");
      assert.equal(
        runCli(["build", join(packageRoot, "examples", "registry"), "--out", build, "-q"]).status,
        0,
      );
      const site = await served(build);
      const a = testdir({ "README.md": "the project's own\n" });
      const b = copyOf(a);
      const sh = await parity(shell, site, a, b);
      assert.match(sh.stdout, /install\.sh: \d+ changes applied, 1\.6\.1 installed/);
      const some = testdir();
      await parity(shell, site, some, copyOf(some), ["--components", "cursor,claude-code"]);
      assert.ok(fullTree(some)[".cursor/rules/test-files.mdc"] && !fullTree(some)[".kiro"]);
      const record = JSON.parse(readFileSync(join(a, ".agentc", "installed.json"), "utf8"));
      assert.deepEqual(record.source, {
        kind: "serve",
        url: site.url,
        bundle_sha256: record.source.bundle_sha256,
      });
      const before = stamps(a);
      const again = await runInstallSh(shell, site.script, ["--project", a]);
      assert.equal(again.status, 0, again.stderr);
      assert.match(again.stdout, /nothing to do, 1\.6\.1 is installed/);
      assert.deepEqual(stamps(a), before, "a reinstall writes nothing");
      assert.equal((await runCliAsync(["install", site.url, "--project", a, "--yes"])).status, 0);
      assert.equal((await runInstallSh(shell, site.script, ["--project", b])).status, 0);
      assert.deepEqual(stamps(a), before, "agentc install finds nothing to do after install.sh");
    });

    it(`upgrades like agentc install: updates, removals, seeds kept or refreshed, legacy files, links, preserve (${shell.name})`, async () => {
      const from: BundleSpec = {
        ...upgradeFrom,
        components: {
          ...upgradeFrom.components,
          extra: { seeds: { "docs/kept.md": "kept v1\n", "docs/same.md": "same v1\n" } },
        },
      };
      const to: BundleSpec = {
        ...upgradeTo,
        components: {
          ...upgradeTo.components,
          extra: { seeds: { "docs/kept.md": "kept v2\n", "docs/same.md": "same v2\n" } },
        },
      };
      const site = await served(makeBundle(from));
      const a = testdir({
        "README.md": "mine\n",
        ".claude/rules/mine.local.md": "preserved\n",
      });
      const b = copyOf(a);
      await parity(shell, site, a, b);
      for (const project of [a, b]) {
        writeFileSync(join(project, "docs/notes.md"), "the user's notes\n");
        writeFileSync(join(project, "docs/same.md"), "same v2\n");
      }
      await site.publish(makeBundle(to));
      const sh = await parity(shell, site, a, b);
      assert.match(sh.stdout, /write-beside +docs\/notes\.md\.agentc-new/);
      assert.equal(
        readFileSync(join(a, "docs/notes.md"), "utf8"),
        "the user's notes\n",
        "case 3: the edited seed is kept",
      );
      assert.equal(
        readFileSync(join(a, "docs/kept.md"), "utf8"),
        "kept v2\n",
        "case 2: an unedited seed is refreshed",
      );
      assert.equal(readFileSync(join(a, ".claude/rules/mine.local.md"), "utf8"), "preserved\n", "case 6");
      const v3 = makeBundle({
        ...to,
        version: "3.0.0",
        components: {
          ...to.components,
          core: { ...to.components.core, seeds: { "docs/notes.md": "seed v3\n" } },
        },
      });
      await site.publish(v3);
      await parity(shell, site, a, b);
      assert.equal(
        readFileSync(join(a, "docs/notes.md"), "utf8"),
        "the user's notes\n",
        "case 4: still the user's",
      );
    });

    it(`keeps an owned file the person edited, the new build beside it, as agentc install --yes does (${shell.name})`, async () => {
      const files = (a: string) => ({ "rules/a.md": a, "rules/b.md": "b v1\n" });
      const site = await served(
        makeBundle({ version: "1.0.0", components: { core: { files: files("a v1\n") } } }),
      );
      const a = testdir();
      const b = copyOf(a);
      await parity(shell, site, a, b);
      for (const project of [a, b]) {
        writeFileSync(join(project, "rules/a.md"), "mine\n");
        writeFileSync(join(project, "rules/b.md"), "mine too\n");
      }
      await site.publish(makeBundle({ version: "2.0.0", components: { core: { files: files("a v2\n") } } }));
      const up = await parity(shell, site, a, b);
      assert.equal(up.status, 0, up.stderr);
      assert.match(up.stdout, /keep-modified +rules\/a\.md/);
      assert.match(up.stdout, /keep +rules\/b\.md \(edited by you; the new build does not change it/);
      assert.equal(readFileSync(join(a, "rules/a.md"), "utf8"), "mine\n");
      assert.equal(readFileSync(join(a, "rules/a.md.agentc-new"), "utf8"), "a v2\n");
      const again = await parity(shell, site, a, b);
      assert.match(again.stdout, /keep +rules\/a\.md \(edited by you; the new version waits beside it/);
    });

    it(`lists every conflict before writing anything, as agentc install does (${shell.name})`, async () => {
      const outside = testdir({ "theirs.md": "outside\n" });
      const spec: BundleSpec = {
        components: {
          claude: {
            files: { "AGENTS.md": "# rules\n" },
            symlinks: ["CLAUDE.md :: AGENTS.md :: import:@AGENTS.md"],
          },
          rules: { owned_dirs: [".rules"], files: { ".rules/a.md": "a\n" } },
          linked: { owned_dirs: [".linked"], files: { ".linked/b.md": "b\n" } },
        },
      };
      const site = await served(makeBundle(spec));
      const a = testdir({ "CLAUDE.md": "the person's own CLAUDE.md\n", ".rules/stray.md": "theirs\n" });
      symlinkSync(outside, join(a, ".linked"));
      const b = copyOf(a);
      const before = fullTree(a);
      const outsideBefore = fullTree(outside);
      const sh = await parity(shell, site, a, b);
      assert.equal(sh.status, 1);
      const node = JSON.parse(
        (await runCliAsync(["install", site.url, "--project", b, "--yes", "--format", "json"])).stdout,
      );
      const nodeConflicts = (node.conflicts as { path: string }[]).map((c) => c.path).sort();
      assert.deepEqual(conflictPaths(sh.stderr), nodeConflicts);
      assert.deepEqual(
        nodeConflicts,
        [".linked/b.md", "CLAUDE.md"],
        "cases 8 and 9 (case 7: a person's file in an owned folder is left alone)",
      );
      assert.match(sh.stderr, /2 conflict\(s\); nothing was written/);
      assert.deepEqual(fullTree(a), before);
      assert.deepEqual(fullTree(outside), outsideBefore, "nothing outside the project is touched");
    });

    it(`removes legacy files as agentc install does, and counts a changed mode as an edit (${shell.name})`, async () => {
      const v1: BundleSpec = {
        version: "1.0.0",
        components: {
          core: {
            files: { "AGENTS.md": "v1\n", "bin/run.sh": "run\n", "old.md": "old\n", "edited.md": "edited\n" },
            symlinks: ["oldlink :: target.md :: copy"],
            scaffold_dirs: ["olddir", "emptydir"],
          },
        },
      };
      const v2: BundleSpec = {
        version: "2.0.0",
        components: {
          core: {
            files: { "AGENTS.md": "v2\n", "bin/run.sh": "run v2\n" },
            remove: ["old.md", "edited.md", "olddir", "emptydir", "oldlink"],
          },
        },
        seedHistory: { "old.md": ["old\n"], "edited.md": ["edited\n"] },
      };
      const site = await served(makeBundle(v1));
      const a = testdir({ "target.md": "target\n" });
      const b = copyOf(a);
      await parity(shell, site, a, b);
      for (const project of [a, b]) {
        writeFileSync(join(project, "edited.md"), "changed by the person\n");
        writeFileSync(join(project, "olddir/keep.md"), "keep\n");
      }
      await site.publish(makeBundle(v2));
      for (const project of [a, b]) chmodSync(join(project, "bin/run.sh"), 0o755);
      const blocked = await parity(shell, site, a, b);
      assert.equal(blocked.status, 1, "case 24: chmod +x is an edit");
      assert.deepEqual(conflictPaths(blocked.stderr), ["bin/run.sh"]);
      assert.match(blocked.stderr, /had its mode changed since agentc installed it/);
      for (const project of [a, b]) chmodSync(join(project, "bin/run.sh"), 0o644);
      const sh = await parity(shell, site, a, b);
      assert.equal(sh.status, 0, sh.stderr);
      assert.equal(
        readFileSync(join(a, "edited.md.agentc-old"), "utf8"),
        "changed by the person\n",
        "case 11",
      );
      assert.equal(readFileSync(join(a, "target.md"), "utf8"), "target\n");
      assert.equal(readFileSync(join(a, "olddir/keep.md"), "utf8"), "keep\n");
      for (const gone of ["old.md", "oldlink", "emptydir"]) assert.equal(fullTree(a)[gone], undefined, gone);
    });

    it(`refuses what it does not implement, naming npx agentc install, and writes nothing (${shell.name})`, async () => {
      const compose = makeComposeBundle({ components: { claude: { files: { "CLAUDE.md": "# r\n" } } } }, [
        {
          component: "claude",
          path: ".mcp.json",
          format: "json",
          entries: [{ path: ["mcpServers", "docs"], value: { command: "docs" } }],
        },
      ]);
      const cases: [string, RegExp][] = [
        [compose, /component claude composes values into shared JSON\/TOML files/],
        [capabilityProject().bundle, /component capability-alpha is a capability package/],
        [
          makeBundle({ components: { evil: { files: { ".agentc/installed.json": "{}\n" } } } }),
          /\.agentc\/installed\.json lies in \.agentc\/, agentc's own folder; the bundle is rejected/,
        ],
        [
          makeBundle({
            components: {
              a: { files: { "x/y.md": "y\n" } },
              b: { owned_dirs: ["x"], files: { "x/z.md": "z\n" } },
            },
          }),
          /x\/y\.md of component a lies inside x, the owned folder of component b; the bundle is rejected/,
        ],
      ];
      for (const [bundle, message] of cases) {
        const site = await served(bundle);
        const project = testdir({ "README.md": "mine\n" });
        const before = fullTree(project);
        const sh = await runInstallSh(shell, site.script, ["--project", project]);
        assert.equal(sh.status, 1);
        assert.match(sh.stderr, message);
        assert.match(
          sh.stderr,
          new RegExp(`hint: .*npx agentc install ${site.url.replace(/[./]/g, "\\$&")} --project DIR`),
        );
        assert.deepEqual(fullTree(project), before);
      }
    });

    it(`checks the server's manifest and every file before writing, and refuses plain http elsewhere (${shell.name})`, async () => {
      const bundle = makeBundle({
        components: { core: { files: { "AGENTS.md": "# rules\n", "b.md": "b\n" } } },
      });
      const manifest = readFileSync(join(bundle, "manifest.json"));
      const version = {
        version: "1.0.0",
        manifestSha256: (await import("../../src/shared/hash.js")).sha256(manifest),
        bundle: { sha256: "0".repeat(64) },
      } as Parameters<typeof installScriptFor>[0];
      const good = await serve({
        "/v/1.0.0/manifest.json": bytes(manifest),
        "/v/1.0.0/files/AGENTS.md": bytes("# rules\n"),
        "/v/1.0.0/files/b.md": bytes("tampered\n"),
      });
      const base = good.url("/");
      const project = testdir({ "README.md": "mine\n" });
      const before = fullTree(project);
      const tampered = await runScript(shell, installScriptFor(version, base), ["--project", project]);
      assert.equal(tampered.status, 1);
      assert.match(
        tampered.stderr,
        /b\.md has sha256 [0-9a-f]{64}, but the manifest says [0-9a-f]{64}; nothing was written/,
      );
      const other = { ...version, manifestSha256: "1".repeat(64) };
      const wrong = await runScript(shell, installScriptFor(other, base), ["--project", project]);
      assert.equal(wrong.status, 1);
      assert.match(
        wrong.stderr,
        /manifest\.json has sha256 [0-9a-f]{64}, but 1{64} was expected; nothing was written/,
      );
      assert.deepEqual(fullTree(project), before);
      const http = await runScript(shell, installScriptFor(version, base), [
        "--project",
        project,
        "--from",
        "http://example.com/",
      ]);
      assert.equal(http.status, 2);
      assert.match(http.stderr, /plain http is accepted only for this machine/);
      const unknown = await runScript(shell, installScriptFor(version, base), [
        "--project",
        project,
        "--components",
        "nope",
      ]);
      assert.equal(unknown.status, 2);
      assert.match(unknown.stderr, /unknown component nope/);
      assert.deepEqual(fullTree(project), before);
    });

    it(`waits for no one: a live lock refuses, a stale lock and an interrupted journal go to agentc (${shell.name})`, async () => {
      const site = await served(
        makeBundle({ components: { core: { files: { "AGENTS.md": "# rules\n" } } } }),
      );
      const project = testdir({ ".agentc/lock": `{"pid":${process.pid},"token":"${"a".repeat(32)}"}\n` });
      const live = await runInstallSh(shell, site.script, ["--project", project]);
      assert.equal(live.status, 1);
      assert.match(live.stderr, /another install holds the lock/);
      writeFileSync(join(project, ".agentc/lock"), `{"pid":999999999,"token":"${"a".repeat(32)}"}\n`);
      const stale = await runInstallSh(shell, site.script, ["--project", project]);
      assert.equal(stale.status, 1);
      assert.match(stale.stderr, /a stale lock .*\n {2}hint: .*npx agentc install/);
      rmSync(join(project, ".agentc/lock"));
      mkdirSync(join(project, ".agentc"), { recursive: true });
      writeFileSync(join(project, ".agentc/journal.json"), "{}\n");
      const journal = await runInstallSh(shell, site.script, ["--project", project]);
      assert.equal(journal.status, 1);
      assert.match(journal.stderr, /was interrupted/);
      assert.equal(fullTree(project)["AGENTS.md"], undefined);
      const dry = testdir();
      const plan = await runInstallSh(shell, site.script, ["--project", dry, "--dry-run"]);
      assert.equal(plan.status, 0);
      assert.match(plan.stdout, /create +AGENTS\.md[\s\S]*dry run: nothing was written/);
      assert.deepEqual(fullTree(dry), {});
    });
  }
});
