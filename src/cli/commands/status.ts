import type { OpenedBundle } from "../../distribute/candidate.js";
import { openBundleSource } from "../../distribute/open-source.js";
import { AgentcError, projectStatus } from "../../install/index.js";
import { isFolder } from "../../shared/make-folders.js";
import { type Command, type CommandIo, exitCodes, type ParsedArgs, UsageError } from "../command.js";
import { statusHelp } from "../help/status.js";
import { integrityOf } from "../integrity-option.js";
import { installedProjectHint } from "../project-option.js";
import { commandMessage } from "../report/command-message.js";
import { isUserScope, targetFolder } from "../scope-option.js";

export const statusCommand: Command = {
  name: "status",
  summary: "report drift between the project and what agentc installed (--check: exit 1 on drift)",
  formats: ["pretty", "json"],
  help: statusHelp,
  async run(args, io) {
    if (args.positionals.length > 1) throw new UsageError(`unexpected argument "${args.positionals[1]}"`);
    const projectDir = targetFolder(args, () => installedProjectHint);
    const bundle = await comparedBundle(args, io);
    if (typeof bundle === "number") return bundle;
    let status: ReturnType<typeof projectStatus>;
    try {
      status = projectStatus(projectDir, bundle?.dir ?? args.positionals[0]);
    } finally {
      bundle?.cleanup();
    }
    const json = args.values.format === "json";
    if (!status.ok) {
      if (json) io.out(JSON.stringify({ ok: false, problem: status.problem }, null, 2));
      else io.err(commandMessage("status", { message: status.problem }));
      return status.usage ? exitCodes.usage : exitCodes.inputErrors;
    }
    if (!status.installed) {
      const { drift } = status;
      if (json) io.out(JSON.stringify({ ok: true, installed: false, drift }, null, 2));
      else {
        io.out(
          isUserScope(args)
            ? "nothing is installed at user level (no installed.json in $XDG_CONFIG_HOME/agentc/user, default ~/.config/agentc/user)"
            : "nothing is installed here (no .agentc/installed.json)",
        );
        for (const d of drift) io.out(`  ${d.kind.padEnd(14)} ${d.path}: ${d.detail}`);
        if (drift.length > 0) io.out(driftCount(drift.length));
      }
      return args.values.check === true && drift.length > 0 ? exitCodes.inputErrors : exitCodes.ok;
    }
    const { record, drift, notes } = status;
    if (json)
      io.out(
        JSON.stringify(
          {
            ok: true,
            installed: true,
            registry_version: record.registry_version,
            components: record.components,
            capabilities: (record.spawned ?? []).map((s) => ({
              capability: s.capability,
              version: s.version,
              home: s.home,
              state: s.state,
              environment: s.env,
            })),
            drift,
            notes,
          },
          null,
          2,
        ),
      );
    else {
      io.out(
        `installed: ${record.registry_version} (${record.components.join(", ")}), ${record.entries.length} path${record.entries.length === 1 ? "" : "s"}`,
      );
      for (const s of record.spawned ?? [])
        io.out(
          `  capability ${s.capability} ${s.version} at ${s.home}: spawn ${s.state}${Object.keys(s.env).length > 0 ? `, environment ${Object.keys(s.env).join(", ")}` : ""}`,
        );
      for (const d of [...drift, ...notes]) io.out(`  ${d.kind.padEnd(14)} ${d.path}: ${d.detail}`);
      io.out(drift.length === 0 ? "no drift" : driftCount(drift.length));
    }
    return args.values.check === true && drift.length > 0 ? exitCodes.inputErrors : exitCodes.ok;
  },
};

/** A bundle to compare with that is not a folder (a zip, a URL), opened as install would; exit 2 if not. */
async function comparedBundle(args: ParsedArgs, io: CommandIo): Promise<OpenedBundle | undefined | number> {
  const source = args.positionals[0];
  if (source === undefined || isFolder(source)) return undefined;
  try {
    return await openBundleSource(source, integrityOf(args));
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    io.err(commandMessage("status", error));
    return exitCodes.usage;
  }
}

const driftCount = (n: number): string => `${n} drift finding${n === 1 ? "" : "s"}`;
