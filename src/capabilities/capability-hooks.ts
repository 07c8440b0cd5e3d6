import { pair } from "../shared/line-codec.js";
import { type CapabilityHook, type CapabilityManifest, hookEvents } from "./model.js";

/** The declared hooks in event order; a hook given as a plain string is optional. */
export function capabilityHooks(manifest: CapabilityManifest): CapabilityHook[] {
  return hookEvents.flatMap((event) => {
    const written = manifest.hooks?.[event];
    if (written === undefined) return [];
    if (typeof written === "string") return [{ event, command: written, required: false }];
    return [{ event, command: written.command, required: written.required ?? false }];
  });
}

/** "<event> :: required|optional :: <command>", the manifest.json form. */
export function hookLine(hook: CapabilityHook): string {
  return pair(pair(hook.event, hook.required ? "required" : "optional"), hook.command);
}
