import { projectStatus } from "../../install/index.js";
import { type Command, exitCodes, UsageError } from "../command.js";
import { statusHelp } from "../help/status.js";

export const statusCommand: Command = {
  name: "status",
  summary: "report drift between the project and what agentc installed (--check: exit 1 on drift)",
  usage: "agentc status [bundle-dir] [--project DIR] [--check] [--format pretty|json]",
  options: { project: { type: "string" }, check: { type: "boolean" } },
  formats: ["pretty", "json"],
  help: statusHelp,
  async run(args, io) {
    if (args.positionals.length > 1) throw new UsageError(`unexpected argument "${args.positionals[1]}"`);
    const projectDir = typeof args.values.project === "string" ? args.values.project : ".";
    const status = projectStatus(projectDir, args.positionals[0]);
    const json = args.values.format === "json";
    if (!status.ok) {
      if (json) io.out(JSON.stringify({ ok: false, problem: status.problem }, null, 2));
      else io.err(`agentc status: ${status.problem}`);
      return status.usage ? exitCodes.usage : exitCodes.inputErrors;
    }
    if (!status.installed) {
      const { drift } = status;
      if (json) io.out(JSON.stringify({ ok: true, installed: false, drift }, null, 2));
      else {
        io.out("nothing is installed here (no .agentc/installed.json)");
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
        `installed: ${record.registry_version} (${record.components.join(", ")}), ${record.entries.length} paths`,
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

const driftCount = (n: number): string => `${n} drift finding${n === 1 ? "" : "s"}`;
