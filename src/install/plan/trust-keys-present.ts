import { findNodeAtLocation, getNodeValue, type Node, parseTree } from "jsonc-parser";
import { builtinClientPacks } from "../../clients/load-client-packs.js";
import { pathText } from "../../compose/conflicts.js";
import type { OwnedEntry } from "../../compose/model.js";
import { clip } from "../../diagnostics/clip.js";
import { LineIndex } from "../../diagnostics/positions.js";
import type { Desired } from "../../manifest/desired.js";
import { resolvedTrustKeys, type TrustHit, trustHits } from "../../packs/trust-keys/resolve.js";
import { parseToml } from "../../shared/bounded-toml.js";
import { jsonTooDeepAt } from "../../shared/nesting-limit.js";
import type { Conflict } from "../model/plan-model.js";
import type { ReadProjectFile } from "./plan-compose.js";

/**
 * AGC108 at install time: trust keys (the built-in client packs' trust_keys) already in the shared files
 * agentc composes into or seeds, other than values the bundle itself owns. Warnings: the keys are the
 * project's, not agentc's to remove, but the person should know the repository votes on its own trust.
 */
export function trustKeysPresent(desired: Desired, readFile: ReadProjectFile): Conflict[] {
  const keys = resolvedTrustKeys(builtinClientPacks());
  const seeds = desired.files
    .filter((f) => f.role === "seed")
    .map((f) => ({
      path: f.path,
      format: f.path.endsWith(".toml") ? "toml" : "json",
      entries: [] as OwnedEntry[],
    }));
  return [...desired.composed, ...seeds].flatMap((shared) => {
    const forFile = keys.filter((k) => k.matchesFile(shared.path));
    const bytes = forFile.length > 0 ? readFile(shared.path) : undefined;
    if (!bytes) return [];
    const text = bytes.toString("utf8");
    const parsed = shared.format === "toml" ? tomlFile(text) : jsonFile(text);
    if (!parsed) return [];
    const owned = (hit: TrustHit) =>
      shared.entries.some((e) => e.path.every((segment, i) => hit.path[i] === segment));
    return trustHits(parsed.value, forFile)
      .filter((hit) => !owned(hit))
      .map((hit) => warning(shared.path, hit, parsed.where(hit)));
  });
}

interface ParsedFile {
  value: unknown;
  where(hit: TrustHit): { line: number; column: number } | undefined;
}

function warning(path: string, hit: TrustHit, where: { line: number; column: number } | undefined): Conflict {
  const value = clip(JSON.stringify(hit.value) ?? "", 80);
  return {
    path,
    ...where,
    problem: `holds ${pathText(hit.path)} = ${value} (${hit.trustKey.clientName}, AGC108 ${hit.trustKey.id}): it ${hit.trustKey.why}, decided by the repository for everyone who opens it`,
    hint: "Move the key to each person's own settings (a local or user settings file), unless the team decided it on purpose.",
    kind: "trust-key",
  };
}

function jsonFile(text: string): ParsedFile | undefined {
  if (jsonTooDeepAt(text) !== undefined) return undefined;
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root) return undefined;
  const lines = new LineIndex("", text);
  return {
    value: getNodeValue(root),
    where: (hit) => {
      const node: Node | undefined = findNodeAtLocation(root, hit.path);
      const key = node?.parent?.type === "property" ? node.parent.children?.[0] : node;
      if (!key) return undefined;
      const { line, column } = lines.position(key.offset);
      return { line, column };
    },
  };
}

function tomlFile(text: string): ParsedFile | undefined {
  try {
    return { value: parseToml(text), where: () => undefined };
  } catch {
    return undefined;
  }
}
