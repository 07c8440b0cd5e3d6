import { composeFile } from "../../compose/index.js";
import type { Conflict as ComposeConflict, OwnedEntry, OwnedRecord } from "../../compose/model.js";
import { valueHash } from "../../compose/value-hash.js";
import type { DesiredComposed } from "../../manifest/desired.js";
import { sha256 } from "../../shared/hash.js";
import type { ComposeSummary, Conflict, Content } from "../model/plan-model.js";
import type { ComposedRecord } from "../model/record.js";
import { onlyEmptyParents, ownedChanges, readShared } from "../project/shared-file.js";
import { fileLinkedFrom } from "./linked-file.js";
import type { PlanContext } from "./plan-context.js";

/** Compose conflicts that stop the install (nothing is written); the others are warnings. */
export const blockingKinds: ReadonlySet<string> = new Set([
  "unparseable",
  "blocked",
  "not-editable",
  "invalid-entry",
]);

/** The bytes of a project file the plan found to be a regular file (read without following links). */
export type ReadProjectFile = (path: string) => Buffer | undefined;

export interface ComposedPlan {
  warnings: Conflict[];
  records: ComposedRecord[];
}

/**
 * Shared files: composes the chosen components' entries into each file (and takes out what agentc owned
 * and no longer wants), planning one create, update, unchanged or remove per file. Runs after files and
 * links have claimed their paths, before leftovers, retired entries and empty folders are planned.
 */
export function planComposed(ctx: PlanContext, readFile: ReadProjectFile): ComposedPlan {
  const out: ComposedPlan = { warnings: [], records: [] };
  const before = new Map((ctx.record?.composed ?? []).map((c) => [c.path, c]));
  const wanted = new Map(ctx.desired.composed.map((c) => [c.path, c]));
  const paths = [...new Set([...wanted.keys(), ...before.keys()])].sort();
  for (const path of paths) planFile(ctx, readFile, path, wanted.get(path), before.get(path), out);
  return out;
}

function planFile(
  ctx: PlanContext,
  readFile: ReadProjectFile,
  path: string,
  want: DesiredComposed | undefined,
  before: ComposedRecord | undefined,
  out: ComposedPlan,
): void {
  const components = want?.components ?? before?.components ?? [];
  const format = want?.format ?? before?.format ?? "json";
  if (want && !before && linkHoldsComposed(ctx, readFile, path, want)) return;
  const current = claimAndRead(ctx, readFile, path, want, out);
  if (current === stop) return;
  const entries = want?.entries ?? [];
  const previous = before?.owned ?? [];
  const adopted = before ? (before.adopted ?? []) : ctx.takeImported ? asImported(want) : [];
  if (!before && !ctx.takeImported && current !== undefined && importedInAnotherForm(want))
    out.warnings.push({
      path,
      problem:
        "holds values agentc import read from it, which the registry now has in another form: they stay, and the new ones are added beside them",
      hint: "run again with --take-imported to have agentc replace them in place (uninstall gives them back)",
    });
  const result = composeFile(format, current, entries, previous, {
    containers: before?.containers ?? [],
    adopted,
  });
  result.adopted = markedImported(result.adopted ?? [], adopted, want);
  const blocking = result.conflicts.filter((c) => blockingKinds.has(c.kind));
  ctx.conflicts.push(...blocking.map((c) => planConflict(path, c)));
  out.warnings.push(
    ...result.conflicts.filter((c) => !blockingKinds.has(c.kind)).map((c) => planConflict(path, c)),
  );
  if (blocking.length > 0) return;
  const exists = current !== undefined;
  const created = exists ? (before?.created ?? false) : result.changed;
  const after = readShared(format, result.text);
  const compose: ComposeSummary = {
    format,
    components,
    changes: ownedChanges(readShared(format, current), after, entries, [...previous, ...adopted]),
  };
  if (entries.length === 0 && created && exists && onlyEmptyParents(after, previous)) {
    ctx.actions.push({ op: "remove", path, compose });
    ctx.vacated.add(path);
    return;
  }
  planWrite(ctx, path, result, exists, compose);
  if (entries.length > 0 || result.owned.length > 0) {
    const containers = result.containers ?? [];
    out.records.push({
      path,
      format,
      components,
      created,
      owned: result.owned,
      ...(containers.length > 0 && { containers }),
      ...(result.adopted?.length && { adopted: result.adopted }),
    });
  }
}

/**
 * On agentc's first compose into a file, the values the registry was imported from (a settings copy whose
 * core files were edited since): those still in the person's file count as adopted, so they are taken over in
 * place, as after an install made before the edit, instead of the new forms being added beside them (a hook
 * that would run twice).
 */
function asImported(want: DesiredComposed | undefined): OwnedRecord[] {
  return (want?.imported ?? []).map((entry) => ({
    path: entry.path,
    hash: valueHash(entry.value),
    ...(entry.element && { element: true }),
    imported: true,
  }));
}

