import type { Position } from "../../diagnostics/diagnostic.js";
import { sections } from "../../packs/index.js";
import type { CapabilityRow, Enforcement, PromiseKind } from "../../packs/shared/capability.js";
import type { SecondLine } from "../../packs/shared/second-line.js";
import { acceptanceOf, cannotExpressCheck } from "../../registry/accepted-losses.js";
import type { AcceptedLoss } from "../../registry/model.js";

/** Every promise kind with its heading, in the order the matrix shows them (the sections' kinds by rank). */
export const promiseKindTitles = Object.fromEntries(
  sections
    .flatMap((section) => section.matrix ?? [])
    .sort((a, b) => a.rank - b.rank)
    .map(({ kind, title }) => [kind, title]),
) as Record<PromiseKind, string>;

export const promiseKinds = Object.keys(promiseKindTitles) as PromiseKind[];

/** Every level with what it means, strongest first, as CAPABILITIES.md and the registry page explain it. */
export const enforcementMeanings: Readonly<Record<Enforcement, string>> = {
  enforced: "the client blocks what the promise forbids, or keeps the promise by itself, technically.",
  partial:
    "the client blocks technically, but only what it can see or only in some of its front ends; the reason says what gets through.",
  instruction: "the client only reads the promise as text in its context; the model may not follow it.",
  cannot: `the client has no way to express the promise; the build warned about it (${cannotExpressCheck}).`,
};

/** Weakest first: when one client reports a promise twice, the weaker answer is the true one. */
export const enforcementLevels = (Object.keys(enforcementMeanings) as Enforcement[]).reverse();

/** Counts of zero for every level, strongest first. */
export function noEnforcements(): EnforcementCounts {
  return Object.fromEntries(Object.keys(enforcementMeanings).map((level) => [level, 0])) as EnforcementCounts;
}

/** Strongest first: the order in which documents list the levels. */
export const levelsStrongestFirst: readonly Enforcement[] = [...enforcementLevels].reverse();

export interface MatrixCell {
  enforcement: Enforcement;
  reason: string;
  /** The client pack's fact (facts.<id>) the cell rests on, when it names one. */
  fact?: string;
  /** A "cannot" the registry accepts (targets.json accepted_losses): its reason. */
  accepted?: string;
}

/** One promise of the registry and how each client keeps it (a client without a row has no cell). */
export interface MatrixPromise {
  kind: PromiseKind;
  promise: string;
  source: Position;
  cells: Record<string, MatrixCell>;
}

export type EnforcementCounts = Record<Enforcement, number>;

/** Promises × clients, in a stable order: kinds as listed above, then by source position and text. */
export interface CapabilityMatrix {
  /** Client ids, sorted. */
  clients: string[];
  promises: MatrixPromise[];
  /** client → kind → how many promises of that kind it keeps at each level. */
  summary: Record<string, Partial<Record<PromiseKind, EnforcementCounts>>>;
  /** client → whether its operating system refuses a read the guard misses (docs/guard.md), when given. */
  secondLine?: Record<string, SecondLine>;
}

/** The matrix of some rows; `clients` narrows it (and fixes which clients appear even without rows). */
export function capabilityMatrix(
  rows: readonly CapabilityRow[],
  clients?: readonly string[],
  accepted?: readonly AcceptedLoss[],
  lines?: Readonly<Record<string, SecondLine>>,
): CapabilityMatrix {
  const chosen = clients ? new Set(clients) : undefined;
  const kept = rows.filter((r) => !chosen || chosen.has(r.client));
  const ids = [...new Set([...(clients ?? []), ...kept.map((r) => r.client)])].sort(byCodePoint);
  const byPromise = new Map<string, MatrixPromise>();
  for (const row of kept) {
    const key = promiseKey(row);
    const promise = byPromise.get(key) ?? {
      kind: row.kind,
      promise: row.promise,
      source: row.source,
      cells: {},
    };
    byPromise.set(key, promise);
    promise.cells[row.client] = mergeCells(promise.cells[row.client], row);
  }
  const promises = [...byPromise.values()].sort(comparePromises);
  for (const p of promises) p.cells = markAccepted(inClientOrder(p.cells, ids), p.promise, accepted);
  const summary = summarise(promises, ids);
  if (!lines) return { clients: ids, promises, summary };
  const secondLine = Object.fromEntries(ids.flatMap((id) => (lines[id] ? [[id, lines[id]]] : [])));
  return { clients: ids, promises, summary, secondLine };
}

/** Whether any chosen client cannot express a promise the registry has not accepted (`agentc matrix --check`). */
export function hasCannot(matrix: CapabilityMatrix): boolean {
  return matrix.promises.some((p) =>
    Object.values(p.cells).some((c) => c.enforcement === "cannot" && c.accepted === undefined),
  );
}

function promiseKey(row: CapabilityRow): string {
  const { file, line, column } = row.source;
  return JSON.stringify([row.kind, row.promise, file, line, column]);
}

function mergeCells(earlier: MatrixCell | undefined, row: CapabilityRow): MatrixCell {
  const cell: MatrixCell = {
    enforcement: row.enforcement,
    reason: row.reason,
    ...(row.fact ? { fact: row.fact } : {}),
  };
  if (!earlier) return cell;
  const rank = (c: MatrixCell) => enforcementLevels.indexOf(c.enforcement);
  if (rank(earlier) !== rank(cell)) return rank(earlier) < rank(cell) ? earlier : cell;
  if (earlier.reason === cell.reason) return earlier;
  return {
    ...earlier,
    reason: [earlier.reason, cell.reason].sort(byCodePoint).join("; "),
  };
}

function comparePromises(a: MatrixPromise, b: MatrixPromise): number {
  return (
    promiseKinds.indexOf(a.kind) - promiseKinds.indexOf(b.kind) ||
    byCodePoint(a.source.file, b.source.file) ||
    a.source.line - b.source.line ||
    a.source.column - b.source.column ||
    byCodePoint(a.promise, b.promise)
  );
}

/** Each "cannot" cell the registry accepts carries the reason it gave. */
function markAccepted(
  cells: Record<string, MatrixCell>,
  promise: string,
  accepted: readonly AcceptedLoss[] | undefined,
): Record<string, MatrixCell> {
  if (!accepted?.length) return cells;
  for (const [client, cell] of Object.entries(cells)) {
    if (cell.enforcement !== "cannot") continue;
    const found = acceptanceOf(accepted, cannotExpressCheck, { client, promise });
    if (found) cells[client] = { ...cell, accepted: found.reason };
  }
  return cells;
}

function inClientOrder(
  cells: Record<string, MatrixCell>,
  ids: readonly string[],
): Record<string, MatrixCell> {
  const ordered: Record<string, MatrixCell> = {};
  for (const id of ids) {
    const cell = cells[id];
    if (cell) ordered[id] = cell;
  }
  return ordered;
}

function summarise(promises: readonly MatrixPromise[], ids: readonly string[]): CapabilityMatrix["summary"] {
  const summary: CapabilityMatrix["summary"] = Object.fromEntries(ids.map((id) => [id, {}]));
  for (const p of promises) {
    for (const [client, cell] of Object.entries(p.cells)) {
      const perKind = summary[client] ?? {};
      const counts = perKind[p.kind] ?? noEnforcements();
      counts[cell.enforcement] += 1;
      perKind[p.kind] = counts;
      summary[client] = perKind;
    }
  }
  return summary;
}

export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
