import type { Core, Verb } from "../core/model.js";
import type { InlineCheck } from "../diagnostics/check-meta.js";
import type { Position } from "../diagnostics/diagnostic.js";
import type { JsonPath } from "../documents/json-document.js";
import type { PromiseKind } from "./shared/capability.js";
import type { ItemEmitContext, OwnedFile, PartEmission } from "./shared/items/emit-context.js";
import type { ItemPack } from "./shared/items/item-pack.js";
import type { ItemReadContext } from "./shared/items/read-context.js";
import type { SecondLine } from "./shared/second-line.js";
import type { Json, NotActedOn, Put } from "./shared/seed-pack-model.js";
import type { SettingsOutcome } from "./shared/settings-part.js";
import type { KeyPath } from "./shared/unfill-template.js";

/**
 * What every section may read of a client pack besides its own keys. The whole pack is `ClientPack`
 * (clients/model.ts), made of the sections' types; a section names the keys it reads as `PackBase & {…}`.
 */
export interface PackBase {
  /** The pack's id (its component). */
  client: string;
  /** The assistant's display name, for messages. */
  name: string;
  runtime_placeholders: Record<string, string>;
}

/** A fact about a schema-valid pack the schema cannot check, at the JSON path it concerns (AGC082). */
export interface PackFault {
  path: JsonPath;
  part?: "key" | "value";
  message: string;
  hint: string;
}

/** What a section compiles from: the registry as far as client-pack sections read it. */
export interface SectionInput {
  core: Core;
  /**
   * targets.json as far as sections read it: `secret_guard` (absent or true: the guard is on; false: left
   * out) and the policy values it turns on per client (`client_policies`).
   */
  targets: { secret_guard?: boolean; client_policies?: Record<string, string[]> };
  /** Where targets.json says it, for the rows about it. */
  targetsDocument: { positionOf(path: JsonPath, part?: "key" | "value"): Position };
}

/** A row kind of the capability matrix (CAPABILITIES.md) that a section's promises fill. */
export interface MatrixKind {
  kind: PromiseKind;
  /** The heading of its rows. */
  title: string;
  /** Its place among the matrix's kinds, lowest first. */
  rank: number;
}

/** A settings file as import reads it: its value, and where each key path is written. */
export interface ReadDocument {
  file: string;
  /** The pack's own file this one is another place of (also_reads.settings_files): read as that file. */
  standsFor?: string;
  value: Record<string, unknown>;
  positionOf(path: KeyPath): Position;
}

/** How a section's reader reports what import does not carry or carries changed (import/read-project/read-settings.ts). */
export interface ReadReport {
  /** The assistant's display name, for messages. */
  assistant: string;
  /** A value without a neutral form: it stays in the project's file. */
  unowned(path: KeyPath, why?: string): void;
  /** Values the pack writes as they are (a version, a switch) at `base`: the keys found, the differing ones reported. */
  extrasAgree(
    base: KeyPath,
    extras: Record<string, unknown> | undefined,
    container: Record<string, unknown>,
  ): string[];
  /** Something import changed on the way, keeping its meaning (an info). */
  adjusted(position: Position, message: string, group?: string): void;
}

/** The part of a pack a section composes into a settings file (JSON or TOML) the client shares with the person. */
export interface SettingsSide<Pack, Found, Seen = unknown> {
  /** Where the section's values go for this pack (placeholders as written); none: the pack has no such section. */
  file(pack: Pack): { file: string; format: "json" | "toml" } | undefined;
  /** A second file the section composes into (an exec policy's JSON lists); `read` tells them by the path. */
  otherFile?(pack: Pack): { file: string; format: "json" | "toml" } | undefined;
  /** Files the client reads the section's values from too, which the build never writes; `read` tells them by the path. */
  alsoReadFiles?(pack: Pack): { file: string; format: "json" | "toml" }[];
  /**
   * The registry through the pack: values for the file, capability rows, diagnostics, and the whole files
   * the section writes beside them (the guard's program, an exec policy's rule lines).
   */
  emit(pack: Pack, input: SectionInput): SettingsOutcome & { files?: OwnedFile[] };
  /**
   * The file read back into neutral form, into `found`, which also holds what the sections read before
   * (`Seen`); returns the top-level keys the section owns.
   */
  read(pack: Pack, document: ReadDocument, report: ReadReport, found: Found & Seen): string[];
  /** What `read` starts from: nothing found. */
  nothingFound(): Found;
  /** The whole files `emit` writes beside the settings file (SettingsOutcome.files), read back into `found`. */
  readFiles?(ctx: ItemReadContext, pack: Pack, found: Found): void;
  /** Where session-load lists the file: with the MCP server lists or with the settings files (`reads`). */
  loads?: {
    list: "mcp" | "settings";
    /** What `agentc loads` lists of the parsed file at `path`: the names under the section's key there. */
    names(pack: Pack, parsed: unknown, path: string): string[];
  };
}

