import { statSync } from "node:fs";
import { type InstallResult, runInstall } from "../../install/install-run.js";
import type { ComponentChoice } from "../../install/plan/components.js";
import { type Command, type CommandIo, type ParsedArgs, UsageError } from "../command.js";
import { hookTimeoutMs } from "../hook-timeout-option.js";
import { terminalProgress } from "../progress.js";
import { promptComponents } from "../prompts/choose-prompt.js";
import { promptHooks } from "../prompts/hooks-prompt.js";
import { promptRequirement } from "../prompts/requirement-prompt.js";
import { exitCodeOf, renderJson, renderPretty } from "../report/render-result.js";

export const installCommand: Command = {
  name: "install",
  summary: "plan and apply a built bundle into a project, as one transaction",
  usage:
    "agentc install <bundle-dir | https-url | file.zip> [--project DIR] [--components a,b] [--all] [--yes] [--dry-run] [--move-aside] [--allow-hooks] [--accept-requirement PACKAGE]... [--hook-timeout SECONDS] [--integrity HASH] [--format pretty|json]",
  options: {
    project: { type: "string" },
    components: { type: "string" },
    all: { type: "boolean" },
    yes: { type: "boolean", short: "y" },
    "dry-run": { type: "boolean" },
    "move-aside": { type: "boolean" },
    integrity: { type: "string" },
    "allow-hooks": { type: "boolean" },
    "accept-requirement": { type: "string", multiple: true },
    "hook-timeout": { type: "string" },
  },
  formats: ["pretty", "json"],
  async run(args, io) {
    const source = args.positionals[0];
    if (!source)
      throw new UsageError("give the bundle to install: a build folder, a .zip or an https:// URL");
    if (args.positionals.length > 1) throw new UsageError(`unexpected argument "${args.positionals[1]}"`);
    const bundle = await localBundle(source, args, io);
    if (typeof bundle === "number") return bundle;
    try {
      const dryRun = args.values["dry-run"] === true;
      const choice = componentChoice(args);
      const onTerminal = io.isTty && process.stdin.isTTY === true;
      const interactive = choice.kind === "default" && args.values.yes !== true && onTerminal;
      const allowHooks = args.values["allow-hooks"] === true;
      const result = await runInstall({
        bundleDir: bundle.dir,
        projectDir: typeof args.values.project === "string" ? args.values.project : ".",
        choice,
        moveAside: args.values["move-aside"] === true,
        dryRun,
        ...(interactive ? { choose: promptComponents } : {}),
        allowHooks,
        ...(onTerminal && args.values.yes !== true
          ? { confirmHooks: promptHooks, confirmRequirement: promptRequirement }
          : {}),
        acceptRequirements: acceptedRequirements(args),
        hookTimeoutMs: hookTimeoutMs(args),
        ...progressOption(io),
      });
      report(result, args, io, dryRun);
      return exitCodeOf(result);
    } finally {
      bundle.cleanup();
    }
  },
};

/** --accept-requirement, once per package (a comma list works too). */
function acceptedRequirements(args: ParsedArgs): string[] {
  const given = args.values["accept-requirement"];
  const list = Array.isArray(given) ? given : typeof given === "string" ? [given] : [];
  return list
    .flatMap((item) => String(item).split(","))
    .map((s) => s.trim())
    .filter(Boolean);
}

function componentChoice(args: ParsedArgs): ComponentChoice {
  const list = args.values.components;
  if (typeof list === "string" && args.values.all === true)
    throw new UsageError("use either --components or --all, not both");
  if (typeof list === "string") {
    const ids = list
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length === 0) throw new UsageError("--components needs a comma-separated list of component ids");
    return { kind: "list", ids };
  }
  return args.values.all === true ? { kind: "all" } : { kind: "default" };
}

function progressOption(io: CommandIo): { onProgress?: (done: number, total: number) => void } {
  const progress = terminalProgress(io.isTty, "installing");
  return progress ? { onProgress: progress } : {};
}

function report(result: InstallResult, args: ParsedArgs, io: CommandIo, dryRun: boolean): void {
  if (args.values.format === "json") {
    io.out(renderJson(result, dryRun));
    return;
  }
  const text = renderPretty("install", result, dryRun);
  if (result.status === "ok" && args.values.quiet === true) return;
  if (result.status === "ok") io.out(text);
  else io.err(text);
}

type Bundle = { dir: string; cleanup(): void };

/** A build folder is used as is; anything else goes through the bundle resolver (download, unzip, verify). */
async function localBundle(source: string, args: ParsedArgs, io: CommandIo): Promise<Bundle | number> {
  const isDir = statSync(source, { throwIfNoEntry: false })?.isDirectory() === true;
  if (isDir) return { dir: source, cleanup: () => {} };
  let resolver: typeof import("../../install/bundle/resolve-bundle.js");
  try {
    resolver = await import("../../install/bundle/resolve-bundle.js");
  } catch {
    throw new UsageError("bundle URLs and zip files are not supported yet; give a build folder");
  }
  try {
    const integrity = typeof args.values.integrity === "string" ? { integrity: args.values.integrity } : {};
    const progress = terminalProgress(io.isTty, "downloading");
    return await resolver.resolveBundle(source, {
      ...integrity,
      ...(progress ? { onProgress: (d: number, t?: number) => progress(d, t ?? d) } : {}),
    });
  } catch (error) {
    if (error instanceof resolver.BundleError) {
      io.err(`agentc install: ${error.message}\n  hint: ${error.hint}`);
      return 1;
    }
    throw error;
  }
}
