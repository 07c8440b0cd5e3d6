import assert from "node:assert/strict";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { describe, it, type TestContext } from "node:test";
import { unzipSync } from "fflate";
import { parse as parseJsonc } from "jsonc-parser";
import type { EmittedFile } from "../../src/emit/emitted-tree.js";
import { packPath } from "../../src/packs/shared/placeholders.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import {
  buildAndInstall,
  type ClientSandbox,
  clientRegistry,
  clientSandbox,
  describeRun,
  type InstalledProject,
  requireClient,
  runClient,
  writtenServers,
} from "../support/clients-cli.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir, writeFiles } from "../support/testdir.js";

const pack = "claude-code";

/** `claude plugin validate --strict DIR`: exit 0 and "Validation passed", else the whole run. */
async function validate(t: TestContext, dir: string, sandbox = clientSandbox()) {
  const program = requireClient(t, "claude");
  if (!program) return undefined;
  return runClient(program, ["plugin", "validate", "--strict", dir], { cwd: dir, sandbox });
}

async function assertValid(t: TestContext, dir: string, sandbox?: ClientSandbox): Promise<void> {
  const run = await validate(t, dir, sandbox);
  if (!run) return;
  assert.equal(run.status, 0, describeRun(run));
  assert.match(run.stdout + run.stderr, /Validation passed/, describeRun(run));
}

const manifest = {
  name: "agentc-conformance",
  version: "1.0.0",
  description: "What agentc generated for Claude Code",
  author: { name: "agentc tests" },
};

describe("Claude Code: claude plugin validate --strict", () => {
  it("rejects a plugin whose skill, agent or hooks are broken (the check can fail)", async (t) => {
    const dir = testdir({
      ".claude-plugin/plugin.json": JSON.stringify(manifest),
      // 2.1.332 reads an unclosed flow list ([unclosed) as plain text; an unclosed quote still fails.
      "skills/hello/SKILL.md": '---\nname: hello\ndescription: "unclosed\n---\nBody\n',
      "agents/reviewer.md": "---\nname: reviewer\n---\nBody\n",
      "hooks/hooks.json": JSON.stringify({ hooks: { NoSuchEvent: [] } }),
    });
    const run = await validate(t, dir);
    if (!run) return;
    assert.equal(run.status, 1, describeRun(run));
    const out = run.stdout + run.stderr;
    for (const part of ["skills/hello/SKILL.md", "agents/reviewer.md", "hooks/hooks.json"]) {
      assert.ok(out.includes(part), `the validator names ${part}\n${describeRun(run)}`);
    }
    assert.match(out, /YAML frontmatter failed to parse/, describeRun(run));
    writeFiles(dir, {
      "skills/hello/SKILL.md": "---\nname: hello\ndescription: Says hello\n---\nBody\n",
      "agents/reviewer.md": "---\nname: reviewer\ndescription: Reviews\n---\nBody\n",
      "hooks/hooks.json": JSON.stringify({ hooks: {} }),
    });
    await assertValid(t, dir);
  });

  it("accepts the skills, agents, commands, hooks and MCP servers agentc installs for Claude Code", async (t) => {
    if (!requireClient(t, "claude")) return;
    const installed = await buildAndInstall(clientRegistry, [pack]);
    const plugin = pluginOf(installed);
    await assertValid(t, plugin.dir);
    assert.ok(plugin.skills > 0, "the fixture's skills reached the plugin");
    assert.ok(plugin.agents > 0, "the fixture's agents reached the plugin");
    assert.ok(plugin.commands > 0, "the fixture's commands reached the plugin");
    assert.ok(plugin.hookEvents > 0, "the fixture's hooks reached the plugin");
    const servers = writtenServers(installed, pack).map((s) => s.name);
    assert.deepEqual(plugin.mcpServers, servers.sort(), "the servers the pack writes reached the plugin");
  });

  it("accepts the plugin.zip agentc builds (examples/registry)", async (t) => {
    if (!requireClient(t, "claude")) return;
    const market = await builtMarketplace();
    await assertValid(t, join(market.dir, market.name));
  });

  it("accepts the marketplace.json beside plugin.zip", async (t) => {
    if (!requireClient(t, "claude")) return;
    await assertValid(t, (await builtMarketplace()).dir);
  });
});

/** examples/registry built for real; its plugin.zip unpacked at ./<name>/ beside .claude-plugin/marketplace.json. */
function builtMarketplace(): Promise<{ dir: string; name: string }> {
  builtOnce ??= buildMarketplace();
  return builtOnce;
}

