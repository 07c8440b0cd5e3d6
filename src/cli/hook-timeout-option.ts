import { defaultHookTimeoutMs } from "../install/index.js";
import type { CliOption } from "./cli-option.js";
import { type ParsedArgs, UsageError } from "./command.js";

/** --hook-timeout SECONDS: how long one capability hook may run (default 60). */
export function hookTimeoutMs(args: ParsedArgs): number {
  const given = args.values["hook-timeout"];
  if (typeof given !== "string") return defaultHookTimeoutMs;
  const seconds = Number(given);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 86_400)
    throw new UsageError(`--hook-timeout expects a number of seconds between 0 and 86400, got "${given}"`);
  return Math.round(seconds * 1000);
}

export const hookTimeoutOptions: Record<"hook-timeout", CliOption> = {
  "hook-timeout": {
    value: "SECONDS",
    text: "how long one capability hook may run before it is stopped",
    default: "60",
  },
};
