import assert from "node:assert/strict";
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import { diskTree, sessionLoad } from "../../src/session-load/index.js";
import { sha256 } from "../../src/shared/hash.js";
import { treeHash } from "./project-tree-hash.js";
import { type CliResult, runAgentc } from "./run-cli.js";
import { testdir } from "./testdir.js";

/** What every assistant agentc knows loads from a project at session start, in comparable form. */
export type SessionView = Record<string, ClientView>;

export interface ClientView {
  /** Each line of always-loaded text, with how often the client loads it. */
  lines: Record<string, number>;
  /** Each rule, skill, agent and command it lists: "kind name <- path sha256(text)". */
  items: string[];
  /** The MCP and settings files it reads, with their bytes' sha256. */
  files: string[];
}

/** sessionLoad(pack, diskTree(project)) for every built-in client pack, as counts and sorted lists. */
export function sessionView(project: string): SessionView {
  const tree = diskTree(project);
  const view: SessionView = {};
  const hashed = (path: string) => `${path} ${sha256(tree.text(path) ?? "")}`;
  for (const { pack } of builtinClientPacks()) {
    const load = sessionLoad(pack, tree);
    const lines: Record<string, number> = {};
    for (const text of load.texts)
      for (const line of text.text.split(/\r?\n/))
        if (line.trim() !== "") lines[line] = (lines[line] ?? 0) + 1;
    view[pack.client] = {
      lines,
      items: load.items.map((i) => `${i.kind} ${i.name} <- ${hashed(i.path)}`).sort(),
      files: [...load.mcp, ...load.settings].map(hashed).sort(),
    };
  }
  return view;
}

/** The lines a client loads more often after than before (the measure of "loaded twice"). */
export function moreOften(before: ClientView, after: ClientView): string[] {
  return Object.entries(after.lines)
    .filter(([line, n]) => n > (before.lines[line] ?? 0))
    .map(([line, n]) => `${n}x (was ${before.lines[line] ?? 0}x) ${line}`);
}

export interface Cycle {
  /** The copy of the project the cycle ran in. */
  project: string;
  registry: string;
  build: string;
  importRun: CliResult;
  buildRun: CliResult;
  installRun: CliResult;
  statusRun: CliResult;
  uninstallRun: CliResult;
  /** Files, modes and links of the project before the install and after the uninstall (.agentc left out). */
  original: Record<string, string>;
  /** The same right after the install. */
  installed: Record<string, string>;
  restored: Record<string, string>;
  /** What every client loads before the install and right after it. */
  loadBefore: SessionView;
  loadAfter: SessionView;
}

/**
 * The adoption cycle of issue 29 on a copy of `source`: import it into a new registry, build that, install the
 * build back into the project with --yes, read what every client loads, status, uninstall; every CLI run
 * in-process. `edit` runs between status and uninstall (a person's edit while agentc is installed).
 */
export async function adoptionCycle(
  source: string,
  options: { importFlags?: string[]; edit?: (project: string) => void } = {},
): Promise<Cycle> {
  const project = join(testdir({}, "agentc-adopt-"), "project");
  cpSync(source, project, { recursive: true, verbatimSymlinks: true });
  const work = testdir({}, "agentc-adopt-out-");
  const registry = join(work, "registry");
  const build = join(work, "build");
  const original = treeHash(project);
  const loadBefore = sessionView(project);
  const importRun = await runAgentc(["import", project, "--out", registry, ...(options.importFlags ?? [])]);
  const buildRun = await runAgentc(["build", registry, "--out", build]);
  const installRun = await runAgentc(["install", build, "--project", project, "--yes"]);
  const loadAfter = sessionView(project);
  const installed = treeHash(project);
  const statusRun = await runAgentc(["status", "--project", project, "--check"]);
  options.edit?.(project);
  const uninstallRun = await runAgentc(["uninstall", "--project", project, "--yes"]);
  const restored = treeHash(project);
  return {
    project,
    registry,
    build,
    importRun,
    buildRun,
    installRun,
    statusRun,
    uninstallRun,
    original,
    installed,
    restored,
    loadBefore,
    loadAfter,
  };
}

/** A file of a cycle's registry as text. */
export function registryText(cycle: Cycle, path: string): string {
  return readFileSync(join(cycle.registry, path), "utf8");
}

/** Every outcome of part 1, each message naming the step and what went wrong. */
export function assertIdentity(cycle: Cycle): void {
  for (const [step, run] of [
    ["import", cycle.importRun],
    ["build", cycle.buildRun],
    ["install", cycle.installRun],
    ["status", cycle.statusRun],
    ["uninstall", cycle.uninstallRun],
  ] as const)
    assert.equal(run.status, 0, `${step} exits 0:\n${run.stdout}${run.stderr}`);
  for (const [client, after] of Object.entries(cycle.loadAfter)) {
    const before = cycle.loadBefore[client];
    assert.ok(before);
    assert.deepEqual(moreOften(before, after), [], `${client} loads no line more often than before`);
    assert.deepEqual(moreOften(after, before), [], `${client} loads every line it loaded before`);
  }
  const added = Object.keys(cycle.installed).filter(
    (path) => !(path in cycle.original) && path !== ".agentc" && !path.startsWith(".agentc/"),
  );
  assert.deepEqual(added, [], "the install writes no file beside the person's");
  const changed = Object.keys(cycle.original).filter(
    (path) => cycle.installed[path] !== cycle.original[path],
  );
  assert.deepEqual(
    changed,
    [],
    "the install changes no byte, mode or link of the project (settings included)",
  );
  assert.deepEqual(cycle.restored, cycle.original, "uninstall gives back every byte, mode and link");
}

/** Both ways to a registry edited after `agentc import`: installed before the edit and again after it, or first after it. */
export interface EditPaths {
  /** Installed from the build as imported, then from the edited build. */
  first: string;
  /** Installed only from the edited build. */
  later: string;
  registry: string;
  /** What the install into `later` printed. */
  output: string;
}

/**
 * Imports a copy of `source`, installs the build into it, lets `edit` change the registry, builds again and
 * installs that build into the same copy and into a fresh one (with --take-imported, as import's next steps say).
 */
export async function editBeforeFirstInstall(
  source: string,
  edit: (registry: string) => void,
): Promise<EditPaths> {
  const copy = () => {
    const dir = join(testdir({}, "agentc-edit-"), "project");
    cpSync(source, dir, { recursive: true, verbatimSymlinks: true });
    return dir;
  };
  const ok = async (args: string[]) => {
    const run = await runAgentc(args);
    assert.equal(run.status, 0, `agentc ${args[0]}:\n${run.stdout}${run.stderr}`);
    return run.stdout;
  };
  const [first, later] = [copy(), copy()];
  const registry = join(testdir(), "registry");
  await ok(["import", first, "--out", registry]);
  const asImported = join(testdir(), "build");
  await ok(["build", registry, "--out", asImported]);
  await ok(["install", asImported, "--project", first, "--yes"]);
  edit(registry);
  const edited = join(testdir(), "build");
  await ok(["build", registry, "--out", edited]);
  await ok(["install", edited, "--project", first, "--yes"]);
  const output = await ok(["install", edited, "--project", later, "--yes", "--take-imported"]);
  return { first, later, registry, output };
}
