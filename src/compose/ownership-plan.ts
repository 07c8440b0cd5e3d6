import { blocked, invalidEntry, keptModified, notGivenBack, userModified, userWritten } from "./conflicts.js";
import type { Conflict, Found, KeyPath, OwnedEntry, OwnedRecord } from "./model.js";
import { jsonDataProblem, valueHash } from "./value-hash.js";

/** What a file format lets the ownership rules ask about the current file. */
export interface DocumentView {
  key(path: KeyPath): Found;
  /** Whether the array at `path` holds an element with this hash. */
  element(path: KeyPath, hash: string): Found;
  /**
   * The text of the value at `path` (of the element with this hash, for an array) as the file has it, when it
   * can be put back byte for byte (JSON; a TOML table written as sections of its own): only such a value is
   * taken over from the person.
   */
  text?(path: KeyPath, element?: string): string | undefined;
}

/** One edit; `owns` becomes an owned record once the edit is applied, `keeps` stays owned if it fails. */
export type Step =
  | { op: "set"; entry: OwnedEntry; owns: OwnedRecord; keeps?: OwnedRecord }
  | { op: "append"; entry: OwnedEntry; owns: OwnedRecord }
  /** an element agentc takes over: the person's adopted one (or its own that took one over) replaced in place */
  | { op: "replace"; entry: OwnedEntry; owns: OwnedRecord; replaces: OwnedRecord; keeps?: OwnedRecord }
  | { op: "delete"; record: OwnedRecord }
  | { op: "drop-element"; record: OwnedRecord }
  /** the person's value agentc took over goes back in place of agentc's: `record.original` */
  | { op: "give-back"; record: OwnedRecord };

export interface Plan {
  /** Removals first (in the order of the previous records), then writes in the order of the entries. */
  steps: Step[];
  /** Records that stay owned without any edit. */
  owned: OwnedRecord[];
  conflicts: Conflict[];
  /** The person's values equal to an entry agentc wants, that agentc does not own (adopted). */
  adopted: OwnedRecord[];
}

const identity = (path: KeyPath, element: boolean | undefined, hash = ""): string =>
  `${element ? "e" : "k"}${JSON.stringify(path)}${element ? hash : ""}`;

/**
 * The ownership rules, the same for every file format: agentc replaces or removes only values it
 * wrote and that still hash to what it wrote; everything else stays and may become a conflict.
 * `adopted` are the person's values that were equal to agentc's entries at the last compose: when the entry
 * changes and the value is still as adopted, agentc takes it over in place (a key: the same key; an element:
 * one of the new elements at the same array), keeping its text as `original` to give back when it lets go.
 */
export function planComposition(
  desired: OwnedEntry[],
  previous: OwnedRecord[],
  view: DocumentView,
  formatProblem: (entry: OwnedEntry) => string | undefined,
  adopted: OwnedRecord[] = [],
): Plan {
  const plan: Plan = { steps: [], owned: [], conflicts: [], adopted: [] };
  const { wanted, invalid, records } = validEntries(desired, formatProblem, plan.conflicts);
  const previousById = new Map(previous.map((r) => [identity(r.path, r.element, r.hash), r]));
  const takeable: OwnedRecord[] = [];
  for (const record of previous) {
    const id = identity(record.path, record.element, record.hash);
    if (wanted.has(id)) continue;
    if (invalid.has(id)) plan.owned.push(record);
    else if (record.element && record.original !== undefined && isPresent(view, record))
      takeable.push(record);
    else planRelease(record, view, plan);
  }
  const adoptedById = new Map<string, OwnedRecord>();
  for (const record of view.text ? adopted : []) {
    const id = identity(record.path, record.element, record.hash);
    if (previousById.has(id)) continue;
    if (!record.element) adoptedById.set(id, record);
    else if (!wanted.has(id) && isPresent(view, record)) takeable.push(record);
  }
  takeable.sort((a, b) => position(view, a) - position(view, b));
  const released = afterDeletes(view, plan.steps);
  for (const entry of records) {
    const hash = valueHash(entry.value);
    const id = identity(entry.path, entry.element, hash);
    const before = previousById.get(id);
    if (entry.element) planElement(entry, hash, before, released, plan, takeable);
    else planKey(entry, hash, before, before ? undefined : adoptedById.get(id), released, plan);
  }
  for (const record of takeable) if (record.original !== undefined) planRelease(record, view, plan);
  return plan;
}

