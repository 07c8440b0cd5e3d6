import type { ClientPack } from "../../clients/model.js";
import type { Verb } from "../../core/model.js";
import { sections } from "../../packs/index.js";
import type { MergeSide } from "../../packs/section.js";
import { unsubstitute } from "../../packs/shared/items/native-text.js";
import { conflict, type Merged, mergeCompatible } from "./merge-compatible.js";

/** One item as read from one assistant's files (or merged from several): the pack it was written by. */
export interface Reading<T> {
  item: T;
  pack?: ClientPack;
  /** True once texts were unified into the placeholder form (`<SKILLS_DIR>`), which every build fills in. */
  neutralText: boolean;
}

export type ItemKind = "rule" | "skill" | "agent" | "command" | "server" | "hook";

/**
 * Two readings of one named item, merged where they are consistent: equal fields, fields only one could
 * write, texts equal once each pack's placeholder values are put back (agentc wrote them from one text),
 * tool lists that name the same tools in both clients' words, and what the item's section takes as alike
 * (servers each client writes alike).
 */
export function mergeReadings<T extends { position: unknown }>(
  kind: ItemKind,
  a: Reading<T>,
  b: Reading<T>,
): Merged<Reading<T>> {
  let unified = a.neutralText;
  const resolve = (key: string, x: unknown, y: unknown): unknown => {
    if (key === "body") return sameText(x as string, y as string);
    if (key === "files") return sameFiles(x as SkillFile[], y as SkillFile[]);
    if (key === "tools" || key === "deny" || key === "verbs") return preciseVerbs(kind, key, a, b, x, y);
    if (key === "readBy") return readByBoth(x, y);
    // two packs that both did not recognise the file's load condition: each says what it left out
    if (key === "guessed" || key === "settled") return [...(x as unknown[]), ...(y as unknown[])];
    return conflict;
  };
  const sameText = (x: string, y: string): unknown => {
    const [u, v] = [neutral(a, x), neutral(b, y)];
    if (u.trim() !== v.trim()) return conflict;
    unified = true;
    return u;
  };
  const sameFiles = (x: SkillFile[], y: SkillFile[]): unknown => {
    const other = new Map(y.map((file) => [file.path, file]));
    const differ = (file: SkillFile) => {
      const twin = other.get(file.path);
      return twin !== undefined && !twin.bytes.equals(file.bytes);
    };
    const left = x.map((file) => (differ(file) ? withText(a, file) : file));
    const right = y.map((file) =>
      x.some((f) => f.path === file.path && differ(f)) ? withText(b, file) : file,
    );
    const merged = mergeCompatible({ position: 0, files: left }, { position: 0, files: right });
    if ("conflict" in merged) return conflict;
    unified = true;
    return merged.merged.files;
  };
  const [left, right] =
    kind === "rule"
      ? withRecognisedTrigger(a, b)
      : kind === "skill" || kind === "agent"
        ? withSharedUnmapped(a.item, b.item)
        : [a.item, b.item];
  const result = mergeCompatible(left, right, resolve);
  if ("merged" in result) return { merged: { item: result.merged, ...packOf(a), neutralText: unified } };
  const alike = mergeSide(kind)?.alike?.(a, b);
  if (alike === undefined) return { conflict: result.conflict };
  const kept = alike === "a" ? a : b;
  const readBy = readByBoth(readersOf(a.item), readersOf(b.item));
  return { merged: { ...kept, item: { ...kept.item, readBy } } };
}

/** A rule as read, as far as settling its load condition needs (packs/rules/model.ts ReadRule). */
interface RuleReading {
  triggers?: unknown;
  globs?: unknown;
  guessed?: { position: unknown; message: string }[];
  settled?: { position: unknown; message: string }[];
  natives?: { linked?: boolean; link?: string }[];
}

/**
 * Two readings of one rule file, one of them through a link of the project (one pack's rules folder a link
 * to another's), where only one pack recognised the load condition of its frontmatter: the file is
 * written for that pack (its `paths:` in a folder the other pack reads as its own), so its
 * condition is the rule's. The other pack's guess (always_on) and what it left out give way to a note
 * (ReadRule.settled): once the rule is edited, that pack loads it by the condition too.
 */
