import type { CompileOptions } from "../pipeline/compile.js";
import type { CliOption } from "./cli-option.js";
import type { ParsedArgs } from "./command.js";
import { ociSources } from "./oci-sources.js";

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

/** Options of every command that loads a registry (check, build, matrix; lock takes --cache-dir). */
export const loadOptions = {
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
} as const satisfies Record<string, CliOption>;
