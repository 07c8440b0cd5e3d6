import type { BundleSource } from "../../distribute/bundle-source.js";
import type { OpenedBundle } from "../../distribute/candidate.js";
import { openBundleSource } from "../../distribute/open-source.js";
import {
  AgentcError,
  type ComponentChoice,
  type InstallResult,
  runInstall,
  type SignerPolicy,
} from "../../install/index.js";
import { type Command, type CommandIo, exitCodes, type ParsedArgs, UsageError } from "../command.js";
import { installHelp } from "../help/install.js";
import { hookTimeoutMs } from "../hook-timeout-option.js";
import { integrityOf } from "../integrity-option.js";
import { terminalProgress } from "../progress.js";
import { promptComponents } from "../prompts/choose-prompt.js";
import { promptEdited } from "../prompts/edited-prompt.js";
import { promptHooks } from "../prompts/hooks-prompt.js";
import { promptRequirement } from "../prompts/requirement-prompt.js";
import { commandMessage } from "../report/command-message.js";
import { exitCodeOf, renderJson, renderPretty } from "../report/render-result.js";
import { isUserScope, targetFolder } from "../scope-option.js";
import { signerPolicy } from "../signer-options.js";
import { refuseRegistryForBuild } from "../wrong-folder.js";

export const installCommand: Command = {
  name: "install",
  summary: "plan and apply a built bundle into a project, as one transaction",
  formats: ["pretty", "json"],
  help: installHelp,
  async run(args, io) {
    const source = args.positionals[0];
    if (!source)
      throw new UsageError(
        "give the bundle to install: a build folder, a .zip, a server's base URL, a bundle URL or oci://HOST/REPO:TAG",
      );
    if (args.positionals.length > 1) throw new UsageError(`unexpected argument "${args.positionals[1]}"`);
    targetFolder(args, projectToInstallInto);
    refuseRegistryForBuild(source, "agentc install");
    const policy = signerPolicy(args, io, "install");
    if (typeof policy === "number") return policy;
    const bundle = await openedBundle(source, args, io, "install");
    if (typeof bundle === "number") return bundle;
    return installBundle(bundle, args, io, policy);
  },
};

/** Installs an opened bundle as the flags say, reports, and removes the bundle's temporary folder. */
export async function installBundle(
  bundle: OpenedBundle,
  args: ParsedArgs,
  io: CommandIo,
  policy: SignerPolicy,
): Promise<number> {
  try {
    const dryRun = args.values["dry-run"] === true;
    const choice = componentChoice(args);
    const onTerminal = io.isTty && process.stdin.isTTY === true;
    const interactive = choice.kind === "default" && args.values.yes !== true && onTerminal;
    const allowHooks = args.values["allow-hooks"] === true;
    const result = await runInstall({
      bundleDir: bundle.dir,
      projectDir: targetFolder(args, projectToInstallInto),
      ...(isUserScope(args) ? { scope: "user" as const } : {}),
      choice,
      moveAside: args.values["move-aside"] === true,
      takeImported: args.values["take-imported"] === true,
      allowDowngrade: args.values["allow-downgrade"] === true,
      ...editedOption(args),
      dryRun,
      ...(interactive ? { choose: promptComponents } : {}),
      allowHooks,
      ...(onTerminal && args.values.yes !== true
        ? { confirmHooks: promptHooks, confirmRequirement: promptRequirement, askEdited: promptEdited }
        : {}),
      acceptRequirements: acceptedRequirements(args),
      hookTimeoutMs: hookTimeoutMs(args),
      ...progressOption(io),
      source: bundle.source,
      signatures: bundle.signatures,
      signerPolicy: policy,
    });
    report(result, args, io, dryRun);
    return exitCodeOf(result);
  } finally {
    bundle.cleanup();
  }
}

/** What to do when the --project folder of an install is missing. */
const projectToInstallInto = (dir: string): string =>
  `make the folder first (mkdir -p ${dir}), or name the project's folder with --project`;

/** --take-new / --keep-mine: an owned file you edited that the new build changes (default: new one beside it). */
function editedOption(args: ParsedArgs): { edited?: () => "take-new" | "keep-mine" } {
  const takeNew = args.values["take-new"] === true;
  const keepMine = args.values["keep-mine"] === true;
  if (takeNew && keepMine) throw new UsageError("use either --take-new or --keep-mine, not both");
  if (takeNew) return { edited: () => "take-new" };
  return keepMine ? { edited: () => "keep-mine" } : {};
}

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

/** Any bundle source through the one resolver (download, verify, unzip); a bad source is exit 1. */
export async function openedBundle(
  source: string | BundleSource,
  args: ParsedArgs,
  io: CommandIo,
  command: string,
): Promise<OpenedBundle | number> {
  try {
    const progress = terminalProgress(io.isTty, "downloading");
    return await openBundleSource(source, {
      ...integrityOf(args),
      ...(progress ? { onProgress: (d: number, t?: number) => progress(d, t ?? d) } : {}),
    });
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    io.err(commandMessage(command, error));
    return exitCodes.inputErrors;
  }
}
