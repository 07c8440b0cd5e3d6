import type { CaseVariant } from "../../import/read-project/case-variant-places.js";
import type { Unmodelled } from "../../lint/project-loads.js";
import type { ClientLoads } from "../../session-load/index.js";
import { wrapLine } from "../wrap.js";

const number = new Intl.NumberFormat("en-US");

/** `agentc loads` as text: one block per client, the clients that load nothing named in one line. */
export function renderLoads(
  loads: readonly ClientLoads[],
  nothing: readonly string[],
  width?: number,
  unmodelled: readonly Unmodelled[] = [],
  caseVariants: readonly CaseVariant[] = [],
): string {
  const blocks = loads.map((client) => clientBlock(client));
  if (nothing.length > 0) blocks.push([`Nothing here is read by: ${nothing.join(", ")}.`]);
  for (const { name, assistant, files } of unmodelled)
    blocks.push([
      `${name} (${assistant}) has ${files.length === 1 ? "a file" : `${files.length} files`} here that agentc writes for it but has no read model of, so what it loads is not shown: ${files.slice(0, 3).join(", ")}${files.length > 3 ? ", …" : ""}`,
    ]);
  if (caseVariants.length > 0)
    blocks.push([
      "Read only where file names ignore case (macOS, Windows), not on this system; renamed, every system reads them:",
      ...caseVariants.map(({ path, readAs }) => `  git mv ${path} ${readAs}`),
    ]);
  if (loads.length === 0)
    blocks.unshift([
      unmodelled.length > 0
        ? "No assistant agentc has a read model of loads anything from this folder."
        : "No assistant loads anything from this folder.",
    ]);
  const fit = (line: string) => (width === undefined ? [line] : wrapLine(line, width, indentOf(line) + 2));
  return blocks.map((lines) => lines.flatMap(fit).join("\n")).join("\n\n");
}

function clientBlock(loads: ClientLoads): string[] {
  const lines = [`${loads.name} (${loads.client})`];
  const files = loads.start.length === 1 ? "1 file" : `${loads.start.length} files`;
  const over = loads.characters > loads.limit ? ", over its limit" : "";
  const size = `${number.format(loads.characters)} of ${number.format(loads.limit)} characters${over}`;
  lines.push(`  every session: ${loads.start.length === 0 ? "nothing" : `${files}, ${size}`}`);
  const pad = Math.max(0, ...loads.start.map((f) => startLabel(f).length));
  for (const file of loads.start)
    lines.push(`    ${startLabel(file).padEnd(pad)}  ${number.format(file.characters).padStart(7)}`);
  if (loads.onDemand.length > 0) {
    lines.push("  on demand:");
    for (const item of loads.onDemand) lines.push(`    ${onDemandLine(item)}`);
  }
  for (const file of loads.mcp) lines.push(`  MCP: ${configLine(file.path, file.names, "no servers")}`);
  for (const file of loads.settings)
    lines.push(`  settings: ${configLine(file.path, file.names, "no hooks", "hooks: ")}`);
  for (const pair of loads.twice) lines.push(`  loaded twice: ${pair.path} has the text of ${pair.sameAs}`);
  return lines;
}

function startLabel(file: ClientLoads["start"][number]): string {
  if (file.via === "import") return `${file.path}, imported by ${file.from}`;
  if (file.via === "link") return `${file.path} → ${file.from}`;
  if (file.via === "rule") return `${file.path} (always-on rule)`;
  return file.path;
}

function onDemandLine(item: ClientLoads["onDemand"][number]): string {
  const when =
    item.globs === undefined ? "" : item.globs.length > 0 ? `, for ${item.globs.join(", ")}` : ", when asked";
  const copies = item.copies.length > 0 ? `; also loads ${item.copies.join(", ")}` : "";
  const shadowed = item.shadowed.length > 0 ? `; passes over ${item.shadowed.join(", ")}` : "";
  return `${item.kind} ${item.name}: ${item.path}${when}${copies}${shadowed}`;
}

function configLine(path: string, names: string[] | undefined, empty: string, prefix = ""): string {
  if (names === undefined) return path;
  return `${path} (${names.length > 0 ? `${prefix}${names.join(", ")}` : empty})`;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}
