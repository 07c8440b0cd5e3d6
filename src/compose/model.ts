/** The vocabulary of composing agentc-owned keys into files a person may also edit. */

/** Where a value sits: object keys as strings, array indices as numbers. */
export type KeyPath = (string | number)[];

/**
 * A value agentc wants in a shared file.
 * Without `element`, agentc owns the whole value at `path` (e.g. ["mcpServers", "docs"]).
 * With `element: true`, `path` names an array and agentc owns one element of it, `value`.
 */
export interface OwnedEntry {
  path: KeyPath;
  value: unknown;
  element?: boolean;
}

/** What agentc wrote last time: the path and the sha256 of the value's canonical JSON. */
export interface OwnedRecord {
  path: KeyPath;
  hash: string;
  element?: boolean;
  /**
   * The person's own value this one took the place of, as its text in the file: a value agentc adopted (it
   * was equal to agentc's) and then replaced with a changed one. Given back, byte for byte, when agentc
   * lets go of the value.
   */
  original?: string;
  /**
   * An adopted value of the person's that agentc import read (a fragment's `imported`): unlike another
   * adopted string element, one the registry no longer wants gives its place to a new string element of the
   * same kind (`Bash(just *)` to `Bash(just:*)`).
   */
  imported?: boolean;
}

export type ConflictKind =
  /** agentc wrote the value, the person changed it since: their version stays. */
  | "user-modified"
  /** The key exists but agentc never wrote it: it stays as it is. */
  | "user-written"
  /** agentc no longer wants a value it wrote, but the person changed it: it stays and is theirs now. */
  | "kept-modified"
  /** Something on the way to the path is not an object (or not an array, for elements). */
  | "blocked"
  /** The file does not parse, so nothing was written. */
  | "unparseable"
  /** agentc cannot edit this value in place without touching other text. */
  | "not-editable"
  /** The entry itself is wrong (a caller's mistake). */
  | "invalid-entry";

export interface Conflict {
  path: KeyPath;
  kind: ConflictKind;
  message: string;
  hint: string;
  /** 1-based position in the current file, when the conflict is about text that exists. */
  line?: number;
  column?: number;
}

export interface ComposeResult {
  /** The file's new text; equal to the input when nothing had to change. */
  text: string;
  /** Records to keep for the next compose of this file. */
  owned: OwnedRecord[];
  conflicts: Conflict[];
  changed: boolean;
  /** JSON only: the objects and arrays agentc created around its values that are still there */
  containers?: KeyPath[];
  /** The person's values that already equal an entry agentc wants (adopted, not agentc's): see `adopted` of the compose functions. */
  adopted?: OwnedRecord[];
}

/** What a file holds at a path, as the ownership rules need to know it. */
export type Found =
  | { state: "missing" }
  | { state: "present"; hash: string; line: number; column: number }
  | { state: "blocked"; reason: string; line: number; column: number };
