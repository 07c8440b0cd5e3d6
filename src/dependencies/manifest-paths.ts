import { AgentcError } from "../shared/agentc-error.js";
import { parseJson } from "../shared/nesting-limit.js";
import type { SourceFiles } from "./model.js";
import { hostOfDependency } from "./plugin-host-data.js";

/** The parts of a plugin host's data (plugin-hosts/*.json) that say which manifest keys name more files. */
interface HostManifestPaths {
  dependency?: string;
  manifest?: { path: string; paths?: Record<string, string> };
}

/** One path a plugin's manifest names: a folder of files of one kind, or one file. */
interface NamedPath {
  key: string;
  kind: string;
  /** Inside the plugin, without "./"; a folder ends in "/". */
  from: string;
  /** A skills path naming one skill's folder (it holds SKILL.md), not a folder of skills. */
  oneSkill: boolean;
}

/**
 * Where each file of the folders and files a plugin's manifest names (`commands`, `agents`, `skills`, as the
 * host's data lists them) goes in core/: a folder's files keep their path below it, a named file its name, a
 * named skill folder (one holding SKILL.md) its folder name. Paths outside the plugin are refused.
 */
export function manifestNamedFiles(
  content: SourceFiles,
  provides: string,
  folder: string,
): Map<string, string> {
  const host = hostOfDependency<HostManifestPaths>(provides);
  const manifestPath = host?.manifest?.path;
  const keys = host?.manifest?.paths;
  if (manifestPath === undefined || keys === undefined) return new Map();
  const manifest = readManifest(content.files.get(`${folder}${manifestPath}`));
  const named = Object.entries(keys).flatMap(([key, kind]) =>
    pathsOf(manifest[key]).map((path) => namedPath(key, kind, path, manifestPath, content, folder)),
  );
  const placed = new Map<string, string>();
  for (const path of content.files.keys()) {
    if (!path.startsWith(folder)) continue;
    const inPlugin = path.slice(folder.length);
    for (const entry of named) {
      const to = placeOf(entry, inPlugin);
      if (to !== undefined && !placed.has(path)) placed.set(path, to);
    }
  }
  return placed;
}

function readManifest(bytes: Uint8Array | undefined): Record<string, unknown> {
  if (!bytes) return {};
  try {
    const value: unknown = parseJson(Buffer.from(bytes).toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {}; // the registry stage reads and reports a manifest that is no JSON
  }
}

function pathsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is string => typeof v === "string");
}

function namedPath(
  key: string,
  kind: string,
  path: string,
  manifestPath: string,
  content: SourceFiles,
  folder: string,
): NamedPath {
  const inPlugin = path.replace(/^(\.\/)+/, "");
  if (inPlugin === "" || /^[a-z]+:|^\/|\\/i.test(inPlugin) || inPlugin.split("/").includes(".."))
    throw new AgentcError(
      "dependency",
      `the plugin's ${manifestPath} names "${path}" under "${key}", which is not a path inside the plugin`,
      "A plugin's own paths start with './' and stay inside its folder; ask the plugin's authors to fix it.",
    );
  const asFolder = inPlugin.endsWith("/") ? inPlugin : `${inPlugin}/`;
  const isFile = !inPlugin.endsWith("/") && content.files.has(`${folder}${inPlugin}`);
  const oneSkill = kind === "skills" && content.files.has(`${folder}${asFolder}SKILL.md`);
  return { key, kind, from: isFile ? inPlugin : asFolder, oneSkill };
}

/** Where `inPlugin` goes in core/ when `entry` names it; undefined when it does not. */
function placeOf(entry: NamedPath, inPlugin: string): string | undefined {
  const base = `core/${entry.kind}/`;
  if (!entry.from.endsWith("/"))
    return inPlugin === entry.from ? `${base}${inPlugin.slice(inPlugin.lastIndexOf("/") + 1)}` : undefined;
  if (!inPlugin.startsWith(entry.from)) return undefined;
  const below = inPlugin.slice(entry.from.length);
  if (!entry.oneSkill) return `${base}${below}`;
  return `${base}${entry.from.slice(0, -1).split("/").pop()}/${below}`;
}
