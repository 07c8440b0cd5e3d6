import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { TestContext } from "node:test";
import { composeJson, composeToml } from "../../src/compose/index.js";
import type { McpServer } from "../../src/core/model.js";
import type { ComposedFile } from "../../src/emit/emitted-tree.js";
import { type CompileResult, compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runInGroup } from "./group-process.js";
import { runAgentc } from "./run-cli.js";
import { testdir } from "./testdir.js";

/** The assistants' own CLIs, pinned in package.json devDependencies (docs/conformance.md). */
export type ClientCli =
  | "claude"
  | "codex"
  | "gemini"
  | "copilot"
  | "opencode"
  | "cline"
  | "pi"
  | "qwen"
  | "amp"
  | "kilo"
  | "auggie"
  | "droid";

export const clientPackages: Record<ClientCli, string> = {
  claude: "@anthropic-ai/claude-code",
  codex: "@openai/codex",
  gemini: "@google/gemini-cli",
  copilot: "@github/copilot",
  opencode: "opencode-ai",
  cline: "cline",
  pi: "@mariozechner/pi-coding-agent",
  qwen: "@qwen-code/qwen-code",
  amp: "@sourcegraph/amp",
  kilo: "@kilocode/cli",
  auggie: "@augmentcode/auggie",
  droid: "@factory/cli",
};

/**
 * Where a CLI is taken from: node_modules/.bin, or, for `npm run formats:check`, the folder named by
 * AGENTC_CLI_BIN (a scratch install of the newest release).
 */
const binDir = process.env.AGENTC_CLI_BIN ?? join(packageRoot, "node_modules", ".bin");

/** Every CLI call is killed (its whole process group) after this long. */
export const cliTimeoutMs = 30_000;

/**
 * Gemini CLI's cold start (a 20 MB bundle; 6-12 s on two busy cores) leaves too little of 30 s,
 * so its calls get twice as long.
 */
export const geminiTimeoutMs = 60_000;

/**
 * A refused loopback port: a client that ignores the network namespace still cannot leave the machine.
 * Inside a session's namespace the session runner answers there with a 403 (session-runner.ts).
 */
const deadProxy = "http://127.0.0.1:9";

/**
 * True when CLIs run in a network namespace of their own (only a downed loopback): no call can reach
 * the network, whatever the client tries. Needs `unshare` and the right to make a namespace (root here).
 */
export const networkIsolated = spawnSync("unshare", ["--net", "true"]).status === 0;

/** The command that starts a CLI: the native binary, or Node running the package's script. */
export function clientProgram(cli: ClientCli): string[] | undefined {
  const link = join(binDir, cli);
  if (!existsSync(link)) return undefined;
  const target = realpathSync(link);
  return /\.[cm]?js$/.test(target) ? [process.execPath, target] : [target];
}

/**
 * The CLI's command. When its package is genuinely not installed the test is skipped with the reason —
 * except under CI (CI set), where `npm ci` must have installed it, so the test fails instead.
 */
export function requireClient(t: TestContext, cli: ClientCli): string[] | undefined {
  const program = clientProgram(cli);
  if (program) return program;
  const why = `${cli} CLI absent: ${join(binDir, cli)} does not exist (install ${clientPackages[cli]} with 'npm ci')`;
  if (process.env.CI) throw new Error(`${why}; CI must run the conformance tests`);
  t.skip(why);
  return undefined;
}

/** A throw-away home for the CLIs: nothing of the machine's user config is read, nothing is kept. */
export interface ClientSandbox {
  root: string;
  home: string;
  codexHome: string;
  env: NodeJS.ProcessEnv;
}

export function clientSandbox(): ClientSandbox {
  const root = testdir({}, "agentc-clients-");
  const home = join(root, "home");
  const codexHome = join(root, "codex-home");
  for (const dir of [home, codexHome, join(home, ".gemini"), join(home, ".claude"), join(root, "tmp")]) {
    mkdirSync(dir, { recursive: true });
  }
  writeFileSync(join(home, ".gemini", "settings.json"), `${JSON.stringify(geminiUserSettings, null, 2)}\n`);
  // npm offline: the fixture's `npx -y <server>` MCP server fails at once, where it would retry the
  // network 10 s and 60 s later while the client waits for it (Qwen Code 30 s, Auggie 10 s a session).
  // A file, not npm_config_offline: clients start MCP servers with only HOME, PATH and a few more.
  writeFileSync(join(home, ".npmrc"), "offline=true\n");
  return { root, home, codexHome, env: sandboxEnv(root, home, codexHome) };
}

