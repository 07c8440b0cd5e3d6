import { lineParts, splitAtLast, splitLine } from "../shared/line-codec.js";

const parsedHashLines = new WeakMap<readonly string[], Map<string, string[]>>();

/**
 * "path :: hash" lines as a map path → hashes (a path may appear with several hashes). Parsed once per list:
 * the manifest's lists are read-only, and a 20,000-file manifest is looked at by several stages.
 */
export function hashLines(lines: readonly string[]): Map<string, string[]> {
  const parsed = parsedHashLines.get(lines) ?? parseHashLines(lines);
  parsedHashLines.set(lines, parsed);
  return parsed;
}

/** "path :: sha256": split at the last separator, since a path may hold one and a hash never does. */
export function hashLine(line: string): readonly [path: string, hash: string] | undefined {
  return splitAtLast(line);
}

function parseHashLines(lines: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of lines) {
    const [path, hash] = hashLine(line) ?? [];
    if (path === undefined || hash === undefined) continue;
    const hashes = out.get(path);
    if (hashes) hashes.push(hash);
    else out.set(path, [hash]);
  }
  return out;
}

/**
 * A "<name> :: <value>" line of the lists that pair a name with one value: `tools` (name :: install hint),
 * `tool_purposes`, `tool_paths`, `tool_payloads`, `tool_payload_keep` (name :: path). The value keeps any further separator; undefined without one.
 */
export function pairLine(line: string): readonly [name: string, value: string] | undefined {
  const [name, value] = splitLine(line, 2) ?? [];
  return name === undefined || value === undefined ? undefined : [name, value];
}

export interface SymlinkLine {
  link: string;
  target: string;
  fallback: { kind: "copy" } | { kind: "import"; text: string };
}

export function symlinkLine(line: string): SymlinkLine | undefined {
  const [link, target, fallback] = splitLine(line, 3) ?? [];
  if (link === undefined || target === undefined || fallback === undefined) return undefined;
  if (fallback === "copy") return { link, target, fallback: { kind: "copy" } };
  if (fallback.startsWith("import:"))
    return { link, target, fallback: { kind: "import", text: fallback.slice(7) } };
  return undefined;
}

export interface ComposedLine {
  /** the shared file in the project */
  path: string;
  format: "json" | "toml";
  /** the bundle file holding the entries */
  fragment: string;
}

/** "<project path> :: json|toml :: <fragment path>" (a component's `composed` list). */
export function composedLine(line: string): ComposedLine | undefined {
  const [path, format, fragment] = splitLine(line, 3) ?? [];
  if (path === undefined || fragment === undefined) return undefined;
  if (format !== "json" && format !== "toml") return undefined;
  return { path, format, fragment };
}

/**
 * How a component composes into a file a person wrote (an always-on instruction file): "<path> :: block"
 * (its own file at that path goes in as a marked block), or "<path> :: import:<text>[ :: <when>,...]" (the
 * import line, as a marked block in the person's file at `path`, or as a file of its own there; only while
 * one of the `when` files, by default `path` itself, is a person's file).
 */
export interface AdoptLine {
  path: string;
  how: { kind: "block" } | { kind: "import"; text: string; when: string[] };
}

export function adoptLine(line: string): AdoptLine | undefined {
  const [path, how, when, ...rest] = lineParts(line);
  if (path === undefined || how === undefined || rest.length > 0) return undefined;
  if (how === "block" && when === undefined) return { path, how: { kind: "block" } };
  if (!how.startsWith("import:") || how.length <= 7 || how.includes("\n")) return undefined;
  const paths = when === undefined ? [path] : when.split(",");
  if (paths.some((p) => p === "")) return undefined;
  return { path, how: { kind: "import", text: how.slice(7), when: paths } };
}
