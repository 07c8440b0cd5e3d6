import type { KeyPath, OwnedEntry } from "../../compose/model.js";
import type { Desired, DesiredComposed } from "../../manifest/desired.js";
import { hashLines } from "../../manifest/manifest-lines.js";
import type { Manifest } from "../../manifest/manifest-model.js";
import { sha256 } from "../../shared/hash.js";
import { isObject } from "../../shared/json-shape.js";
import { parseJson } from "../../shared/nesting-limit.js";

export type FragmentsRead = { ok: true; composed: DesiredComposed[] } | { ok: false; problems: string[] };

/**
 * Reads the compose fragments of the chosen components from the bundle, checks each against its hash in
 * the manifest and its shape, and groups the entries by project path (component order). The bytes are
 * needed to plan, so they are read before planning (unlike files, which are verified before writing).
 */
export function readFragments(
  manifest: Manifest,
  desired: Desired,
  readBundleFile: (path: string) => Buffer | string,
): FragmentsRead {
  const hashes = hashLines(manifest.install.artifact_hashes ?? []);
  const problems: string[] = [];
  const byPath = new Map<string, DesiredComposed>();
  for (const line of desired.composedLines) {
    const bytes = readBundleFile(line.fragment);
    if (typeof bytes === "string") {
      problems.push(bytes);
      continue;
    }
    if (!(hashes.get(line.fragment) ?? []).includes(sha256(bytes))) {
      problems.push(
        `${line.fragment}: the bundle's file does not match its hash in the manifest (corrupt or tampered bundle)`,
      );
      continue;
    }
    const read = fragmentEntries(line, bytes, problems);
    if (!read) continue;
    const { entries, imported } = read;
    const group = byPath.get(line.path);
    if (!group)
      byPath.set(line.path, {
        path: line.path,
        format: line.format,
        components: [line.component],
        entries,
        ...(imported.length > 0 ? { imported } : {}),
      });
    else if (group.format !== line.format)
      problems.push(
        `${line.fragment}: component ${line.component} composes ${line.path} as ${line.format}, but ${group.components.join(", ")} as ${group.format}`,
      );
    else {
      group.components.push(line.component);
      group.entries.push(...entries);
      if (imported.length > 0) group.imported = [...(group.imported ?? []), ...imported];
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, composed: [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : 1)) };
}

type Line = Desired["composedLines"][number];

function fragmentEntries(
  line: Line,
  bytes: Buffer,
  problems: string[],
): { entries: OwnedEntry[]; imported: OwnedEntry[] } | undefined {
  const fail = (problem: string): undefined => {
    problems.push(`${line.fragment}: ${problem}; rebuild the bundle with 'agentc build'`);
    return undefined;
  };
  let value: unknown;
  try {
    value = parseJson(bytes.toString("utf8"));
  } catch (error) {
    return fail(`not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(value) || !Array.isArray(value.entries))
    return fail('expected an object with "format", "path" and an "entries" list');
  if (value.format !== line.format || value.path !== line.path)
    return fail(
      `holds ${JSON.stringify(value.path)} as ${JSON.stringify(value.format)}, but the manifest says ${line.path} as ${line.format}`,
    );
  if (value.imported !== undefined && !Array.isArray(value.imported))
    return fail('"imported" must be a list of entries');
  const entries: OwnedEntry[] = [];
  const imported: OwnedEntry[] = [];
  for (const [key, list, out] of [
    ["entries", value.entries, entries],
    ["imported", value.imported ?? [], imported],
  ] as const) {
    for (const [i, entry] of (list as unknown[]).entries()) {
      const problem = entryProblem(entry);
      if (problem) return fail(`${key}[${i}] ${problem}`);
      const { path, value: v, element } = entry as { path: KeyPath; value: unknown; element?: boolean };
      out.push(element ? { path, value: v, element: true } : { path, value: v });
    }
  }
  return { entries, imported };
}

function entryProblem(entry: unknown): string | undefined {
  if (!isObject(entry)) return "is not an object";
  const path = entry.path;
  if (!Array.isArray(path) || path.length === 0)
    return 'needs "path", a non-empty list of keys (strings) and indexes (numbers)';
  if (!path.every((s) => typeof s === "string" || (typeof s === "number" && Number.isInteger(s))))
    return '"path" may hold only strings and whole numbers';
  if (!("value" in entry)) return 'has no "value"';
  if (entry.element !== undefined && typeof entry.element !== "boolean")
    return '"element" must be true or false';
  return undefined;
}