/** Values import read that the registry no longer composes as they are (edited since). */
function importedInAnotherForm(want: DesiredComposed | undefined): boolean {
  const wanted = new Set((want?.entries ?? []).map(entryId));
  return (want?.imported ?? []).some((entry) => !wanted.has(entryId(entry)));
}

/**
 * The person's values adopted this time, each marked as imported when agentc import read it (the bundle's
 * `imported`, or a record that said so): such a string element may later give its place to the registry's
 * own form of it (ownership-plan.ts takeImportedLike), as after --take-imported.
 */
function markedImported(
  result: OwnedRecord[],
  adopted: readonly OwnedRecord[],
  want: DesiredComposed | undefined,
): OwnedRecord[] {
  const imported = new Set([
    ...adopted.filter((r) => r.imported).map(recordId),
    ...(want?.imported ?? []).map(entryId),
  ]);
  return result.map((r) => (imported.has(recordId(r)) ? { ...r, imported: true } : r));
}

const entryId = (entry: OwnedEntry): string =>
  JSON.stringify([entry.path, entry.element === true, valueHash(entry.value)]);
const recordId = (record: OwnedRecord): string =>
  JSON.stringify([record.path, record.element === true, record.hash]);

const stop = Symbol("stop");

/** Claims the path and reads the file's text (undefined: no file); `stop` after a conflict or when nothing is to do. */
function claimAndRead(
  ctx: PlanContext,
  readFile: ReadProjectFile,
  path: string,
  want: DesiredComposed | undefined,
  out: ComposedPlan,
): string | undefined | typeof stop {
  if (ctx.claimed.has(path)) {
    if (want)
      ctx.conflict(
        path,
        `is installed as a whole file and also composed into by ${want.components.join(", ")}`,
        "a shared file cannot be both; report it with the registry that produced the bundle",
      );
    return stop;
  }
  ctx.claimed.add(path);
  const onDisk = ctx.state.get(path);
  if ((!want && onDisk.type === "absent") || !ctx.writable(path)) return stop;
  if (onDisk.type === "absent") return undefined;
  if (onDisk.type !== "file") {
    const what =
      onDisk.type === "symlink"
        ? "a symbolic link (agentc never writes through links)"
        : "not a regular file";
    if (want)
      ctx.conflict(
        path,
        `agentc composes its values into this file, but it is ${what}`,
        "replace it with a regular file (or remove it) and run again",
      );
    else out.warnings.push(leftAlone(path, what));
    return stop;
  }
  const text = utf8(readFile(path));
  if (text !== null) return text;
  ctx.conflict(path, "is not UTF-8 text, so agentc cannot compose into it", "save it as UTF-8 and run again");
  return stop;
}

/**
 * A person's link (a settings file → ../mcp.json) whose file in the project already holds every value
 * agentc composes there: the link gives its assistant agentc's values, so it stays the person's, nothing is
 * written and nothing recorded. Where a value is missing, claimAndRead reports the link as a conflict:
 * agentc never writes through links.
 */
function linkHoldsComposed(
  ctx: PlanContext,
  readFile: ReadProjectFile,
  path: string,
  want: DesiredComposed,
): boolean {
  if (ctx.claimed.has(path) || ctx.state.get(path).type !== "symlink") return false;
  const target = fileLinkedFrom(ctx, path);
  const current = target === undefined ? undefined : utf8(readFile(target));
  if (current === undefined || current === null) return false;
  const result = composeFile(want.format, current, want.entries, []);
  if (result.changed || result.conflicts.length > 0) return false;
  ctx.claimed.add(path);
  ctx.actions.push({ op: "unchanged", path });
  return true;
}

/** Nothing is wanted in the file any more, but it is no longer a file agentc may edit. */
function leftAlone(path: string, what: string): Conflict {
  return {
    path,
    problem: `agentc's values in this file cannot be taken out: it is now ${what}; it is left alone and agentc forgets them`,
    hint: "Remove agentc's values by hand if you no longer want them.",
    kind: "kept-modified",
  };
}

function planWrite(
  ctx: PlanContext,
  path: string,
  result: { text: string; changed: boolean },
  exists: boolean,
  compose: ComposeSummary,
): void {
  if (!result.changed) {
    if (exists) ctx.actions.push({ op: "unchanged", path, compose });
    return;
  }
  const content: Content = { from: "text", text: result.text, sha256: sha256(result.text) };
  if (!exists) ctx.ensureParents(path, compose.components[0] ?? "");
  ctx.actions.push({ op: exists ? "update" : "create", path, content, executable: false, compose });
}

function planConflict(path: string, c: ComposeConflict): Conflict {
  return {
    path,
    problem: c.message,
    hint: c.hint,
    kind: c.kind,
    ...(c.line !== undefined ? { line: c.line, column: c.column ?? 1 } : {}),
  };
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The text of the file; null when it is not UTF-8; undefined when there is none. */
function utf8(bytes: Buffer | undefined): string | undefined | null {
  if (bytes === undefined) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}
