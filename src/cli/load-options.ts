import type { LoadOptions } from "../registry/load-registry.js";
import type { OptionSpec, ParsedArgs } from "./command.js";
import type { OptionHelp } from "./help/command-help.js";

/** Options of every command that loads a registry (check, build). */
export const loadOptionSpec: OptionSpec = {
  offline: { type: "boolean" },
  "cache-dir": { type: "string" },
};

export const loadOptionUsage = "[--offline] [--cache-dir DIR]";

export function loadOptionsOf(args: ParsedArgs): LoadOptions {
  const cacheDir = args.values["cache-dir"];
  return {
    offline: args.values.offline === true,
    ...(typeof cacheDir === "string" ? { cacheDir } : {}),
  };
}

export const loadOptionHelp: Record<string, OptionHelp> = {
  offline: { text: "use only sources already in the cache; never fetch a remote source" },
  "cache-dir": {
    value: "DIR",
    text: "where remote sources are cached",
    default: "<registry>/.agentc-cache/sources",
  },
};
