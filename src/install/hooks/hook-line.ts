import { splitLine } from "../manifest-lines.js";

export type HookEvent = "retire" | "soul-scaffold" | "spawn";

/** A component's `capability.hooks` line: "<event> :: required|optional :: <command>". */
export interface HookLine {
  event: HookEvent;
  required: boolean;
  command: string;
}

const events: readonly string[] = ["retire", "soul-scaffold", "spawn"] satisfies HookEvent[];

/** The line's parts, or undefined when it breaks the contract (only a spawn hook can be required). */
export function hookLine(line: string): HookLine | undefined {
  const [event, need, command] = splitLine(line, 3) ?? [];
  if (event === undefined || need === undefined || !command) return undefined;
  if (!events.includes(event) || (need !== "required" && need !== "optional")) return undefined;
  const required = need === "required";
  if (required && event !== "spawn") return undefined;
  return { event: event as HookEvent, required, command };
}
