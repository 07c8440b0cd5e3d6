import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { misfitFieldFindings } from "./checks/hook-fields-fit-event.js";
import { loadCoreJson } from "./core-json.js";
import type { CoreHook, HookEvent, Verb } from "./model.js";

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
    const misfits = misfitFieldFindings(hook, (field) => document.positionOf(["hooks", index, field], "key"));
    diagnostics.push(...misfits);
    if (misfits.length > 0) return [];
    return [toHook(hook, document.positionOf(["hooks", index]))];
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
