import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { clientSandbox, describeRun, requireClient, runClient } from "../support/clients-cli.js";
import { fullTree, withHome } from "../support/home-tree.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir, writeFiles } from "../support/testdir.js";

/**
 * Each client whose pack maps its files to the home folder (`user_scope`, clients/*.json): what an install of its
 * component writes there (`written`, each path below one of `roots`) and what it names as not at user level
 * (`left`, project paths). The client reads nothing else agentc writes.
 */
interface UserCase {
  client: string;
  roots: string[];
  written: string[];
  left: string[];
  /** Text a written file must hold (a hook command rewritten to name the home folder). */
  holds?: [path: string, text: string][];
}

const cases: UserCase[] = [
  {
    client: "github-copilot",
    roots: [".copilot/"],
    written: [
      ".copilot/copilot-instructions.md",
      ".copilot/instructions/security.instructions.md",
      ".copilot/agents/reviewer.agent.md",
      ".copilot/skills/code-review/SKILL.md",
    ],
    left: [".github/hooks/agentc-guard.mjs", ".github/prompts/changelog.prompt.md", ".vscode/mcp.json"],
  },
  {
    client: "windsurf",
    roots: [".codeium/windsurf/skills/"],
    written: [".codeium/windsurf/skills/code-review/SKILL.md"],
    left: ["AGENTS.md", ".devin/rules/api-design.md"],
  },
  {
    client: "kiro",
    roots: [".kiro/"],
    written: [
      ".kiro/steering/security.md",
      ".kiro/skills/code-review/SKILL.md",
      ".kiro/agents/reviewer.md",
      ".kiro/settings/mcp.json",
    ],
    left: ["AGENTS.md"],
  },
  {
    client: "qwen-code",
    roots: [".qwen/"],
    written: [
      ".qwen/AGENTS.md",
      ".qwen/settings.json",
      ".qwen/rules/security.md",
      ".qwen/skills/code-review/SKILL.md",
      ".qwen/agents/reviewer.md",
      ".qwen/commands/changelog.md",
      ".qwen/hooks/agentc-guard.mjs",
    ],
    left: [],
    holds: [[".qwen/settings.json", 'node \\"$HOME/.qwen/hooks/agentc-guard.mjs\\"']],
  },
  {
    client: "amp",
    roots: [".config/amp/", ".agents/skills/"],
    written: [".config/amp/AGENTS.md", ".config/amp/settings.json", ".agents/skills/code-review/SKILL.md"],
    left: [],
  },
  {
    client: "pi",
    roots: [".pi/agent/"],
    written: [
      ".pi/agent/AGENTS.md",
      ".pi/agent/skills/code-review/SKILL.md",
      ".pi/agent/prompts/changelog.md",
    ],
    left: [],
  },
  {
    client: "droid",
    roots: [".factory/"],
    written: [
      ".factory/AGENTS.md",
      ".factory/settings.json",
      ".factory/mcp.json",
      ".factory/skills/code-review/SKILL.md",
      ".factory/droids/reviewer.md",
      ".factory/commands/changelog.md",
      ".factory/hooks/agentc-guard.mjs",
    ],
    left: [],
    holds: [[".factory/settings.json", 'node \\"$HOME/.factory/hooks/agentc-guard.mjs\\"']],
  },
  {
    client: "kilo",
    roots: [".kilo/", ".config/kilo/"],
    written: [
      ".config/kilo/AGENTS.md",
      ".kilo/kilo.json",
      ".kilo/rules/security.md",
      ".kilo/skills/code-review/SKILL.md",
      ".kilo/agent/reviewer.md",
      ".kilo/command/changelog.md",
    ],
    left: [],
  },
  {
    client: "cline",
    roots: [".cline/"],
    written: [
      ".cline/rules/security.md",
      ".cline/skills/code-review/SKILL.md",
      ".cline/data/workflows/changelog.md",
    ],
    left: ["AGENTS.md"],
  },
  {
    client: "augment",
    roots: [".augment/"],
    written: [
      ".augment/rules/security.md",
      ".augment/skills/code-review/SKILL.md",
      ".augment/agents/reviewer.md",
      ".augment/commands/changelog.md",
    ],
    left: ["AGENTS.md", ".augment/hooks/agentc-guard.mjs", ".augment/settings.json"],
  },
  {
    client: "devin",
    roots: [".config/devin/"],
    written: [".config/devin/AGENTS.md", ".config/devin/skills/code-review/SKILL.md"],
    left: [".devin/agents/reviewer/AGENT.md", ".devin/config.json"],
  },
  {
    client: "goose",
    roots: [".config/goose/skills/"],
    written: [".config/goose/skills/code-review/SKILL.md"],
    left: ["AGENTS.md", ".agents/plugins/agentc/hooks/hooks.json"],
  },
  {
    client: "crush",
    roots: [".config/crush/skills/"],
    written: [".config/crush/skills/code-review/SKILL.md"],
    left: ["AGENTS.md", ".crush/commands/changelog.md", "crush.json"],
  },
  {
    client: "gitlab-duo",
    roots: [".gitlab/duo/"],
    written: [".gitlab/duo/AGENTS.md", ".gitlab/duo/mcp.json"],
    left: [".agents/commands/changelog.md", "skills/code-review/SKILL.md"],
  },
  {
    client: "zed",
    roots: [".config/zed/", ".agents/skills/"],
    written: [".config/zed/settings.json", ".agents/skills/code-review/SKILL.md"],
    left: ["AGENTS.md"],
  },
];

const ruleLine = "Small functions with names that say what they do";

