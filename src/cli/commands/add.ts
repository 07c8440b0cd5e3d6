import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DependencyDeclaration } from "../../dependencies/declaration.js";
import { type AddRequest, declarationOf, withDependency } from "../../dependencies/declare-dependency.js";
import { lockToWrite, writeLockFile } from "../../dependencies/lock-file.js";
import type { DependencyKind } from "../../dependencies/model.js";
import { registryDependencies } from "../../registry/registry-dependencies.js";
import { AgentcError } from "../../shared/agentc-error.js";
import { writeFileAtomic } from "../../shared/atomic-write.js";
import { parseJson } from "../../shared/nesting-limit.js";
import { type Command, exitCodes, type ParsedArgs, UsageError } from "../command.js";
import { lockedLines, reportDependencyDiagnostics } from "../dependency-report.js";
import { addHelp } from "../help/add.js";
import { ociSources } from "../oci-sources.js";
import { commandMessage } from "../report/command-message.js";

const kinds: readonly DependencyKind[] = ["registry", "git", "npm", "url", "marketplace"];
const provides = [
  "registry",
  "core",
  "skills",
  "agents",
  "commands",
  "rules",
  "marketplace-plugin",
  "agent-plugin",
] as const;

export const addCommand: Command = {
  name: "add",
  summary: "add a dependency to sources.json and pin it in agentc.lock",
  maxPositionals: 2,
  formats: ["pretty"],
  help: addHelp,
  async run(args, io) {
    const [source, registryDir = "."] = args.positionals;
    if (source === undefined) throw new UsageError("give the source to add: agentc add <source> [registry]");
    const sourcesPath = join(registryDir, "sources.json");
    let before: string;
    try {
      before = readFileSync(sourcesPath, "utf8");
    } catch {
      io.err(
        commandMessage("add", {
          message: `${sourcesPath} cannot be read`,
          hint: "run it in a registry folder, or name the registry",
        }),
      );
      return exitCodes.inputErrors;
    }
    let added: DependencyDeclaration;
    try {
      const current = (parseJson(before) as { dependencies?: DependencyDeclaration[] }).dependencies ?? [];
      added = declarationOf(requestOf(source, args));
      writeFileAtomic(sourcesPath, withDependency(before, current, added));
    } catch (error) {
      if (!(error instanceof AgentcError || error instanceof SyntaxError)) throw error;
      const hint =
        error instanceof AgentcError ? error.hint : "Fix sources.json ('agentc check' says where).";
      io.err(commandMessage("add", { message: error.message, hint }));
      return exitCodes.inputErrors;
    }
    const found = await registryDependencies(registryDir, { oci: ociSources });
    if (!reportDependencyDiagnostics(found, registryDir, args, io) || !found.resolved) {
      writeFileAtomic(sourcesPath, before);
      io.err(commandMessage("add", { message: `"${added.name}" was not added; sources.json is as it was` }));
      return exitCodes.inputErrors;
    }
    const lock = lockToWrite(found.resolved);
    if (lock !== undefined) writeLockFile(registryDir, lock);
    if (args.values.quiet !== true) {
      io.out(`added "${added.name}" (${added.kind}) to ${sourcesPath} and pinned it in agentc.lock`);
      for (const line of lockedLines(found).filter((l) => l.startsWith(`  ${added.name}  `))) io.out(line);
    }
    return exitCodes.ok;
  },
};

function requestOf(source: string, args: ParsedArgs): AddRequest {
  const text = (key: string) =>
    typeof args.values[key] === "string" ? (args.values[key] as string) : undefined;
  const kind = text("kind");
  if (kind !== undefined && !kinds.includes(kind as DependencyKind))
    throw new UsageError(`--kind ${kind} is not one of ${kinds.join(", ")}`);
  const what = text("provides");
  if (what !== undefined && !(provides as readonly string[]).includes(what))
    throw new UsageError(`--provides ${what} is not one of ${provides.join(", ")}`);
  return {
    source,
    ...(text("name") !== undefined ? { name: text("name") } : {}),
    ...(kind !== undefined ? { kind: kind as DependencyKind } : {}),
    ...(text("ref") !== undefined ? { ref: text("ref") } : {}),
    ...(text("path") !== undefined ? { path: text("path") } : {}),
    ...(what !== undefined ? { provides: what as AddRequest["provides"] } : {}),
    ...(text("npm-registry") !== undefined ? { npmRegistry: text("npm-registry") } : {}),
    ...(text("plugin") !== undefined ? { plugin: text("plugin") } : {}),
  };
}