/** Where a present element starts, comparable across the file. */
function position(view: DocumentView, record: OwnedRecord): number {
  const found = view.element(record.path, record.hash);
  return found.state === "present" ? found.line * 1e6 + found.column : 0;
}

function isPresent(view: DocumentView, record: OwnedRecord): boolean {
  const found = record.element ? view.element(record.path, record.hash) : view.key(record.path);
  return found.state === "present" && found.hash === record.hash;
}

/** The owned record of a value, carrying the person's original of the value it follows. */
function owning(path: KeyPath, hash: string, element: boolean, before: OwnedRecord | undefined): OwnedRecord {
  return {
    path,
    hash,
    ...(element && { element: true }),
    ...(before?.original !== undefined && { original: before.original }),
  };
}

function validEntries(
  desired: OwnedEntry[],
  formatProblem: (entry: OwnedEntry) => string | undefined,
  conflicts: Conflict[],
): { wanted: Set<string>; invalid: Set<string>; records: OwnedEntry[] } {
  const wanted = new Set<string>();
  const invalid = new Set<string>();
  const records: OwnedEntry[] = [];
  for (const entry of desired) {
    const problem = entryProblem(entry, records) ?? formatProblem(entry);
    if (problem) {
      conflicts.push(invalidEntry(entry.path, problem));
      if (!entry.element) invalid.add(identity(entry.path, false));
      continue;
    }
    const id = identity(entry.path, entry.element, valueHash(entry.value));
    if (wanted.has(id)) continue;
    wanted.add(id);
    records.push(entry);
  }
  return { wanted, invalid, records };
}

function entryProblem(entry: OwnedEntry, accepted: OwnedEntry[]): string | undefined {
  if (entry.path.length === 0) return "the path is empty";
  if (entry.path.some((segment) => typeof segment === "number"))
    return "array indices are not owned by position; own array elements with `element: true`";
  const dataProblem = jsonDataProblem(entry.value);
  if (dataProblem) return dataProblem;
  const clash = accepted.find((other) => overlaps(other, entry));
  return clash ? `it overlaps the entry for ${JSON.stringify(clash.path)}` : undefined;
}

function overlaps(a: OwnedEntry, b: OwnedEntry): boolean {
  const [short, long] = a.path.length <= b.path.length ? [a, b] : [b, a];
  const prefix = short.path.every((segment, i) => long.path[i] === segment);
  if (!prefix) return false;
  if (a.path.length === b.path.length) return !(a.element && b.element);
  return true;
}

/** The file as the entries will find it: values under a path agentc deletes first are gone. */
function afterDeletes(view: DocumentView, steps: Step[]): DocumentView {
  const deleted = steps.flatMap((step) => (step.op === "delete" ? [step.record.path] : []));
  const gone = (path: KeyPath) =>
    deleted.some((d) => d.length <= path.length && d.every((s, i) => path[i] === s));
  return {
    key: (path) => (gone(path) ? { state: "missing" } : view.key(path)),
    element: (path, hash) => (gone(path) ? { state: "missing" } : view.element(path, hash)),
    ...(view.text && { text: (path, hash) => (gone(path) ? undefined : view.text?.(path, hash)) }),
  };
}

function planRelease(record: OwnedRecord, view: DocumentView, plan: Plan): void {
  const found = record.element ? view.element(record.path, record.hash) : view.key(record.path);
  if (record.original !== undefined) {
    if (found.state === "present" && found.hash === record.hash) plan.steps.push({ op: "give-back", record });
    else plan.conflicts.push(notGivenBack(record.path, record.original, found));
    return;
  }
  if (found.state !== "present") return;
  if (record.element) plan.steps.push({ op: "drop-element", record });
  else if (found.hash === record.hash) plan.steps.push({ op: "delete", record });
  else plan.conflicts.push(keptModified(record.path, found));
}