/** The user-level Gemini settings of the sandbox: no telemetry, no usage statistics, no update checks. */
export const geminiUserSettings = {
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
};

/** Only PATH is inherited: no API key, no proxy, no config of the person running the tests, no temp folder. */
function sandboxEnv(root: string, home: string, codexHome: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    USERPROFILE: home,
    // Not /tmp: Codex makes its sandbox helper's PATH alias in CODEX_HOME only when CODEX_HOME is not
    // below the temporary folder, and without that alias a system bubblewrap (installed for the sandbox
    // tests) cannot start the helper (measured with 0.171.0).
    TMPDIR: join(root, "tmp"),
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_CACHE_HOME: join(home, ".cache"),
    XDG_DATA_HOME: join(home, ".local", "share"),
    XDG_STATE_HOME: join(home, ".local", "state"),
    CODEX_HOME: codexHome,
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    GEMINI_CLI_HOME: home,
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: join(root, "gemini-system-settings.json"),
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: join(root, "gemini-system-defaults.json"),
    GEMINI_CLI_TRUSTED_FOLDERS_PATH: join(home, ".gemini", "trustedFolders.json"),
    GEMINI_CLI_NO_RELAUNCH: "true",
    // Qwen Code starts itself again only to raise its heap limit: once is enough for a test session.
    QWEN_CODE_NO_RELAUNCH: "true",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DO_NOT_TRACK: "1",
    // OpenCode and its fork Kilo: network work a run otherwise waits for offline before its first turn
    // (the proxy's log: models.dev, PostHog, api.kilo.ai); none of it reads the project.
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_SHARE: "1",
    KILO_DISABLE_AUTOUPDATE: "1",
    KILO_DISABLE_MODELS_FETCH: "1",
    KILO_DISABLE_SESSION_INGEST: "1",
    KILO_DISABLE_SHARE: "1",
    KILO_TELEMETRY_LEVEL: "off",
    HTTP_PROXY: deadProxy,
    HTTPS_PROXY: deadProxy,
    ALL_PROXY: deadProxy,
    NO_COLOR: "1",
    TERM: "dumb",
  };
}

export interface ClientRun {
  command: string;
  status: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  timeoutMs: number;
}