let builtOnce: Promise<{ dir: string; name: string }> | undefined;

async function buildMarketplace(): Promise<{ dir: string; name: string }> {
  const root = testdir({}, "agentc-plugin-");
  const registry = join(root, "registry");
  cpSync(join(packageRoot, "examples", "registry"), registry, {
    recursive: true,
    filter: (path) => !path.includes(`${join("registry", "build")}`),
  });
  const built = await runAgentc(["build", registry, "--out", join(root, "build"), "--quiet"]);
  assert.equal(built.status, 0, built.stdout + built.stderr);
  const market = join(root, "market");
  const entry = JSON.parse(readFileSync(join(root, "build", "marketplace.json"), "utf8")) as { name: string };
  const files = unzipSync(new Uint8Array(readFileSync(join(root, "build", "plugin.zip"))));
  for (const [path, bytes] of Object.entries(files))
    writeFiles(join(market, entry.name), { [path]: Buffer.from(bytes) });
  writeFiles(market, {
    ".claude-plugin/marketplace.json": readFileSync(join(root, "build", "marketplace.json")),
  });
  return { dir: market, name: entry.name };
}

interface AssembledPlugin {
  dir: string;
  skills: number;
  agents: number;
  commands: number;
  hookEvents: number;
  mcpServers: string[];
}

/**
 * A plugin folder holding exactly what the project got for Claude Code: its skill folders, agents and
 * commands as installed, the hooks of its settings file as hooks/hooks.json, and its MCP servers inline
 * in plugin.json (where the validator checks each server's shape).
 */
function pluginOf(installed: InstalledProject): AssembledPlugin {
  const files = (installed.compiled.tree?.files ?? []).filter((f) => f.client?.client === pack);
  const clientPack = installed.compiled.registry?.clients.find((c) => c.pack.client === pack)?.pack;
  assert.ok(clientPack, `the build loaded the ${pack} client pack`);
  const dir = testdir({}, "agentc-claude-plugin-");
  const skillDirs = files.filter((f) => f.client?.kind === "skill").map((f) => dirname(f.path));
  for (const f of files) {
    const target = placeInPlugin(f, skillDirs);
    if (target) copyInstalled(installed.project, f.path, join(dir, target));
  }
  const at = (file: string | undefined) => file && packPath(file, clientPack.runtime_placeholders);
  const hooks = valueAt(installed.project, at(clientPack.hooks?.file), clientPack.hooks?.key) ?? {};
  const servers = valueAt(installed.project, at(clientPack.mcp?.file), clientPack.mcp?.key) ?? {};
  writeFiles(dir, {
    ".claude-plugin/plugin.json": `${JSON.stringify({ ...manifest, mcpServers: servers }, null, 2)}\n`,
    "hooks/hooks.json": `${JSON.stringify({ hooks }, null, 2)}\n`,
  });
  const count = (kind: string): number => files.filter((f) => f.client?.kind === kind).length;
  return {
    dir,
    skills: count("skill"),
    agents: count("agent"),
    commands: count("command"),
    hookEvents: Object.keys(hooks).length,
    mcpServers: Object.keys(servers).sort(),
  };
}

function placeInPlugin(file: EmittedFile, skillDirs: string[]): string | undefined {
  const kind = file.client?.kind;
  if (kind === "agent") return join("agents", basename(file.path));
  if (kind === "command") return join("commands", basename(file.path));
  if (kind !== "skill" && kind !== "skill-file") return undefined;
  const skillDir = skillDirs.find((d) => file.path.startsWith(`${d}/`));
  assert.ok(skillDir, `${file.path} lies in the folder of a skill`);
  return join("skills", basename(skillDir), file.path.slice(skillDir.length + 1));
}

function copyInstalled(project: string, path: string, target: string): void {
  const source = join(project, path);
  assert.ok(existsSync(source), `agentc install wrote ${path}`);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, readFileSync(source));
}

/** The value at a key path of an installed JSON/JSONC file (undefined when the pack maps no such file). */
function valueAt(
  project: string,
  file: string | undefined | "",
  key: string[] | undefined,
): Record<string, unknown> | undefined {
  if (!file || !key) return undefined;
  const path = join(project, file);
  assert.ok(existsSync(path), `the project has ${file}`);
  let value: unknown = parseJsonc(readFileSync(path, "utf8"));
  for (const k of key) value = (value as Record<string, unknown> | undefined)?.[k];
  return value as Record<string, unknown> | undefined;
}
