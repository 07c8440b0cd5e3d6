import { lockToWrite, writeLockFile } from "../../dependencies/lock-file.js";
import { registryDependencies } from "../../registry/registry-dependencies.js";
import { nearestName } from "../../shared/nearest-name.js";
import { type CommandIo, exitCodes, type ParsedArgs } from "../command.js";
import { lockedLines, reportDependencyDiagnostics } from "../dependency-report.js";
import { ociSources } from "../oci-sources.js";
import { commandMessage } from "../report/command-message.js";

/** `agentc update --sources`: every dependency resolved again from its declared ref, agentc.lock written once. */
export async function updateAllDependencies(args: ParsedArgs, io: CommandIo): Promise<number> {
  const registryDir = typeof args.values.registry === "string" ? args.values.registry : ".";
  const found = await registryDependencies(registryDir, { refresh: "all", oci: ociSources });
  if (!reportDependencyDiagnostics(found, registryDir, args, io) || !found.resolved)
    return exitCodes.inputErrors;
  const lock = lockToWrite(found.resolved);
  if (lock !== undefined) writeLockFile(registryDir, lock);
  if (args.values.quiet !== true) {
    const count = found.resolved.inputs.length;
    io.out(
      `${lock === undefined ? "agentc.lock is already at what every ref names" : "wrote agentc.lock"}: ${count} dependenc${count === 1 ? "y" : "ies"}`,
    );
    for (const line of lockedLines(found)) io.out(line);
  }
  return exitCodes.ok;
}

/** `agentc update <dependency>`: resolve that one again from its declared ref and write agentc.lock. */
export async function updateDependency(name: string, args: ParsedArgs, io: CommandIo): Promise<number> {
  const registryDir = typeof args.values.registry === "string" ? args.values.registry : ".";
  const found = await registryDependencies(registryDir, { refresh: new Set([name]), oci: ociSources });
  const transitive = (found.resolved?.inputs ?? []).filter((i) => (i.depth ?? 0) > 0).map((i) => i.name);
  const names = [...(found.declared ?? []).map((d) => d.name), ...transitive];
  if (found.resolved && !names.includes(name)) {
    const near = nearestName(name, names);
    io.err(
      commandMessage("update", {
        message: `sources.json in ${registryDir} declares no dependency "${name}"`,
        hint: `${near ? `did you mean "${near}"? ` : ""}it declares ${names.join(", ") || "none"}`,
      }),
    );
    return exitCodes.inputErrors;
  }
  if (!reportDependencyDiagnostics(found, registryDir, args, io) || !found.resolved)
    return exitCodes.inputErrors;
  const lock = lockToWrite(found.resolved);
  if (lock !== undefined) writeLockFile(registryDir, lock);
  if (args.values.quiet !== true) {
    io.out(
      lock === undefined ? `"${name}" is already at what its ref names` : `moved "${name}" in agentc.lock`,
    );
    for (const line of lockedLines(found).filter((l) => l.startsWith(`  ${name}  `))) io.out(line);
  }
  return exitCodes.ok;
}
