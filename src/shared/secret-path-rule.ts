// The guard program is one self-contained ES module at the package root (assets/hooks/, an asset copied
// into projects). The path below is right for the compiled file, dist/src/shared/secret-path-rule.js, and
// the CLI bundle inlines the module from there; from this source file TypeScript cannot resolve it.
// @ts-expect-error TS2307: resolved from dist/src/shared/ at run time
import * as guard from "../../../assets/hooks/agentc-guard.mjs";

/**
 * The id of the guard's secret-path rule a path matches, or undefined: lexical, no file is looked at.
 * The compiler's checks and readers share the guard's one list of secret paths through it; importing the
 * guard runs nothing (it reads stdin only when started as a program).
 */
export const secretPathRule = guard.secretPathRule as (path: string) => string | undefined;

/** The guard's rules on runs of folder names (`.aws/credentials`, `.ssh`): id and segments. */
export const secretDirRules = guard.SECRET_DIR_RULES as readonly { id: string; segments: string[] }[];
