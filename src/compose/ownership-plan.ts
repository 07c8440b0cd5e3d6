import { blocked, invalidEntry, keptModified, userModified, userWritten } from "./conflicts.js";
import type { Conflict, Found, KeyPath, OwnedEntry, OwnedRecord } from "./model.js";
import { jsonDataProblem, valueHash } from "./value-hash.js";

/** What a file format lets the ownership rules ask about the current file. */
export interface DocumentView {
  key(path: KeyPath): Found;
  /** Whether the array at `path` holds an element with this hash. */
  element(path: KeyPath, hash: string): Found;
}

/** One edit; `owns` becomes an owned record once the edit is applied, `keeps` stays owned if it fails. */
export type Step =
  | { op: "set"; entry: OwnedEntry; owns: OwnedRecord; keeps?: OwnedRecord }
  | { op: "append"; entry: OwnedEntry; owns: OwnedRecord }
  | { op: "delete"; record: OwnedRecord }
  | { op: "drop-element"; record: OwnedRecord };

export interface Plan {
  /** Removals first (in the order of the previous records), then writes in the order of the entries. */
  steps: Step[];
  /** Records that stay owned without any edit. */
  owned: OwnedRecord[];
  conflicts: Conflict[];
}

const identity = (path: KeyPath, element: boolean | undefined, hash = ""): string =>
  `${element ? "e" : "k"}${JSON.stringify(path)}${element ? hash : ""}`;

/**
 * The ownership rules, the same for every file format: agentc replaces or removes only values it
 * wrote and that still hash to what it wrote; everything else stays and may become a conflict.
 */
export function planComposition(
  desired: OwnedEntry[],
  previous: OwnedRecord[],
  view: DocumentView,
  formatProblem: (entry: OwnedEntry) => string | undefined,
): Plan {
  const plan: Plan = { steps: [], owned: [], conflicts: [] };
  const { wanted, invalid, records } = validEntries(desired, formatProblem, plan.conflicts);
  const previousById = new Map(previous.map((r) => [identity(r.path, r.element, r.hash), r]));
  for (const record of previous) {
    const id = identity(record.path, record.element, record.hash);
    if (wanted.has(id)) continue;
    if (invalid.has(id)) plan.owned.push(record);
    else planRelease(record, view, plan);
  }
  const released = afterDeletes(view, plan.steps);
  for (const entry of records) {
    const hash = valueHash(entry.value);
    const before = previousById.get(identity(entry.path, entry.element, hash));
    if (entry.element) planElement(entry, hash, before, released, plan);
    else planKey(entry, hash, before, released, plan);
  }
  return plan;
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
  };
}

function planRelease(record: OwnedRecord, view: DocumentView, plan: Plan): void {
  const found = record.element ? view.element(record.path, record.hash) : view.key(record.path);
  if (found.state !== "present") return;
  if (record.element) plan.steps.push({ op: "drop-element", record });
  else if (found.hash === record.hash) plan.steps.push({ op: "delete", record });
  else plan.conflicts.push(keptModified(record.path, found));
}

function planKey(
  entry: OwnedEntry,
  hash: string,
  before: OwnedRecord | undefined,
  view: DocumentView,
  plan: Plan,
) {
  const owns = { path: entry.path, hash };
  const found = view.key(entry.path);
  if (found.state === "blocked") {
    plan.conflicts.push(blocked(entry.path, found));
    if (before) plan.owned.push(before);
  } else if (found.state === "missing")
    plan.steps.push({ op: "set", entry, owns, ...(before && { keeps: before }) });
  else if (found.hash === hash) {
    if (before) plan.owned.push(owns);
  } else if (!before) plan.conflicts.push(userWritten(entry.path, found));
  else if (found.hash === before.hash) plan.steps.push({ op: "set", entry, owns, keeps: before });
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
) {
  const owns = { path: entry.path, hash, element: true };
  const found = view.element(entry.path, hash);
  if (found.state === "blocked") {
    plan.conflicts.push(blocked(entry.path, found));
    if (before) plan.owned.push(before);
  } else if (found.state === "missing") plan.steps.push({ op: "append", entry, owns });
  else if (before) plan.owned.push(owns);
}
