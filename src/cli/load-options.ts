import type { CompileOptions } from "../pipeline/compile.js";
import type { OptionSpec, ParsedArgs } from "./command.js";
import type { OptionHelp } from "./help/command-help.js";
import { ociSources } from "./oci-sources.js";

/** Options of every command that loads a registry (check, build, matrix). */
export const loadOptionSpec: OptionSpec = {
  offline: { type: "boolean" },
  frozen: { type: "boolean" },
  "cache-dir": { type: "string" },
  strict: { type: "boolean" },
  verbose: { type: "boolean" },
};

export const loadOptionUsage = "[--offline] [--frozen] [--cache-dir DIR] [--strict] [--verbose]";

export function loadOptionsOf(args: ParsedArgs): CompileOptions {
  const cacheDir = args.values["cache-dir"];
  return {
    offline: args.values.offline === true,
    oci: ociSources,
    ...(args.values.frozen === true ? { frozen: true } : {}),
    ...(typeof cacheDir === "string" ? { cacheDir } : {}),
    ...(args.values.strict === true ? { strict: true } : {}),
  };
}

export const loadOptionHelp: Record<string, OptionHelp> = {
  offline: { text: "use only sources already in the cache; never fetch a remote source" },
  frozen: {
    text: "dependencies: check each locked ref upstream and fail when agentc.lock would change; never write it (for CI)",
  },
  "cache-dir": {
    value: "DIR",
    text: "where remote sources and dependencies are cached",
    default: "<registry>/.agentc-cache/sources",
  },
  strict: {
    text: "a client limit that targets.json does not accept (accepted_losses) is an error, for CI",
    default: 'targets.json "strict_losses", else off',
  },
  verbose: { text: "print every diagnostic in full, client limits and infos included" },
};