/**
 * The part of a pack a section writes as files of its own, one per core item (rules, skills, agents,
 * commands), in a folder the pack names.
 */
export interface ItemSide<Pack extends PackBase> {
  /** The registry's items through the pack: the files, capability rows and findings. */
  emit(ctx: ItemEmitContext<Pack & ItemPack>): PartEmission;
  /** The project's files of the section read back into neutral items, into `ctx.items` (agentc import). */
  read(ctx: ItemReadContext, pack: Pack): void;
  /**
   * How session-load lists the items by name: the read model's key for their folders, the kind of item, and
   * the folder the pack writes them to (what a pack without `reads` is taken to read). Absent: rules, which
   * session-load reads with their load conditions.
   */
  loads?: {
    key: "skills" | "agents" | "commands";
    kind: "skill" | "agent" | "command";
    written(pack: Pack): { dir: string | null; extension?: string };
  };
}

/** One item as import read it from one assistant's files, and the pack that wrote them (none: a rule adapter). */
export interface PackReading<Pack, Item> {
  item: Item;
  pack?: Pack;
}

/**
 * How import takes two assistants' readings of one of the section's items for one item, beyond equal fields
 * (import/merge/merge-readings.ts).
 */
export interface MergeSide<Pack, Item> {
  /** The kind of item import merges with it ("skill", "server"). */
  kind: string;
  /** What `pack` calls each verb of the item's verb list `key`: two lists are one when both packs name them alike. */
  verbNames?(pack: Pack, key: string): Partial<Record<Verb, string[]>>;
  /** Of two readings whose fields differ, the one each pack writes exactly as the other's entry: they are one item. */
  alike?(a: PackReading<Pack, Item>, b: PackReading<Pack, Item>): "a" | "b" | undefined;
}

/**
 * One section of a client pack (docs/architecture.md#client-pack-sections): the pack keys it owns, how it
 * is compiled and read back, its rows of the capability matrix and its checks. `src/packs/index.ts` lists
 * every section; emit, import, the matrix and session-load loop over that list.
 */
export interface Section<Pack extends PackBase = PackBase, Found = unknown, Item = unknown, Seen = unknown> {
  name: string;
  /** The ClientPack keys the section owns. */
  keys: readonly string[];
  /** Its place in what emit composes, import reads and session-load lists, lowest first. */
  rank: number;
  /**
   * Its place in what import reads, where that differs from `rank`: a reader that recognises what other
   * sections' readers found (os_read_deny, the permissions' read rules and the guard) reads after them.
   */
  readRank?: number;
  matrix?: readonly MatrixKind[];
  /** The client's second line behind the guard in this build (os_read_deny), the matrix's column beside the promises. */
  secondLine?(pack: Pack, input: SectionInput): SecondLine;
  settings?: SettingsSide<Pack, Found, Seen>;
  /** The section of a seed-shaped pack (`seed_version`) put into agentc's names (clients/seed-pack-translation.ts). */
  seed?(seed: Json, put: Put, notActedOn: NotActedOn[]): void;
  items?: ItemSide<Pack>;
  /** How import merges two assistants' readings of one of its items. */
  merge?: MergeSide<Pack, Item>;
  /** What is wrong with the section in a schema-valid pack (clients/validate-client-pack.ts adds it to AGC082). */
  faults?(pack: Pack): PackFault[];
  /** The checks raised while the section is compiled or packaged (each also in src/checks/index.ts). */
  checks?: readonly InlineCheck[];
}

/** What a section's reader finds: the `Found` of its settings side. */
export type FoundOf<S> = S extends { settings?: { nothingFound(): infer F } } ? F : never;

/** The order of `sections`: by rank. */
export function bySectionRank(a: Section, b: Section): number {
  return a.rank - b.rank;
}

/** The order in which import reads the sections: by `readRank`, else `rank`. */
export function byReadRank(a: Section, b: Section): number {
  return (a.readRank ?? a.rank) - (b.readRank ?? b.rank);
}
