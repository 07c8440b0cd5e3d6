import { outdatedSources, type SourceRow } from "../../dependencies/outdated-sources.js";
import { declaredDependencies } from "../../registry/registry-dependencies.js";
import { type CommandIo, exitCodes, type ParsedArgs, UsageError } from "../command.js";
import { reportDependencyDiagnostics } from "../dependency-report.js";
import { ociSources } from "../oci-sources.js";

/** `agentc outdated --sources [registry]`: one row per dependency, locked against newest. */
export async function outdatedDependencies(args: ParsedArgs, io: CommandIo): Promise<number> {
  if (args.positionals.length > 1) throw new UsageError("give one registry folder with --sources");
  const registryDir = args.positionals[0] ?? ".";
  const found = declaredDependencies(registryDir);
  if ("diagnostics" in found) {
    reportDependencyDiagnostics(found, registryDir, args, io);
    return exitCodes.inputErrors;
  }
  const rows = await outdatedSources(registryDir, found.declared, ociSources);
  const behind = rows.filter((r) => r.state !== "current").length;
  if (args.values.format === "json") io.out(JSON.stringify({ dependencies: rows, behind }, null, 2));
  else if (args.values.quiet !== true) io.out(table(rows));
  return args.values.check === true && behind > 0 ? exitCodes.inputErrors : exitCodes.ok;
}

const columns = ["DEPENDENCY", "KIND", "REF", "LOCKED", "NEWEST", "STATE"];

function cells(row: SourceRow): string[] {
  const state = row.problem ? `unknown: ${row.problem}` : row.state;
  return [row.name, row.kind, row.ref, row.locked ?? "-", row.newest ?? "-", state];
}

function table(rows: SourceRow[]): string {
  if (rows.length === 0) return "sources.json declares no dependencies";
  const all = [columns, ...rows.map(cells)];
  const widths = columns.map((_, i) => Math.max(...all.map((r) => (r[i] ?? "").length)));
  return all
    .map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join("  "))
    .join("\n");
}
