import { semverLibrary } from "../shared/on-first-use.js";

/**
 * The OATS level agentc implements: the capability manifest of @awebai/oats 0.22.0 (seed 004), field
 * for field (docs/capability-packages.md). A package's compatibility.oats is an npm-style range over
 * OATS versions ("0.22" means 0.22.x, ">=0.20 <0.23", "^0.22.0").
 */
export const oatsLevel = "0.22.0";

/** Why a package's compatibility.oats excludes the level agentc implements, or undefined when it includes it. */
export function oatsCompatibilityProblem(range: string): string | undefined {
  const semver = semverLibrary();
  const valid = semver.validRange(range.trim(), { loose: true });
  if (valid === null) return `"${range}" is not a version range`;
  if (semver.satisfies(oatsLevel, valid, { loose: true, includePrerelease: false })) return undefined;
  return `it asks for OATS ${range}, and agentc implements OATS ${oatsLevel}`;
}