function withRecognisedTrigger<T>(a: Reading<T>, b: Reading<T>): [T, T] {
  const [x, y] = [a.item as RuleReading, b.item as RuleReading];
  const link = [x, y].flatMap((r) => (throughLink(r) ? (r.natives ?? []) : [])).find((n) => n.link)?.link;
  if ((x.guessed === undefined) === (y.guessed === undefined) || link === undefined) return [a.item, b.item];
  const [recognised, guessed] = x.guessed === undefined ? [a, b] : [b, a];
  const condition = recognised.item as RuleReading;
  const where = (guessed.item as RuleReading).guessed?.at(-1)?.position;
  const trigger = Array.isArray(condition.triggers) ? condition.triggers[0] : "always_on";
  const [ours, theirs] = [recognised.pack?.name, guessed.pack?.name];
  const note = {
    position: where,
    message: `${positionFile(where)} is read by ${ours} and ${theirs}, one of them through the project's link ${link}, and only ${ours} recognises its load condition: imported as ${trigger}, as ${ours} loads it; once the rule is edited, the build writes ${theirs}'s fields for it beside ${ours}'s, and ${theirs} loads it so too`,
  };
  const settle = (reading: RuleReading): T => {
    const { guessed: _guessed, ...rest } = reading;
    if (reading === condition) return rest as T;
    const globs = condition.globs !== undefined ? { globs: condition.globs } : {};
    return { ...rest, triggers: condition.triggers, ...globs, settled: [note] } as T;
  };
  return [settle(x), settle(y)];
}

/**
 * The fields the readings had no neutral place for (ReadSkill.unmapped). Of two readings of one file, one
 * through a link of the project, those neither had: a field one pack reads (its `argument-hint`, through a
 * link to the folder another pack reads as its own) is in the registry, not left out. Of two files, each
 * file's: what one left out is lost from it, whatever the other holds.
 */
function withSharedUnmapped<T>(a: T, b: T): [T, T] {
  type Unmapped = { unmapped?: { key: string }[]; natives?: { linked?: boolean }[] };
  const [x, y] = [a as Unmapped, b as Unmapped];
  if (x.unmapped === undefined && y.unmapped === undefined) return [a, b];
  const oneFile = throughLink(x) || throughLink(y);
  const both = oneFile
    ? (x.unmapped ?? []).filter((u) => (y.unmapped ?? []).some((v) => v.key === u.key))
    : [...(x.unmapped ?? []), ...(y.unmapped ?? [])];
  const keep = (reading: Unmapped): T => {
    const { unmapped: _unmapped, ...rest } = reading;
    return (both.length > 0 ? { ...rest, unmapped: both } : rest) as T;
  };
  return [keep(x), keep(y)];
}

function positionFile(position: unknown): string {
  return (position as { file?: string } | undefined)?.file ?? "the rule file";
}

function throughLink(reading: { natives?: { linked?: boolean }[] }): boolean {
  return (reading.natives ?? []).length > 0 && (reading.natives ?? []).every((n) => n.linked === true);
}

/** How the section of `kind`'s items merges them (src/packs/<section>/section.ts). */
function mergeSide(kind: ItemKind): MergeSide<ClientPack, unknown> | undefined {
  return sections.find((section) => section.merge?.kind === kind)?.merge;
}

function readersOf(item: unknown): unknown {
  return (item as { readBy?: unknown }).readBy;
}

type SkillFile = { path: string; bytes: Buffer; executable: boolean };

function neutral(reading: Reading<unknown>, text: string): string {
  return reading.neutralText || !reading.pack ? text : unsubstitute(text, reading.pack.runtime_placeholders);
}

function withText(reading: Reading<unknown>, file: SkillFile): SkillFile {
  if (file.bytes.includes(0)) return file;
  return { ...file, bytes: Buffer.from(neutral(reading, file.bytes.toString("utf8"))) };
}

/**
 * Of two verb lists, the one both clients would write as they did: a client whose one tool tag covers
 * several verbs, or whose hooks see fewer tools, reads less precisely than one with a name per verb.
 */
function preciseVerbs<T>(
  kind: ItemKind,
  key: string,
  a: Reading<T>,
  b: Reading<T>,
  x: unknown,
  y: unknown,
): unknown {
  if (!Array.isArray(x) || !Array.isArray(y)) return conflict;
  const names = (reading: Reading<T>, verbs: Verb[]) => {
    const map = toolMap(kind, key, reading.pack);
    return [...new Set(verbs.flatMap((verb) => map[verb] ?? []))].sort().join(",");
  };
  const fits = (verbs: Verb[]) => names(a, verbs) === names(a, x) && names(b, verbs) === names(b, y);
  if (fits(x)) return x;
  if (fits(y)) return y;
  return conflict;
}

function toolMap(kind: ItemKind, key: string, pack: ClientPack | undefined): Partial<Record<Verb, string[]>> {
  return (pack && mergeSide(kind)?.verbNames?.(pack, key)) ?? {};
}

/** The clients that read either reading. */
function readByBoth(x: unknown, y: unknown): string[] {
  const list = (v: unknown) => (Array.isArray(v) ? (v as string[]) : []);
  return [...new Set([...list(x), ...list(y)])].sort();
}

function packOf<T>(reading: Reading<T>): { pack?: ClientPack } {
  return reading.pack ? { pack: reading.pack } : {};
}
