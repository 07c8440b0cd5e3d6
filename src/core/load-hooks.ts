import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { JsonDocument } from "../documents/json-document.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { hookFieldsFitEvent } from "./checks/hook-fields-fit-event.js";
import { loadCoreJson } from "./core-json.js";
import { blockingEvents, type CoreHook, type HookEvent, toolEvents, type Verb } from "./model.js";

export const hooksFile = "core/hooks.json";

interface WrittenHook {
  event: HookEvent;
  verbs?: Verb[];
  command: string;
  timeout?: number;
  fail_closed?: boolean;
  description?: string;
  clients?: string[];
}

/** core/hooks.json: commands run at neutral events, in the order written. */
export function loadHooks(reader: RegistryReader, diagnostics: Diagnostic[]): CoreHook[] {
  const document = loadCoreJson(reader, hooksFile, "core-hooks", diagnostics);
  if (!document) return [];
  const written = (document.value as { hooks: WrittenHook[] }).hooks;
  return written.flatMap((hook, index) => {
    const misfits = misfitFields(hook);
    for (const field of misfits) diagnostics.push(misfit(hook, field, document, index));
    if (misfits.length > 0) return [];
    return [toHook(hook, document.positionOf(["hooks", index]))];
  });
}

function misfitFields(hook: WrittenHook): ("verbs" | "fail_closed")[] {
  const fields: ("verbs" | "fail_closed")[] = [];
  if (hook.verbs !== undefined && !toolEvents.includes(hook.event)) fields.push("verbs");
  if (hook.fail_closed === true && !blockingEvents.includes(hook.event)) fields.push("fail_closed");
  return fields;
}

function misfit(hook: WrittenHook, field: "verbs" | "fail_closed", document: JsonDocument, index: number) {
  const events = field === "verbs" ? toolEvents : blockingEvents;
  return diagnostic(hookFieldsFitEvent, {
    position: document.positionOf(["hooks", index, field], "key"),
    message: `"${field}" has no meaning for event "${hook.event}"; only ${events.join(", ")} take it`,
  });
}

function toHook(hook: WrittenHook, position: CoreHook["position"]): CoreHook {
  return {
    event: hook.event,
    ...(hook.verbs ? { verbs: hook.verbs } : {}),
    command: hook.command,
    ...(hook.timeout !== undefined ? { timeout: hook.timeout } : {}),
    failClosed: hook.fail_closed ?? false,
    ...(hook.description ? { description: hook.description } : {}),
    ...(hook.clients ? { clients: hook.clients } : {}),
    position,
  };
}
