import type { FleetRow } from "../../fleet/fleet-row.js";
import { outdated } from "../../fleet/outdated.js";
import { type Command, exitCodes, type ParsedArgs, UsageError } from "../command.js";
import { outdatedHelp } from "../help/outdated.js";
import { integrityOf } from "../integrity-option.js";
import { outdatedDependencies } from "./outdated-sources.js";

export const outdatedCommand: Command = {
  name: "outdated",
  summary: "the fleet view: per project the installed version, the newest at its source, components, drift",
  formats: ["pretty", "json"],
  help: outdatedHelp,
  async run(args, io) {
    if (args.values.sources === true) return outdatedDependencies(args, io);
    if (args.positionals.length === 0)
      throw new UsageError("give the projects to look at: agentc outdated <project>...");
    const rows = await outdated(args.positionals, {
      concurrency: concurrencyOf(args),
      ...integrityOf(args),
    });
    const behind = rows.filter((r) => r.behind === true).length;
    const unknown = rows.filter((r) => r.behind === undefined).length;
    if (args.values.format === "json") io.out(JSON.stringify({ projects: rows, behind, unknown }, null, 2));
    else if (args.values.quiet !== true) io.out(table(rows, behind, unknown));
    return args.values.check === true && behind + unknown > 0 ? exitCodes.inputErrors : exitCodes.ok;
  },
};

function concurrencyOf(args: ParsedArgs): number {
  const text = args.values.concurrency;
  if (text === undefined) return 8;
  const n = Number(text);
  if (typeof text !== "string" || !/^\d+$/.test(text) || n < 1 || n > 64)
    throw new UsageError(`--concurrency ${String(text)} is not a number from 1 to 64`);
  return n;
}

const columns = ["PROJECT", "INSTALLED", "NEWEST", "STATE", "DRIFT", "COMPONENTS", "SOURCE"];

function cells(row: FleetRow): string[] {
  const state =
    row.problem !== undefined
      ? `unknown: ${row.problem}`
      : row.behind
        ? "behind"
        : row.older
          ? "ahead (source rolled back)"
          : "current";
  return [
    row.project,
    row.installed ?? "-",
    row.newest ?? (row.behind === false ? (row.installed ?? "-") : "-"),
    state,
    row.drift === undefined ? "-" : String(row.drift),
    row.components.length > 0 ? row.components.join(",") : "-",
    row.source ?? "-",
  ];
}

/** A plain text table: columns padded to their widest cell, the last one (the source) as is. */
function table(rows: FleetRow[], behind: number, unknown: number): string {
  const lines = [columns, ...rows.map(cells)];
  const widths = columns.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? "").length)));
  const text = lines.map((l) =>
    l.map((c, i) => (i === l.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join("  "),
  );
  const summary = `${rows.length} project${rows.length === 1 ? "" : "s"}: ${behind} behind, ${unknown} unknown, ${rows.length - behind - unknown} current`;
  return [...text, summary].join("\n");
}
