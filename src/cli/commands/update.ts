import { type BundleSource, parseBundleSource, sourceAddress } from "../../distribute/bundle-source.js";
import type { Candidate } from "../../distribute/candidate.js";
import { noUpdateSourceHint, updateSourceOf } from "../../distribute/installed-source.js";
import { standingOf } from "../../distribute/installed-state.js";
import { latestBundle } from "../../distribute/latest-bundle.js";
import { BundleError } from "../../install/bundle/bundle-error.js";
import { type InstallRecord, readRecord } from "../../install/model/record.js";
import { missingProject, projectRoot } from "../../install/project/project-root.js";
import { type Command, type CommandIo, exitCodes, type ParsedArgs, UsageError } from "../command.js";
import { installBundle, installCommand } from "./install.js";

export const updateCommand: Command = {
  name: "update",
  summary:
    "install the newest bundle from the recorded source or install.bundle (--check: exit 1 when behind)",
  usage:
    "agentc update [--project DIR] [--check] [--components a,b] [--all] [--dry-run] [--move-aside] [--allow-hooks] [--hook-timeout SECONDS] [--integrity HASH] [--format pretty|json] [--quiet]",
  options: { ...installCommand.options, check: { type: "boolean" } },
  formats: ["pretty", "json"],
  maxPositionals: 0,
  async run(args, io) {
    const projectDir = typeof args.values.project === "string" ? args.values.project : ".";
    if (args.values.check === true && args.values["dry-run"] === true)
      throw new UsageError("use either --check or --dry-run, not both");
    const root = projectRoot(projectDir);
    if (!root) throw new UsageError(missingProject(projectDir));
    const installed = installedRecord(root, io);
    if (typeof installed === "number") return installed;
    const found = await newest(root, installed, args, io);
    if (typeof found === "number") return found;
    const { candidate, source } = found;
    const standing = await standingOf(installed, candidate, integrityOf(args));
    const line = {
      project: projectDir,
      installed: installed.registry_version,
      latest: candidate.version ?? null,
      source: sourceAddress(source),
      behind: standing.behind,
    };
    if (args.values.check === true || !standing.behind) {
      standing.opened?.cleanup();
      say(
        io,
        args,
        line,
        standing.behind
          ? `update available: ${installed.registry_version} → ${candidate.version ?? "a new bundle"} from ${line.source}`
          : `up to date: ${installed.registry_version} from ${line.source}`,
      );
      return args.values.check === true && standing.behind ? exitCodes.inputErrors : exitCodes.ok;
    }
    const bundle = standing.opened ?? (await open(candidate, args, io));
    if (typeof bundle === "number") return bundle;
    if (args.values.format !== "json" && args.values.quiet !== true)
      io.out(
        `updating ${installed.registry_version} → ${candidate.version ?? "a new bundle"} from ${line.source}`,
      );
    return installBundle(bundle, { ...args, values: { ...args.values, yes: true } }, io);
  },
};

function installedRecord(root: string, io: CommandIo): InstallRecord | number {
  const read = readRecord(root);
  if (!read.ok) return fail(io, read.problem, "restore .agentc/installed.json, or install again");
  if (!read.record)
    return fail(
      io,
      `${root}: nothing is installed here`,
      "install first: agentc install <source> --project DIR",
    );
  return read.record;
}

async function newest(
  root: string,
  record: InstallRecord,
  args: ParsedArgs,
  io: CommandIo,
): Promise<{ candidate: Candidate; source: BundleSource } | number> {
  const from = updateSourceOf(root, record);
  if (!from) return fail(io, `${root}: no source to update from`, noUpdateSourceHint);
  try {
    const source = parseBundleSource(from.address);
    if (source.kind === "folder" || source.kind === "zip")
      return fail(io, `${from.address} is not a remote source`, noUpdateSourceHint);
    return { candidate: await latestBundle(source, integrityOf(args)), source };
  } catch (error) {
    if (!(error instanceof BundleError)) throw error;
    return fail(io, error.message, error.hint);
  }
}

async function open(candidate: Candidate, args: ParsedArgs, io: CommandIo) {
  try {
    return await candidate.open(integrityOf(args));
  } catch (error) {
    if (!(error instanceof BundleError)) throw error;
    return fail(io, error.message, error.hint);
  }
}

function integrityOf(args: ParsedArgs): { integrity?: string } {
  return typeof args.values.integrity === "string" ? { integrity: args.values.integrity } : {};
}

function say(io: CommandIo, args: ParsedArgs, json: Record<string, unknown>, text: string): void {
  if (args.values.format === "json") io.out(JSON.stringify(json, null, 2));
  else if (args.values.quiet !== true) io.out(text);
}

function fail(io: CommandIo, message: string, hint: string): number {
  io.err(`agentc update: ${message}\n  hint: ${hint}`);
  return exitCodes.inputErrors;
}