/** Runs a CLI in the sandbox, offline, and kills its whole process group after cliTimeoutMs. */
export async function runClient(
  program: string[],
  args: string[],
  options: { cwd: string; sandbox: ClientSandbox; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<ClientRun> {
  const timeoutMs = options.timeoutMs ?? cliTimeoutMs;
  const argv = [...(networkIsolated ? ["unshare", "--net"] : []), ...program, ...args];
  const [file = "", ...rest] = argv;
  const command = [basename(program.at(-1) ?? ""), ...args].join(" ");
  const once = () =>
    runInGroup(file, rest, { cwd: options.cwd, env: { ...options.sandbox.env, ...options.env }, timeoutMs });
  const first = await once();
  const run = first.status !== 0 && clientRace.test(first.stderr) ? await once() : first;
  return { command, ...run, timeoutMs };
}

/**
 * A client's own race, run again once (any other failure, or the same one twice, still fails the test).
 * Codex 0.171 on Linux: with a glob in its permission profile its sandbox helper scans the project while
 * another helper removes the empty mount points (.aws, .agents) an earlier sandbox left there, and
 * gives up on the vanished entry (seen in CI; docs/conformance.md).
 */
const clientRace = /failed to enumerate unreadable glob paths under .*No such file or directory/;

/** The whole run, for an assertion message. */
export function describeRun(run: ClientRun): string {
  const cut = (text: string): string => (text.length > 4000 ? `${text.slice(0, 4000)}\n…` : text);
  const how = run.timedOut ? `timed out after ${run.timeoutMs} ms` : `exit ${run.status}`;
  return `${run.command}: ${how}\n--- stdout\n${cut(run.stdout)}\n--- stderr\n${cut(run.stderr)}`;
}

/** The fixture registry with a full core/ (engineer A's golden fixture). */
export const clientRegistry = join(packageRoot, "test", "fixtures", "client-registry");

export interface InstalledProject {
  registry: string;
  build: string;
  project: string;
  compiled: CompileResult;
  /** How the shared files got their agentc entries: by 'agentc install', or composed here (see below). */
  composedBy: "installer" | "test";
}

/** The files the build wrote for one pack, of one kind (rule, skill, agent, command, ...). */
export function writtenFor(installed: InstalledProject, pack: string, kind: string) {
  return (installed.compiled.tree?.files ?? []).filter(
    (f) => f.client?.client === pack && f.client.kind === kind,
  );
}

/**
 * Stand-ins for the client fixture's own programs that its hooks run (`node .agentc/guard.mjs --prompt`,
 * `npm test`), so a session's hooks pass quickly; returns the clean-up.
 */
export function quietFixtureHooks(project: string): () => void {
  mkdirSync(join(project, ".agentc"), { recursive: true });
  writeFileSync(join(project, ".agentc", "guard.mjs"), "process.exit(0);\n");
  writeFileSync(join(project, "package.json"), '{"scripts":{"test":"true"}}\n');
  return () => {
    for (const path of [".agentc", "package.json", "config"])
      rmSync(join(project, path), { recursive: true, force: true });
  };
}

/**
 * Copies a registry, keeps only the given built-in client packs, runs the real `agentc build` and
 * `agentc install --yes` into a fresh project, and returns the folders. While the installer does not
 * yet compose shared files (the build's manifest lists no composed entries), the test composes the
 * build's entries into the project itself with src/compose, as the installer will.
 */
export function buildAndInstall(source: string, clients: string[]): Promise<InstalledProject> {
  const key = JSON.stringify([source, clients]);
  let installed = installs.get(key);
  if (!installed) {
    installed = freshInstall(source, clients);
    installs.set(key, installed);
  }
  return installed;
}

/** One build and install per registry and packs in a test file: the tests only read the project. */
const installs = new Map<string, Promise<InstalledProject>>();

async function freshInstall(source: string, clients: string[]): Promise<InstalledProject> {
  const root = testdir({}, "agentc-conform-");
  const registry = join(root, "registry");
  const build = join(root, "build");
  const project = join(root, "project");
  if (!existsSync(source)) throw new Error(`no registry at ${source}: the client fixture has not landed`);
  cpSync(source, registry, { recursive: true });
  keepClients(registry, clients);
  mkdirSync(project);
  gitRepository(project);
  const built = await runAgentc(["build", registry, "--out", build, "--quiet"]);
  if (built.status !== 0)
    throw new Error(`agentc build failed (exit ${built.status}):\n${built.stdout}${built.stderr}`);
  const installed = await runAgentc(["install", build, "--project", project, "--yes"]);
  if (installed.status !== 0) {
    throw new Error(
      `agentc install failed (exit ${installed.status}):\n${installed.stdout}${installed.stderr}`,
    );
  }
  const compiled = await compileRegistry(registry, { offline: true });
  if (!compiled.tree) throw new Error("the registry did not compile in-process after building");
  const composedBy = manifestListsComposed(build) ? "installer" : "test";
  if (composedBy === "test") composeInto(project, compiled.tree.composed);
  return { registry, build, project, compiled, composedBy };
}

/** A project is its own repository, as a person's is: clients find their root by the nearest .git. */
function gitRepository(project: string): void {
  const init = spawnSync("git", ["init", "--quiet", project], { encoding: "utf8" });
  if (init.status !== 0) throw new Error(`git init failed: ${init.error?.message ?? init.stderr}`);
}

function keepClients(registry: string, clients: string[]): void {
  const file = join(registry, "targets.json");
  const targets = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify({ ...targets, builtin_clients: clients }, null, 2)}\n`);
}

function manifestListsComposed(build: string): boolean {
  return readFileSync(join(build, "manifest.json"), "utf8").includes('"composed"');
}

function composeInto(project: string, composed: ComposedFile[]): void {
  const byPath = new Map<string, ComposedFile[]>();
  for (const file of composed) byPath.set(file.path, [...(byPath.get(file.path) ?? []), file]);
  for (const [path, files] of byPath) {
    const target = join(project, path);
    const current = existsSync(target) ? readFileSync(target, "utf8") : undefined;
    const entries = files.flatMap((f) => f.entries);
    const compose = files[0]?.format === "toml" ? composeToml : composeJson;
    const result = compose(current, entries, []);
    if (result.conflicts.length > 0) {
      throw new Error(`composing ${path}: ${result.conflicts.map((c) => c.message).join("; ")}`);
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, result.text);
  }
}

/**
 * The registry's MCP servers a pack writes: those with a capability row for the pack that is not
 * "cannot" (a server may also have "cannot" rows for a part it loses, e.g. a variable's default).
 */
export function writtenServers(installed: InstalledProject, pack: string): McpServer[] {
  const rows = (installed.compiled.tree?.capabilities ?? []).filter(
    (r) => r.client === pack && r.kind === "mcp" && r.enforcement !== "cannot",
  );
  const written = (s: McpServer): boolean =>
    rows.some((r) => r.source.file === s.position.file && r.source.line === s.position.line);
  return (installed.compiled.registry?.core.mcpServers ?? []).filter(written);
}
