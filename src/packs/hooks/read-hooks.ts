import { isObject } from "../../shared/json-shape.js";
import type { ReadDocument, ReadReport } from "../section.js";
import { valueAt } from "../shared/value-at.js";
import { guardCommand } from "./guard-command.js";
import type { HookMapping, HooksFound, HooksPack, ImportedHook } from "./model.js";
import { neutralEvent, reverseHookEntries } from "./read.js";

/**
 * The hooks under the pack's key → neutral hooks; the secret guard's own entry only says that the guard
 * was installed. A hook a client files under one event per verb is one hook with those verbs again.
 */
export function readHooks(
  pack: HooksPack,
  mapping: HookMapping,
  document: ReadDocument,
  report: ReadReport,
  found: HooksFound,
): string[] {
  const top = report.extrasAgree([], mapping.file_extra, document.value);
  const container = valueAt(document.value, mapping.key);
  if (container === undefined) return top;
  if (!isObject(container)) {
    report.unowned(mapping.key, "is not an object of hook events");
    return [...top, String(mapping.key[0])];
  }
  for (const [name, entries] of Object.entries(container)) {
    const path = [...mapping.key, name];
    const on = neutralEvent(mapping, name);
    if (!on) report.unowned(path, `is an event ${report.assistant} has and the core has not`);
    else if (!Array.isArray(entries)) report.unowned(path, "is not a list of hooks");
    else
      for (const [index, entry] of entries.entries())
        readEntry({ pack, mapping, document, report, found }, on, [...path, index], entry);
  }
  return [...top, String(mapping.key[0])];
}

/** What reading one hooks file needs. */
interface HooksReading {
  pack: HooksPack;
  mapping: HookMapping;
  document: ReadDocument;
  report: ReadReport;
  found: HooksFound;
}

function readEntry(
  { pack, mapping, document, report, found }: HooksReading,
  on: NonNullable<ReturnType<typeof neutralEvent>>,
  path: (string | number)[],
  entry: unknown,
): void {
  for (const reading of reverseHookEntries(
    mapping,
    on,
    entry,
    document.positionOf(path),
    guardCommand(pack, mapping),
  )) {
    if ("guard" in reading) found.guard = true;
    else if ("problem" in reading) report.unowned(path, reading.problem);
    else {
      for (const lost of reading.lost) report.unowned([...path, ...lost.path], lost.message);
      addHook(found.hooks, reading.hook, on.verbs !== undefined);
    }
  }
}

/** The same command under another per-verb event of one client joins the hook's verbs. */
function addHook(hooks: ImportedHook[], hook: ImportedHook, byVerb: boolean): void {
  const same = byVerb
    ? hooks.find(
        (h) =>
          h.event === hook.event &&
          h.command === hook.command &&
          h.timeout === hook.timeout &&
          Array.isArray(h.verbs),
      )
    : undefined;
  if (same && Array.isArray(same.verbs) && Array.isArray(hook.verbs))
    same.verbs = [...new Set([...same.verbs, ...hook.verbs])];
  else hooks.push(hook);
}
