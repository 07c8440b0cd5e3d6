import semverValid from "semver/functions/valid.js";
import maxSatisfying from "semver/ranges/max-satisfying.js";
import validRange from "semver/ranges/valid.js";
import { AgentcError } from "../shared/agentc-error.js";

/** The SemVer version a tag or version label stands for ("1.2.0", "v1.2.0"), or undefined. */
export function versionOfLabel(label: string): string | undefined {
  return semverValid(label.replace(/^v(?=\d)/, "")) ?? undefined;
}

/**
 * The label (tag or version as the source writes it) of the newest version that satisfies `range`, or
 * undefined. Without a range, the newest release: pre-releases only when asked for by a range.
 */
export function newestLabel(labels: readonly string[], range = "*"): string | undefined {
  const byVersion = new Map<string, string>();
  for (const label of labels) {
    const version = versionOfLabel(label);
    if (version !== undefined && !byVersion.has(version)) byVersion.set(version, label);
  }
  const best = maxSatisfying([...byVersion.keys()], range);
  return best === null ? undefined : byVersion.get(best);
}

/** `--to`'s value checked: a version ("1.4.2") or a range ("^1", "~1.4", ">=1.2 <2"). */
export function wantedRange(text: string): string {
  if (validRange(text) === null)
    throw new AgentcError(
      "bundle",
      `--to ${text} is neither a version nor a version range`,
      "give a version (--to 1.4.2) or a range (--to ^1, --to ~1.4)",
    );
  return text;
}

/** The error when no version of a source satisfies `--to`. */
export function noneWanted(source: string, range: string, offered: readonly string[]): AgentcError {
  const list = offered.filter((label) => versionOfLabel(label) !== undefined);
  return new AgentcError(
    "bundle",
    `${source} has no version that satisfies ${range}`,
    list.length > 0 ? `it offers ${list.slice(-10).join(", ")}` : "it offers no versioned release",
  );
}
