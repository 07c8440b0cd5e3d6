import type { Fields, TreeValue } from "./frontmatter.js";
import { joinList } from "./frontmatter.js";

const bareKey = /^[A-Za-z0-9_-]+$/;

/** A flat TOML file: the fields in order, then the body as a multi-line string under `bodyField`. */
export function tomlFile(fields: Fields, bodyField: string, body: string): string {
  const lines = fields.map(([field, value]) => `${tomlKey(field)} = ${tomlValue(value)}`);
  lines.push(`${tomlKey(bodyField)} = ${multiline(body)}`);
  return `${lines.join("\n")}\n`;
}

function tomlKey(key: string): string {
  return bareKey.test(key) ? key : tomlString(key);
}

/** JSON's string escapes are all valid in a TOML basic string. */
function tomlString(value: string): string {
  return JSON.stringify(value);
}

function tomlValue(value: Fields[number][1]): string {
  if (typeof value === "string") return tomlString(value);
  if (typeof value === "boolean" || typeof value === "number") return String(value);
  if ("raw" in value) return tomlString(value.raw);
  if ("tree" in value) return tomlInline(value.tree);
  if ("map" in value) {
    const entries = Object.entries(value.map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{ ${entries.map(([k, v]) => `${tomlKey(k)} = ${tomlString(v)}`).join(", ")} }`;
  }
  if (value.format === "list") return `[${value.list.map(tomlString).join(", ")}]`;
  return tomlString(joinList(value.list, value.format));
}

/** Nested maps and lists as TOML inline tables and arrays, keys in the order given. */
function tomlInline(value: TreeValue): string {
  if (typeof value === "string") return tomlString(value);
  if (Array.isArray(value)) return `[${value.map(tomlInline).join(", ")}]`;
  return `{ ${Object.entries(value)
    .map(([k, v]) => `${tomlKey(k)} = ${tomlInline(v)}`)
    .join(", ")} }`;
}

/** Characters a TOML literal string may not hold: controls other than tab and newline. */
function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return (code < 0x20 && char !== "\t" && char !== "\n") || code === 0x7f;
}

/** A literal multi-line string when the text allows one (readable), else a basic string. */
function multiline(text: string): string {
  const literalSafe = !text.includes("'''") && ![...text].some(isControl);
  return literalSafe ? `'''\n${text}'''` : tomlString(text);
}
