import { lockToWrite, writeLockFile } from "../../dependencies/lock-file.js";
import { registryDependencies } from "../../registry/registry-dependencies.js";
import { type Command, exitCodes } from "../command.js";
import { lockedLines, reportDependencyDiagnostics } from "../dependency-report.js";
import { lockHelp } from "../help/lock.js";
import { ociSources } from "../oci-sources.js";

export const lockCommand: Command = {
  name: "lock",
  summary: "resolve the registry's dependencies and write agentc.lock (nothing else)",
  maxPositionals: 1,
  formats: ["pretty"],
  help: lockHelp,
  async run(args, io) {
    const registryDir = args.positionals[0] ?? ".";
    const cacheDir = args.values["cache-dir"];
    const found = await registryDependencies(registryDir, {
      oci: ociSources,
      ...(typeof cacheDir === "string" ? { cacheDir } : {}),
    });
    if (!reportDependencyDiagnostics(found, registryDir, args, io) || !found.resolved)
      return exitCodes.inputErrors;
    const text = lockToWrite(found.resolved);
    const path = text === undefined ? undefined : writeLockFile(registryDir, text);
    if (args.values.quiet !== true) {
      const count = found.resolved.inputs.length;
      io.out(
        `${path ? `wrote ${path}` : "agentc.lock is up to date"}: ${count} dependenc${count === 1 ? "y" : "ies"}`,
      );
      for (const line of lockedLines(found)) io.out(line);
    }
    return exitCodes.ok;
  },
};
