import type { Command } from "./command.js";

/** What a user wants to do, in the order `agentc --help` shows it. */
export const commandGroups = [
  "write and check a registry",
  "share a build",
  "put it into a project",
  "look after many projects",
] as const;

export type CommandGroup = (typeof commandGroups)[number];

/** A command's name and summary, with its code loaded only when it runs (start-up stays small). */
export interface CommandEntry {
  name: string;
  summary: string;
  group: CommandGroup;
  load(): Promise<Command>;
}

export const commandIndex: readonly CommandEntry[] = [
  {
    name: "init",
    group: "write and check a registry",
    summary: "write a small working registry (never overwrites a file)",
    load: async () => (await import("./commands/init.js")).initCommand,
  },
  {
    name: "check",
    group: "write and check a registry",
    summary: "load and check a registry; print diagnostics",
    load: async () => (await import("./commands/check.js")).checkCommand,
  },
  {
    name: "build",
    group: "write and check a registry",
    summary: "check, then write the compiled tree and manifest.json",
    load: async () => (await import("./commands/build.js")).buildCommand,
  },
  {
    name: "add",
    group: "write and check a registry",
    summary: "add a dependency to sources.json and pin it in agentc.lock",
    load: async () => (await import("./commands/add.js")).addCommand,
  },
  {
    name: "lock",
    group: "write and check a registry",
    summary: "resolve the registry's dependencies and write agentc.lock (nothing else)",
    load: async () => (await import("./commands/lock.js")).lockCommand,
  },
  {
    name: "explain",
    group: "write and check a registry",
    summary: "print the documentation of one check (or list them all)",
    load: async () => (await import("./commands/explain.js")).explainCommand,
  },
  {
    name: "matrix",
    group: "write and check a registry",
    summary: "print what each client enforces, only reads, or cannot express (--check: exit 1 on cannot)",
    load: async () => (await import("./commands/matrix.js")).matrixCommand,
  },
  {
    name: "pack",
    group: "share a build",
    summary: "pack a build folder into a deterministic bundle.zip plus bundle.zip.sha256",
    load: async () => (await import("./commands/pack.js")).packCommand,
  },
  {
    name: "publish",
    group: "share a build",
    summary: "push a build or bundle to an OCI registry as an agentc artifact (oci://HOST/REPO:TAG)",
    load: async () => (await import("./commands/publish.js")).publishCommand,
  },
  {
    name: "install",
    group: "put it into a project",
    summary: "plan and apply a built bundle into a project, as one transaction",
    load: async () => (await import("./commands/install.js")).installCommand,
  },
  {
    name: "update",
    group: "put it into a project",
    summary:
      "install the newest bundle from the recorded source or install.bundle (--check: exit 1 when behind)",
    load: async () => (await import("./commands/update.js")).updateCommand,
  },
  {
    name: "outdated",
    group: "look after many projects",
    summary: "the fleet view: per project the installed version, the newest at its source, components, drift",
    load: async () => (await import("./commands/outdated.js")).outdatedCommand,
  },
  {
    name: "uninstall",
    group: "put it into a project",
    summary: "remove what agentc installed; keep and report files you edited",
    load: async () => (await import("./commands/uninstall.js")).uninstallCommand,
  },
  {
    name: "status",
    group: "put it into a project",
    summary: "report drift between the project and what agentc installed (--check: exit 1 on drift)",
    load: async () => (await import("./commands/status.js")).statusCommand,
  },
  {
    name: "serve",
    group: "share a build",
    summary: "serve builds or bundles over HTTP: tree, manifest, bundle, install.sh, index, registry page",
    load: async () => (await import("./commands/serve.js")).serveCommand,
  },
  {
    name: "import",
    group: "write and check a registry",
    summary: "turn a project's native assistant files into a new registry (never writes into the project)",
    load: async () => (await import("./commands/import.js")).importCommand,
  },
  {
    name: "lint",
    group: "put it into a project",
    summary:
      "check a project's own assistant files against each client's documented rules (no registry needed)",
    load: async () => (await import("./commands/lint.js")).lintCommand,
  },
  {
    name: "loads",
    group: "put it into a project",
    summary: "show what each assistant loads from a project: every session, on demand, MCP and settings",
    load: async () => (await import("./commands/loads.js")).loadsCommand,
  },
  {
    name: "run",
    group: "put it into a project",
    summary: "run a command of an installed capability package (without one: list them with their commands)",
    load: async () => (await import("./commands/run.js")).runCommand,
  },
  {
    name: "lsp",
    group: "write and check a registry",
    summary: "a language server on stdio: diagnostics in the editor on opening and saving assistant files",
    load: async () => (await import("./commands/lsp.js")).lspCommand,
  },
  {
    name: "mcp",
    group: "write and check a registry",
    summary: "an MCP server on stdio: lets an assistant run lint, loads, matrix, check and build",
    load: async () => (await import("./commands/mcp.js")).mcpCommand,
  },
];
