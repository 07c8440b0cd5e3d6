import { isObject, stringList } from "../../shared/json-shape.js";
import { pathProblem } from "../../shared/path-check.js";
import { agentcDirProblem } from "./agentc-dir.js";
import { signerRecordProblem } from "./signer-record.js";
import { sourceRecordProblem } from "./source-record.js";
import { spawnRecordProblem } from "./spawn-record.js";

/**
 * Why a parsed `.agentc/installed.json` (possibly edited by hand) cannot be trusted, or undefined. The record
 * steers what uninstall and upgrades remove, so every path in it passes the same checker as the manifest's,
 * and nothing in it may point into `.agentc/` itself.
 */
export function recordProblem(value: unknown): string | undefined {
  if (!isObject(value)) return "is not a JSON object";
  if (value.version !== 1) return `has "version" ${JSON.stringify(value.version)}, expected 1`;
  for (const key of ["registry_version", "manifest_sha256"])
    if (typeof value[key] !== "string") return `has no string "${key}"`;
  if (!stringList(value.components)) return 'has no list of strings "components"';
  const source = value.source === undefined ? undefined : sourceRecordProblem(value.source);
  if (source) return `has a "source" that ${source}`;
  const signer = value.signer === undefined ? undefined : signerRecordProblem(value.signer);
  if (signer) return `has a "signer" that ${signer}`;
  return (
    listProblem(value, "owned_dirs", ownedDirProblem) ??
    listProblem(value, "entries", entryProblem) ??
    listProblem(value, "composed", composedProblem, true) ??
    listProblem(value, "spawned", spawnedProblem, true) ??
    listProblem(value, "requirements", decisionProblem, true)
  );
}

const entryKinds = ["file", "seed", "keep", "symlink", "copy", "import", "beside", "aside", "block", "dir"];
const hexHash = /^[0-9a-f]{64}$/;

function listProblem(
  record: Record<string, unknown>,
  key: string,
  itemProblem: (item: Record<string, unknown>) => string | undefined,
  optional = false,
): string | undefined {
  const list = record[key];
  if (list === undefined && optional) return undefined;
  if (!Array.isArray(list)) return `has no list "${key}"`;
  for (const [i, item] of list.entries()) {
    const problem = isObject(item) ? itemProblem(item) : "is not an object";
    if (problem) return `${key}[${i}] ${problem}`;
  }
  return undefined;
}

function entryProblem(e: Record<string, unknown>): string | undefined {
  if (typeof e.kind !== "string" || !entryKinds.includes(e.kind))
    return `has a "kind" other than ${entryKinds.join(", ")}`;
  if (typeof e.component !== "string") return 'has no string "component"';
  if (e.sha256 !== undefined && (typeof e.sha256 !== "string" || !hexHash.test(e.sha256)))
    return 'has a "sha256" that is not a sha256 hex digest';
  if (e.target !== undefined && typeof e.target !== "string") return 'has a "target" that is not a string';
  if (e.executable !== undefined && typeof e.executable !== "boolean")
    return 'has an "executable" that is not true or false';
  if (e.adopted !== undefined && e.adopted !== true) return 'has an "adopted" that is not true';
  if (e.original !== undefined && !originalShape(e.original))
    return 'has an "original" that is not {"sha256": <sha256 hex digest>, "executable": true or false} or {"target": <a link\'s text>}';
  return projectPathProblem(e.path);
}

function originalShape(original: unknown): boolean {
  if (!isObject(original)) return false;
  const keys = Object.keys(original).sort().join(",");
  if (keys === "target") return typeof original.target === "string" && original.target !== "";
  return (
    keys === "executable,sha256" &&
    typeof original.sha256 === "string" &&
    hexHash.test(original.sha256) &&
    typeof original.executable === "boolean"
  );
}

function ownedDirProblem(d: Record<string, unknown>): string | undefined {
  if (typeof d.component !== "string") return 'has no string "component"';
  if (!stringList(d.preserve)) return 'has no list of strings "preserve"';
  return projectPathProblem(d.path);
}

function composedProblem(c: Record<string, unknown>): string | undefined {
  if (c.format !== "json" && c.format !== "toml") return 'has a "format" other than json, toml';
  if (!stringList(c.components)) return 'has no list of strings "components"';
  if (!Array.isArray(c.owned) || !c.owned.every((o) => isObject(o) && Array.isArray(o.path)))
    return 'has no list "owned" of values with a key "path"';
  if (c.owned.some((o) => o.original !== undefined && typeof o.original !== "string"))
    return 'has an "owned" value whose "original" is not a string';
  if (
    c.adopted !== undefined &&
    !(Array.isArray(c.adopted) && c.adopted.every((o) => isObject(o) && Array.isArray(o.path)))
  )
    return 'has an "adopted" that is not a list of values with a key "path"';
  return projectPathProblem(c.path);
}

function decisionProblem(d: Record<string, unknown>): string | undefined {
  const notText = ["capability", "runtime", "package"].find((key) => typeof d[key] !== "string");
  if (notText) return `has no string "${notText}"`;
  return d.decision === "accepted" || d.decision === "declined"
    ? undefined
    : 'has a "decision" other than accepted, declined';
}

function spawnedProblem(s: Record<string, unknown>): string | undefined {
  return spawnRecordProblem(s) ?? projectPathProblem(s.home);
}

/** A path of the project agentc may remove or write: safe, and not agentc's own folder. */
function projectPathProblem(path: unknown): string | undefined {
  if (typeof path !== "string") return 'has no string "path"';
  const problem = pathProblem(path) ?? agentcDirProblem(path);
  return problem ? `has the path ${JSON.stringify(path.slice(0, 200))}, which ${problem}` : undefined;
}
