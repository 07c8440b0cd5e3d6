import { isDeepStrictEqual } from "node:util";
import picomatch from "picomatch";
import type { KeyPath, OwnedEntry } from "../../compose/model.js";
import { withRuntimePlaceholders } from "../shared/pack-text.js";
import type { TrustKey, TrustKeysPack } from "./model.js";

/** A pack's trust key with its file resolved to a project path (or glob). */
export interface ResolvedTrustKey extends TrustKey {
  client: string;
  clientName: string;
  matchesFile(path: string): boolean;
}

/** One place in a settings value that a trust key covers. */
export interface TrustHit {
  trustKey: ResolvedTrustKey;
  path: KeyPath;
  value: unknown;
}

/**
 * The trust keys of the packs, files resolved with each pack's placeholders; one key declared by two
 * packs of one client (a built-in and the registry's override) counts once. A registry's own pack adds
 * trust keys but cannot take the built-in pack's away.
 */
export function resolvedTrustKeys(packs: readonly { pack: TrustKeysPack }[]): ResolvedTrustKey[] {
  const seen = new Map<string, ResolvedTrustKey>();
  for (const { pack } of packs) {
    for (const declared of pack.trust_keys ?? []) {
      const file = withRuntimePlaceholders(pack, declared.file);
      const identity = JSON.stringify([pack.client, declared.id, file, declared.key]);
      if (seen.has(identity)) continue;
      seen.set(identity, {
        ...declared,
        file,
        client: pack.client,
        clientName: pack.name,
        matchesFile: fileMatcher(file),
      });
    }
  }
  return [...seen.values()];
}

/** Every place in `value` (a parsed settings file, or owned entries built into one) a trust key covers. */
export function trustHits(value: unknown, keys: readonly ResolvedTrustKey[]): TrustHit[] {
  const hits: TrustHit[] = [];
  for (const trustKey of keys) {
    const visit = (at: unknown, depth: number, path: KeyPath): void => {
      if (depth === trustKey.key.length) {
        if (counts(trustKey, at)) hits.push({ trustKey, path, value: at });
        return;
      }
      const segment = trustKey.key[depth] ?? "";
      for (const [name, inner] of children(at, segment)) visit(inner, depth + 1, [...path, name]);
    };
    visit(value, 0, []);
  }
  return hits;
}

/** The value composed entries would make in an empty file: list elements are appended in order. */
export function valueOfEntries(entries: readonly OwnedEntry[]): Record<string, unknown> {
  const root: Record<string | number, unknown> = {};
  for (const entry of entries) {
    const container = entry.element ? entry.path : entry.path.slice(0, -1);
    let at = root;
    for (const [index, segment] of container.entries()) {
      const next = at[segment];
      const list = entry.element && index === container.length - 1;
      if (next === null || typeof next !== "object") at[segment] = list ? [] : {};
      at = at[segment] as Record<string | number, unknown>;
    }
    if (!entry.element) at[entry.path.at(-1) ?? ""] = entry.value;
    else if (Array.isArray(at)) at.push(entry.value);
  }
  return root;
}

/**
 * A literal path is compared; only a glob is compiled (most trust keys name one file). What picomatch's
 * matcher does for these options, without the result object it makes per call (thousands of paths).
 */
function fileMatcher(file: string): (path: string) => boolean {
  if (isLiteralFile(file)) return (path) => path === file;
  const pattern = compiledGlobs.get(file) ?? picomatch.makeRe(file, { dot: true });
  compiledGlobs.set(file, pattern);
  return (path) => path !== "" && (path === file || pattern.test(path));
}

/** Each glob compiled once: every install and every build resolves the built-in packs' keys again. */
const compiledGlobs = new Map<string, RegExp>();

/** Whether a trust key's file names one path (its matcher compares), not a glob. */
export function isLiteralFile(file: string): boolean {
  return !/[*?[{]/.test(file);
}

/** A key segment naming the key "*" itself, not any key (a permission map's catch-all pattern). */
const literalStar = "\\*";

function children(value: unknown, segment: string): [string | number, unknown][] {
  if (value === null || typeof value !== "object") return [];
  if (segment !== "*") {
    const key = segment === literalStar ? "*" : segment;
    return key in value ? [[key, (value as Record<string, unknown>)[key]]] : [];
  }
  if (Array.isArray(value)) return value.map((inner, index): [number, unknown] => [index, inner]);
  return Object.entries(value);
}

function counts(trustKey: TrustKey, value: unknown): boolean {
  if (value === undefined) return false;
  if ("equals" in trustKey) return isDeepStrictEqual(value, trustKey.equals);
  if (trustKey.matches !== undefined)
    return typeof value === "string" && new RegExp(trustKey.matches).test(value);
  return true;
}
