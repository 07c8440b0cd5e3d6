import assert from "node:assert/strict";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";
import { statCacheIgnoreBytes } from "../../src/install/project/stat-cache.js";
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
  shellSlice,
  shells,
} from "../support/install-sh.js";
import { runAgentc } from "../support/run-cli.js";
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
  const node = await runAgentc(["install", site.url, "--project", b, "--yes", ...flags]);
  assert.equal(sh.status, node.status, `install.sh: ${sh.stderr}\nagentc: ${node.stderr}`);
  assert.deepEqual(fullTree(a), fullTree(b));
  return sh;
}

const conflictPaths = (stderr: string): string[] =>
  [...stderr.matchAll(/^conflict: (\S+) /gm)].map((m) => m[1] as string).sort();

describe("install.sh, the POSIX installer served with the bundle", { skip: notLinux }, () => {
  const slice = shellSlice();
  for (const shell of shells()) {
    const it = slice(shell);
    it(`installs the example registry exactly as agentc install does, and a second run writes nothing (${shell.name})`, async () => {
      const build = join(testdir(), "build");
      assert.equal(
        (await runAgentc(["build", join(packageRoot, "examples", "registry"), "--out", build, "-q"])).status,
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
      assert.equal((await runAgentc(["install", site.url, "--project", a, "--yes"])).status, 0);
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

    it(`writes .agentc/.gitignore (the stat cache out of git) as agentc install does, and leaves a person's own (${shell.name})`, async () => {
      const site = await served(makeBundle({ components: { core: { files: { "rules/a.md": "a\n" } } } }));
      const a = testdir();
      const b = copyOf(a);
      await parity(shell, site, a, b);
      assert.equal(
        readFileSync(join(a, ".agentc/.gitignore"), "utf8"),
        statCacheIgnoreBytes.toString("utf8"),
        "the bytes agentc install writes",
      );
      const mine = testdir({ ".agentc/.gitignore": "*\n" });
      await parity(shell, site, mine, copyOf(mine));
      assert.equal(readFileSync(join(mine, ".agentc/.gitignore"), "utf8"), "*\n");
    });

    it(`writes a new copy beside an edited seed only when the bundle's seed changed, as agentc install does (${shell.name})`, async () => {
      const bundle = (version: string, seed: string, rule: string, history: string[] = []) =>
        makeBundle({
          version,
          components: { core: { files: { "rules/a.md": rule }, seeds: { "docs/notes.md": seed } } },
          seedHistory: { "docs/notes.md": history },
        });
      const site = await served(bundle("1.0.0", "seed v1\n", "a v1\n"));
      const a = testdir();
      const b = copyOf(a);
      await parity(shell, site, a, b);
      for (const project of [a, b]) writeFileSync(join(project, "docs/notes.md"), "my notes\n");
      await site.publish(bundle("2.0.0", "seed v1\n", "a v2\n"));
      const same = await parity(shell, site, a, b);
      assert.match(same.stdout, /keep +docs\/notes\.md \(edited by you; the bundle's seed has not changed/);
      assert.equal(fullTree(a)["docs/notes.md.agentc-new"], undefined, "an unchanged seed leaves nothing");
      await site.publish(bundle("3.0.0", "seed v3\n", "a v2\n", ["seed v1\n"]));
      const changed = await parity(shell, site, a, b);
      assert.match(changed.stdout, /write-beside +docs\/notes\.md\.agentc-new/);
      for (const project of [a, b]) rmSync(join(project, "docs/notes.md.agentc-new"));
      await site.publish(bundle("3.1.0", "seed v3\n", "a v3\n", ["seed v1\n"]));
      await parity(shell, site, a, b);
      assert.equal(fullTree(a)["docs/notes.md.agentc-new"], undefined, "a removed copy is not brought back");
      assert.equal(readFileSync(join(a, "docs/notes.md"), "utf8"), "my notes\n");
    });

    it(`installs examples/team's assistants, their composed settings included, byte for byte as agentc install does; uninstall gives the project back (${shell.name})`, async () => {
      const build = join(testdir(), "build");
      assert.equal(
        (await runAgentc(["build", join(packageRoot, "examples", "team"), "--out", build, "-q"])).status,
        0,
      );
      const site = await served(build);
      const assistants = ["--components", "agents-md,claude-code,codex,cursor,gemini-cli,github-copilot"];
      const a = testdir({ "README.md": "the project's own\n" });
      const b = copyOf(a);
      const before = fullTree(a);
      const sh = await parity(shell, site, a, b, assistants);
      assert.equal(sh.status, 0, sh.stderr);
      for (const settings of [
        ".claude/settings.json",
        ".mcp.json",
        ".codex/config.toml",
        ".cursor/hooks.json",
      ])
        assert.ok(fullTree(a)[settings], settings);
      assert.ok(
        fullTree(a)[".agents/skills/code-review/SKILL.md"],
        "the skill codex and gemini-cli share, once",
      );
      const again = await runInstallSh(shell, site.script, ["--project", a]);
      assert.match(again.stdout, /nothing to do, 0\.3\.0 is installed/);
      const node = await runAgentc(["install", site.url, "--project", a, "--yes"]);
      assert.match(node.stdout, /nothing to do/, "agentc install finds nothing to do after install.sh");
      assert.equal((await runAgentc(["uninstall", "--project", a])).status, 0);
      assert.deepEqual(fullTree(a), before, "agentc uninstall takes out what install.sh composed");
      const all = await runInstallSh(shell, site.script, ["--project", testdir()]);
      assert.equal(all.status, 1);
      assert.match(
        all.stderr,
        /^agentc install\.sh: component capability-team-notes is a capability package, whose hooks only agentc runs \(with your consent\); install with: agentc install \S+ --project \S+\n$/,
      );
    });

    it(`installs seed 001's Claude Code pack, settings and guard hook included, as agentc install does (${shell.name})`, async () => {
      const registry = join(testdir(), "pack");
      cpSync(join(packageRoot, "test", "fixtures", "seeds", "001-client-pack"), registry, {
        recursive: true,
      });
      const build = join(testdir(), "build");
      assert.equal((await runAgentc(["build", registry, "--out", build, "-q"])).status, 0);
      const site = await served(build);
      const a = testdir();
      const b = copyOf(a);
      const sh = await parity(shell, site, a, b);
      assert.equal(sh.status, 0, sh.stderr);
      assert.match(fullTree(a)[".claude/settings.json"] ?? "", /agentc-guard\.mjs/);
    });

    it(`installs the payload folders serve captured (seed 000's every field), payload_keep the person's once it exists, as agentc install does (${shell.name})`, async () => {
      const registry = join(testdir(), "registry");
      cpSync(join(packageRoot, "test", "fixtures", "seeds", "000-every-field"), registry, {
        recursive: true,
      });
      const build = join(testdir(), "build");
      assert.equal((await runAgentc(["build", registry, "--out", build, "-q"])).status, 0);
      const site = await served(build);
      const a = testdir();
      const b = copyOf(a);
      const sh = await parity(shell, site, a, b);
      assert.equal(sh.status, 0, sh.stderr);
      assert.equal(fullTree(a)[".kit/bin/kit"]?.startsWith("file 755"), true, fullTree(a)[".kit/bin/kit"]);
      assert.match(fullTree(a)[".kit/memory/notes.md"] ?? "", /notes/);
      for (const project of [a, b]) {
        writeFileSync(join(project, ".kit/memory/notes.md"), "mine\n");
        writeFileSync(join(project, ".kit/memory/more.md"), "more\n");
        rmSync(join(project, ".kit/templates/plan.md"));
      }
      await parity(shell, site, a, b);
      assert.match(fullTree(a)[".kit/memory/notes.md"] ?? "", /mine/, "the kept folder is the person's");
      assert.match(
        fullTree(a)[".kit/templates/plan.md"] ?? "",
        /plan/,
        "the rest of the payload is agentc's",
      );
      const kept = testdir({ ".kit/memory/own.md": "own\n" });
      await parity(shell, site, kept, copyOf(kept));
      assert.equal(
        fullTree(kept)[".kit/memory/notes.md"],
        undefined,
        "not written into a kept folder that exists",
      );
      const many = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`);
      const vendor = testdir({
        ".claude/skills/plain/SKILL.md": `---\nname: plain\ndescription: ${many(600).join(" ")}\n  ${many(10).join(" ")}\n---\nbody\n`,
        ".claude/skills/comment/SKILL.md": `---\ndescription: ${many(200).join(" ")} # not words\n---\n`,
        ".claude/skills/quoted/SKILL.md": `---\ndescription: "${many(500).join("  ")}"\nname: quoted\n---\n`,
        ".claude/skills/folded/SKILL.md": `---\ndescription: >-\n  ${many(300).join(" ")}\n  ${many(300).join(" ")}\nname: folded\n---\n`,
        ".claude/skills/dead/SKILL.md": `---\ndescription: ${many(900).join(" ")}\n---\nDEPRECATED\n`,
      });
      const warned = await parity(shell, site, vendor, copyOf(vendor));
      const node = await runAgentc(["install", site.url, "--project", copyOf(vendor), "--yes"]);
      const line =
        /warning: skills from other tools use (\d+) description words, over the vendor reserve of 1600 \(4 skills\)/;
      assert.equal(line.exec(warned.stderr)?.[1], "1910", warned.stderr);
      assert.equal(line.exec(node.stdout + node.stderr)?.[1], "1910", "agentc install counts the same");
    });

    it(`leaves a settings file that is already there to agentc install, in one line, and writes nothing (${shell.name})`, async () => {
      const compose = (version: string, server: string) =>
        makeComposeBundle({ version, components: { claude: { files: { "CLAUDE.md": "# r\n" } } } }, [
          {
            component: "claude",
            path: ".mcp.json",
            format: "json",
            entries: [{ path: ["mcpServers", "docs"], value: { command: server } }],
          },
        ]);
      const site = await served(compose("1.0.0", "docs"));
      const mine = testdir({ ".mcp.json": '{ "mcpServers": {} }\n' });
      const before = stamps(mine);
      const refused = await runInstallSh(shell, site.script, ["--project", mine]);
      assert.equal(refused.status, 1);
      assert.match(
        refused.stderr,
        /^agentc install\.sh: \.mcp\.json is there already \(your file, or changed since agentc composed it\), and component claude composes its values into it, which needs agentc's JSON\/TOML editor to keep the keys already there; install with: agentc install \S+ --project \S+\n$/,
      );
      assert.deepEqual(stamps(mine), before, "nothing was written");
      const a = testdir();
      const b = copyOf(a);
      await parity(shell, site, a, b);
      await site.publish(compose("2.0.0", "docs-v2"));
      const upgrade = await runInstallSh(shell, site.script, ["--project", a]);
      assert.equal(upgrade.status, 1);
      assert.match(upgrade.stderr, /\.mcp\.json is there already .*; install with: agentc install /);
      assert.equal((await runAgentc(["install", site.url, "--project", a, "--yes"])).status, 0);
      assert.match(readFileSync(join(a, ".mcp.json"), "utf8"), /docs-v2/);
    });

    it(`leaves a settings file its client reads from another place that is there to agentc install (${shell.name})`, async () => {
      const bundle = makeComposeBundle({ components: { opencode: { files: { "AGENTS.md": "# r\n" } } } }, [
        {
          component: "opencode",
          path: "opencode.json",
          format: "json",
          entries: [
            { path: ["mcp", "docs"], value: { type: "remote", url: "https://docs.example.com/mcp" } },
          ],
        },
      ]);
      const site = await served(bundle);
      const mine = testdir({ ".opencode/opencode.json": '{ "mcp": {} }\n' });
      const before = stamps(mine);
      const refused = await runInstallSh(shell, site.script, ["--project", mine]);
      assert.equal(refused.status, 1, refused.stdout + refused.stderr);
      assert.match(
        refused.stderr,
        /^agentc install\.sh: opencode\.json is read from \.opencode\/opencode\.json here, and component opencode composes its values into that file, which needs agentc's JSON\/TOML editor to keep the keys already there; install with: agentc install \S+ --project \S+\n$/,
      );
      assert.deepEqual(stamps(mine), before, "nothing was written");
      assert.equal((await runAgentc(["install", site.url, "--project", mine, "--yes"])).status, 0);
      assert.match(readFileSync(join(mine, ".opencode/opencode.json"), "utf8"), /docs\.example\.com/);
      assert.equal(existsSync(join(mine, "opencode.json")), false);
      // reached through a linked folder, the place is none: both installers write opencode.json
      const linked = testdir();
      symlinkSync(testdir({ "opencode.json": '{ "mcp": {} }\n' }), join(linked, ".opencode"));
      const written = await parity(shell, site, linked, copyOf(linked));
      assert.equal(written.status, 0, written.stdout + written.stderr);
      assert.match(readFileSync(join(linked, "opencode.json"), "utf8"), /docs\.example\.com/);
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
        (await runAgentc(["install", site.url, "--project", b, "--yes", "--format", "json"])).stdout,
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

    it(`refuses what it does not implement, naming agentc install, and writes nothing (${shell.name})`, async () => {
      const server = (component: string) => ({
        component,
        path: ".mcp.json",
        format: "json" as const,
        entries: [{ path: ["mcpServers", component], value: { command: component } }],
      });
      const compose = makeComposeBundle(
        { components: { claude: { files: { "CLAUDE.md": "# r\n" } }, docs: { files: { "d.md": "d\n" } } } },
        [server("claude"), server("docs")],
      );
      const cases: [string, RegExp][] = [
        [
          compose,
          /components claude and docs both compose their values into \.mcp\.json, which needs agentc's JSON\/TOML editor/,
        ],
        [
          capabilityProject().bundle,
          /component capability-alpha is a capability package, whose hooks only agentc runs/,
        ],
      ];
      for (const [bundle, message] of cases) {
        const site = await served(bundle);
        const project = testdir({ "README.md": "mine\n" });
        const before = fullTree(project);
        const sh = await runInstallSh(shell, site.script, ["--project", project]);
        assert.equal(sh.status, 1);
        const url = site.url.replace(/[./]/g, "\\$&");
        assert.match(
          sh.stderr,
          new RegExp(`^agentc install\\.sh: .*; install with: agentc install ${url} --project `),
        );
        assert.match(sh.stderr, message);
        assert.equal(sh.stderr.trimEnd().split("\n").length, 1, `one line: ${sh.stderr}`);
        assert.deepEqual(fullTree(project), before);
      }
      const rejected: [string, RegExp][] = [
        [
          makeBundle({ components: { evil: { files: { ".agentc/installed.json": "{}\n" } } } }),
          /\.agentc\/installed\.json lies in \.agentc\/, agentc's own folder; the bundle is rejected, by agentc install too/,
        ],
        [
          makeBundle({
            components: {
              a: { files: { "t.md": "t\n" }, symlinks: ["x :: t.md :: copy"] },
              b: { files: { "x/z.md": "z\n" } },
            },
          }),
          /x\/z\.md of component b lies below x, a file of component a; the bundle is rejected, by agentc install too/,
        ],
      ];
      for (const [bundle, message] of rejected) {
        const site = await served(bundle);
        const project = testdir({ "README.md": "mine\n" });
        const before = fullTree(project);
        const sh = await runInstallSh(shell, site.script, ["--project", project]);
        assert.equal(sh.status, 1);
        assert.match(sh.stderr, message);
        assert.doesNotMatch(sh.stderr, /install with: agentc install/, "agentc would reject it too");
        const node = await runAgentc(["install", site.url, "--project", copyOf(project), "--yes"]);
        assert.equal(node.status, 1, `agentc install rejects it too: ${node.stdout}`);
        assert.deepEqual(fullTree(project), before);
      }
    });

    it(`installs a file two components share once, as agentc install does, and keeps it while one of them is chosen (${shell.name})`, async () => {
      const shared = ".agents/skills/review/SKILL.md";
      const bundle = makeBundle({
        components: {
          codex: { files: { [shared]: "review\n", "codex.md": "c\n" } },
          gemini: { files: { [shared]: "review\n", "gemini.md": "g\n" } },
          skills: { owned_dirs: [".agents/skills"], files: { [shared]: "review\n" } },
        },
      });
      const site = await served(bundle);
      const a = testdir();
      const b = copyOf(a);
      await parity(shell, site, a, b, ["--components", "codex,gemini"]);
      assert.equal(readFileSync(join(a, shared), "utf8"), "review\n");
      const record = JSON.parse(readFileSync(join(a, ".agentc/installed.json"), "utf8"));
      assert.equal(record.entries.filter((e: { path: string }) => e.path === shared).length, 1);
      await parity(shell, site, a, b, ["--components", "gemini,skills"]);
      await parity(shell, site, a, b, ["--components", "gemini"]);
      assert.equal(readFileSync(join(a, shared), "utf8"), "review\n");
      await parity(shell, site, a, b, ["--components", "codex"]);
      assert.equal(fullTree(a)["gemini.md"], undefined);
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
        composed: [],
      } as unknown as Parameters<typeof installScriptFor>[0];
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
      assert.match(
        stale.stderr,
        /a stale lock .*; agentc takes it over safely; install with: agentc install /,
      );
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
