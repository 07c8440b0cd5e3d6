import { yamlBlockList, yamlDoubleQuoted, yamlScalar } from "../../../shared/yaml-scalar.js";
import type { ListFormat } from "../list-format.js";

/** One frontmatter value: a scalar, a list written in the client's list format, or a string map. */
export type FieldValue =
  | string
  | boolean
  | number
  | { list: string[]; format: ListFormat }
  | { map: Record<string, string> }
  /** Written as it is, unquoted: the caller made sure it stays one line (raw-field.ts). */
  | { raw: string }
  /** Nested maps and lists, written as YAML blocks with keys in the order given (rule order can matter). */
  | { tree: TreeValue };

export type TreeValue = string | TreeValue[] | { [key: string]: TreeValue };

export type Fields = [field: string, value: FieldValue][];

const plainKey = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * The fields of `more` (other readers' fields of one file, in order) that `written` has not, each once: the
 * first writer's value stays (packs/<section>/emit.ts, a file other packs read through a link of the project).
 */
export function fieldsNotWritten(written: Fields, more: Iterable<Fields>): Fields {
  const taken = new Set(written.map(([field]) => field));
  const added: Fields = [];
  for (const fields of more)
    for (const [field, value] of fields)
      if (!taken.has(field)) {
        taken.add(field);
        added.push([field, value]);
      }
  return added;
}

/** A YAML frontmatter block ("---" … "---\n"), fields in the order given; empty when there are none. */
export function yamlFrontmatter(fields: Fields): string {
  if (fields.length === 0) return "";
  const lines = fields.map(([field, value]) => `${yamlKey(field)}:${yamlValue(value)}`);
  return `---\n${lines.join("\n")}\n---\n`;
}

function yamlKey(field: string): string {
  return plainKey.test(field) ? field : yamlDoubleQuoted(field);
}

function yamlValue(value: FieldValue): string {
  if (typeof value === "string") return ` ${yamlScalar(value)}`;
  if (typeof value === "boolean" || typeof value === "number") return ` ${String(value)}`;
  if ("raw" in value) return ` ${value.raw}`;
  if ("tree" in value) return yamlTree(value.tree, 1);
  if ("map" in value)
    return Object.entries(value.map)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `\n  ${yamlKey(k)}: ${yamlScalar(v)}`)
      .join("");
  if (value.format === "list") return yamlBlockList(value.list);
  return ` ${yamlScalar(joinList(value.list, value.format))}`;
}

/** A value after "key:": a scalar on the same line, a block indented `depth` steps below it. */
function yamlTree(value: TreeValue, depth: number): string {
  const indent = `\n${"  ".repeat(depth)}`;
  if (typeof value === "string") return ` ${yamlScalar(value)}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return " []";
    return value
      .map((item) =>
        typeof item === "string"
          ? `${indent}- ${yamlDoubleQuoted(item)}`
          : `${indent}- ${yamlTree(item, depth + 1).slice(indent.length + 2)}`,
      )
      .join("");
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return " {}";
  return entries.map(([k, v]) => `${indent}${yamlKey(k)}:${yamlTree(v, depth + 1)}`).join("");
}

/** A list as one string: "Read, Grep" (csv) or "Read Grep" (space). */
export function joinList(list: string[], format: "csv" | "space"): string {
  return list.join(format === "csv" ? ", " : " ");
}
