import type { CompileOptions } from "../pipeline/compile.js";
import type { OptionSpec, ParsedArgs } from "./command.js";

/** Options of every command that loads a registry (check, build, matrix). */
export const loadOptionSpec: OptionSpec = {
  offline: { type: "boolean" },
  "cache-dir": { type: "string" },
  strict: { type: "boolean" },
  verbose: { type: "boolean" },
};

export const loadOptionUsage = "[--offline] [--cache-dir DIR] [--strict] [--verbose]";

export function loadOptionsOf(args: ParsedArgs): CompileOptions {
  const cacheDir = args.values["cache-dir"];
  return {
    offline: args.values.offline === true,
    ...(typeof cacheDir === "string" ? { cacheDir } : {}),
    ...(args.values.strict === true ? { strict: true } : {}),
  };
}
