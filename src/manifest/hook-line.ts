import { type CapabilityHook, hookEvents } from "../capabilities/model.js";
import { splitLine } from "../shared/line-codec.js";

/**
 * A manifest.json hook line (written by hookLine in src/capabilities/capability-hooks.ts) read back, or undefined when it breaks the
 * contract: an unknown event, an empty command, a required hook other than spawn.
 */
export function parseHookLine(line: string): CapabilityHook | undefined {
  const [event, need, command] = splitLine(line, 3) ?? [];
  const known = hookEvents.find((e) => e === event);
  if (!known || !command || (need !== "required" && need !== "optional")) return undefined;
  const required = need === "required";
  if (required && known !== "spawn") return undefined;
  return { event: known, required, command };
}