/** One key agentc wants; `before` is what agentc wrote there, `adopted` the person's value it adopted there. */
function planKey(
  entry: OwnedEntry,
  hash: string,
  before: OwnedRecord | undefined,
  adopted: OwnedRecord | undefined,
  view: DocumentView,
  plan: Plan,
) {
  const owns = owning(entry.path, hash, false, before);
  const found = view.key(entry.path);
  if (found.state === "blocked") {
    plan.conflicts.push(blocked(entry.path, found));
    if (before) plan.owned.push(before);
  } else if (found.state === "missing")
    plan.steps.push({ op: "set", entry, owns, ...(before && { keeps: before }) });
  else if (found.hash === hash) {
    if (before) plan.owned.push(owns);
    else plan.adopted.push({ path: entry.path, hash });
  } else if (!before) {
    const original = found.hash === adopted?.hash ? view.text?.(entry.path) : undefined;
    if (original === undefined) plan.conflicts.push(userWritten(entry.path, found));
    else plan.steps.push({ op: "set", entry, owns: { ...owns, original } });
  } else if (found.hash === before.hash) plan.steps.push({ op: "set", entry, owns, keeps: before });
  else {
    plan.conflicts.push(userModified(entry.path, found));
    plan.owned.push(before);
  }
}

function planElement(
  entry: OwnedEntry,
  hash: string,
  before: OwnedRecord | undefined,
  view: DocumentView,
  plan: Plan,
  takeable: OwnedRecord[],
) {
  const owns = owning(entry.path, hash, true, before);
  const found = view.element(entry.path, hash);
  if (found.state === "blocked") {
    plan.conflicts.push(blocked(entry.path, found));
    if (before) plan.owned.push(before);
  } else if (found.state === "missing") {
    const replaces = before
      ? undefined
      : isObject(entry.value)
        ? takeOne(takeable, entry.path)
        : takeImportedLike(takeable, entry, view);
    const original = replaces && (replaces.original ?? view.text?.(replaces.path, replaces.hash));
    if (!replaces || original === undefined) plan.steps.push({ op: "append", entry, owns });
    else
      plan.steps.push({
        op: "replace",
        entry,
        owns: { ...owns, original },
        replaces,
        ...(replaces.original !== undefined && { keeps: replaces }),
      });
  } else if (before) plan.owned.push(owns);
  else plan.adopted.push({ path: entry.path, hash, element: true });
}

/**
 * A new element takes the place of a released one only when both are objects (a hook, a server): a string
 * element (a permission rule) is its own identity, and a person's rule is never replaced by another one,
 * unless agentc import read it and the person had agentc take it over (takeImportedLike).
 */
const isObject = (value: unknown): boolean =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * For a string element, the imported one (OwnedRecord.imported) at the same array it may take the place of:
 * of those written with the same text up to its first "(" (the same tool: `Bash(`), the one sharing the
 * longest start with it (`Bash(just *)` for `Bash(just:*)`), taken out of the list.
 */
function takeImportedLike(
  takeable: OwnedRecord[],
  entry: OwnedEntry,
  view: DocumentView,
): OwnedRecord | undefined {
  if (typeof entry.value !== "string" || !view.text) return undefined;
  const wanted = JSON.stringify(entry.value);
  const kind = wanted.indexOf("(") + 1;
  let best = -1;
  let bestShared = 0;
  for (const [index, record] of takeable.entries()) {
    if (!record.imported || !samePath(record.path, entry.path)) continue;
    const text = view.text(record.path, record.hash);
    if (text === undefined || !text.startsWith('"')) continue;
    const shared = sharedStart(wanted, text);
    if (shared > bestShared && shared >= kind) [best, bestShared] = [index, shared];
  }
  return best < 0 ? undefined : takeable.splice(best, 1)[0];
}

function sharedStart(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** The first value (in file order) a new element at `path` may take the place of, taken out of the list. */
function takeOne(takeable: OwnedRecord[], path: KeyPath): OwnedRecord | undefined {
  const at = takeable.findIndex((r) => samePath(r.path, path));
  return at < 0 ? undefined : takeable.splice(at, 1)[0];
}

const samePath = (a: KeyPath, b: KeyPath): boolean => a.length === b.length && a.every((s, i) => s === b[i]);
