import type { ClientPack, HookMapping } from "../clients/model.js";
import { neutralEvent, reverseHookEntries } from "../clients/reverse-hooks.js";
import { guardArguments } from "../emit/clients/guard-wiring.js";
import { withRuntimePlaceholders } from "../packs/shared/pack-text.js";
import { valueAt } from "../packs/shared/value-at.js";
import { isObject } from "../shared/json-shape.js";
import type { ImportedHook } from "./model.js";
import type { ReadContext } from "./read-context.js";
import type { SettingsDocument } from "./settings-document.js";
import { extrasAgree, unowned } from "./settings-values.js";

/**
 * The hooks under the pack's key → neutral hooks; the secret guard's own entry only says that the guard
 * was installed. A hook a client files under one event per verb is one hook with those verbs again.
 */
export function readHooks(
  ctx: ReadContext,
  pack: ClientPack,
  mapping: HookMapping,
  document: SettingsDocument,
): string[] {
  const top = extrasAgree(ctx, document, [], mapping.file_extra, document.value);
  const container = valueAt(document.value, mapping.key);
  if (container === undefined) return top;
  if (!isObject(container)) {
    unowned(ctx, document, mapping.key, "is not an object of hook events");
    return [...top, String(mapping.key[0])];
  }
  for (const [name, entries] of Object.entries(container)) {
    const path = [...mapping.key, name];
    const on = neutralEvent(mapping, name);
    if (!on) unowned(ctx, document, path, `is an event ${ctx.assistant} has and the core has not`);
    else if (!Array.isArray(entries)) unowned(ctx, document, path, "is not a list of hooks");
    else
      for (const [index, entry] of entries.entries())
        readEntry(ctx, pack, mapping, document, on, [...path, index], entry);
  }
  return [...top, String(mapping.key[0])];
}

function readEntry(
  ctx: ReadContext,
  pack: ClientPack,
  mapping: HookMapping,
  document: SettingsDocument,
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
    if ("guard" in reading) ctx.items.guard = true;
    else if ("problem" in reading) unowned(ctx, document, path, reading.problem);
    else {
      for (const lost of reading.lost) unowned(ctx, document, [...path, ...lost.path], lost.message);
      addHook(ctx.items.hooks, reading.hook, on.verbs !== undefined);
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

/** The guard's command as the build writes it (src/emit/clients/guard-wiring.ts). */
function guardCommand(pack: ClientPack, mapping: HookMapping): string | undefined {
  if (!pack.guard) return undefined;
  const path = withRuntimePlaceholders(pack, pack.guard.path);
  const dir = mapping.hook_project_dir_var;
  const anchored = dir === undefined ? path : `"$${dir}/${path}"`;
  const command = withRuntimePlaceholders(pack, pack.guard.command).split("{path}").join(anchored);
  return `${command}${guardArguments(pack.guard, mapping)}`;
}