/** The realistic registry built for every client of the table. */
async function buildForEveryClient(): Promise<string> {
  const root = testdir({}, "agentc-user-clients-");
  const registry = join(root, "registry");
  cpSync(join("test", "fixtures", "realistic"), registry, { recursive: true });
  const targets = join(registry, "targets.json");
  const spec = JSON.parse(readFileSync(targets, "utf8")) as { assistants: string[] };
  spec.assistants = cases.map((c) => c.client);
  writeFileSync(targets, `${JSON.stringify(spec, null, 2)}\n`);
  const out = join(root, "build");
  const built = await runAgentc(["build", registry, "--out", out]);
  assert.equal(built.status, 0, built.stderr);
  return out;
}

/** The build, made once for the file's tests (they install from it and never write into it). */
let built: Promise<string> | undefined;
const build = (): Promise<string> => {
  built ??= buildForEveryClient();
  return built;
};

describe("each client's files at user level", () => {
  let bundle: string;
  before(async () => {
    bundle = await build();
  });

  for (const c of cases)
    it(`${c.client}: writes where the client reads them in HOME, names the rest, and leaves HOME as it was`, async () => {
      const home = testdir({}, "agentc-home-");
      writeFiles(home, { ".bashrc": "export EDITOR=vi\n" });
      const before = fullTree(home);
      await withHome(home, async () => {
        const args = ["install", bundle, "--scope", "user", "--components", `agents-md,${c.client}`, "--yes"];
        const install = await runAgentc(args);
        assert.equal(install.status, 0, install.stderr);
        for (const path of c.written) assert.ok(existsSync(join(home, path)), `${path}\n${install.stdout}`);
        for (const [path, text] of c.holds ?? [])
          assert.ok(readFileSync(join(home, path), "utf8").includes(text), `${path} holds ${text}`);
        const notes = install.stdout.split("\n").filter((l) => l.includes(": not at user level"));
        for (const path of c.left)
          assert.ok(
            notes.some((n) => n.includes(path)),
            `${path} named as left out\n${install.stdout}`,
          );
        const added = Object.keys(fullTree(home)).filter(
          (p) => !(p in before) && p !== ".config" && !p.startsWith(".config/agentc"),
        );
        const outside = added.filter((p) => !c.roots.some((r) => p.startsWith(r) || r.startsWith(`${p}/`)));
        assert.deepEqual(outside, [], "nothing outside the client's own folders");
        const status = await runAgentc(["status", "--scope", "user", "--check"]);
        assert.equal(status.status, 0, status.stdout);
        const uninstall = await runAgentc(["uninstall", "--scope", "user"]);
        assert.equal(uninstall.status, 0, uninstall.stderr);
      });
      assert.deepEqual(fullTree(home), before);
    });
});

describe("GitHub Copilot CLI reads what agentc installed at user level", () => {
  it("lists ~/.copilot's instructions and skills as personal ones, and not after uninstall", async (t) => {
    const program = requireClient(t, "copilot");
    if (!program) return;
    const bundle = await build();
    const sandbox = clientSandbox();
    // agentc reads HOME and XDG_CONFIG_HOME as the sandbox sets them; Copilot runs in the sandbox
    const inSandbox = <T>(body: () => Promise<T>) =>
      withHome(sandbox.home, body, sandbox.env.XDG_CONFIG_HOME);
    const install = await inSandbox(() =>
      runAgentc(["install", bundle, "--scope", "user", "--components", "agents-md,github-copilot", "--yes"]),
    );
    assert.equal(install.status, 0, install.stderr);
    assert.match(
      readFileSync(join(sandbox.home, ".copilot", "copilot-instructions.md"), "utf8"),
      new RegExp(ruleLine),
    );
    const project = testdir({}, "agentc-user-scope-copilot-app-");
    const list = (what: string) => runClient(program, [what, "list"], { cwd: project, sandbox });
    const instructions = await list("instruction");
    assert.equal(instructions.status, 0, describeRun(instructions));
    for (const path of [".copilot/copilot-instructions.md", ".copilot/instructions/security.instructions.md"])
      assert.ok(
        instructions.stdout.includes(join(sandbox.home, path)),
        `${path}\n${describeRun(instructions)}`,
      );
    const skills = await list("skill");
    assert.equal(skills.status, 0, describeRun(skills));
    assert.match(skills.stdout, /Personal skills:\n(\s+\S.*\n)*\s+code-review -/, describeRun(skills));

    assert.equal((await inSandbox(() => runAgentc(["uninstall", "--scope", "user"]))).status, 0);
    const after = await list("instruction");
    assert.equal(after.stdout.includes(join(sandbox.home, ".copilot")), false, describeRun(after));
  });
});

describe("a person's own Zed settings at user level", () => {
  it("gets agentc's MCP servers composed in beside their commented values, and back out byte for byte", async () => {
    const bundle = await build();
    const theirs = '// Zed settings\n{\n  "theme": "One Dark", // mine\n  "vim_mode": true\n}\n';
    const home = testdir({}, "agentc-home-");
    writeFiles(home, { ".config/zed/settings.json": theirs });
    const before = fullTree(home);
    await withHome(home, async () => {
      const args = ["install", bundle, "--scope", "user", "--components", "zed", "--yes"];
      assert.equal((await runAgentc(args)).status, 0);
      const composed = readFileSync(join(home, ".config", "zed", "settings.json"), "utf8");
      assert.match(composed, /"theme": "One Dark", \/\/ mine/);
      assert.match(composed, /"context_servers"/);
      assert.equal((await runAgentc(["uninstall", "--scope", "user"])).status, 0);
    });
    assert.deepEqual(fullTree(home), before);
  });
});
