import picomatch from "picomatch";
import type { Position } from "../../diagnostics/diagnostic.js";
import { docsRuleWith } from "../../diagnostics/fixture-base.js";
import type { Rule } from "../../registry/model.js";
import type { RegistryCheck } from "../check.js";
import { adapterFieldPosition, adapterLabel } from "../positions.js";

/**
 * What picomatch's strict parse rejects besides an over-long glob: an unbalanced bracket, parenthesis or
 * brace (node_modules/picomatch/lib/parse.js). A glob holding none of them parses; most globs do not.
 */
const bracketOrBrace = /[[\](){}]/;
const picomatchMaxLength = 64 * 1024;

/** What is wrong with a glob, or undefined. Globs match '/'-separated paths relative to the project root. */
export function globProblem(glob: string): string | undefined {
  if (glob.trim() === "") return "is empty";
  if (glob.startsWith("/") || /^[A-Za-z]:/.test(glob)) return "is absolute";
  if (glob.includes("\\")) return "holds a backslash (globs are '/'-separated)";
  if (glob.split("/").includes("..")) return "holds a '..' segment";
  if (glob.startsWith("./")) return "starts with './', so it never matches a project-relative path";
  if (!bracketOrBrace.test(glob) && glob.length <= picomatchMaxLength) return undefined;
  try {
    picomatch.makeRe(glob, { strictBrackets: true });
    return undefined;
  } catch (error) {
    return `cannot be parsed (${(error as Error).message})`;
  }
}

/** A rule's "" glob is already its schema's error (AGC005, minLength) at the same place: reported once. */
const schemaReports = (glob: string): boolean => glob === "";

/** Rules of a registry share a few glob patterns: each distinct one is parsed once per run. */
function memoized(problem: (glob: string) => string | undefined): (glob: string) => string | undefined {
  const known = new Map<string, string | undefined>();
  return (glob) => {
    if (!known.has(glob)) known.set(glob, problem(glob));
    return known.get(glob);
  };
}

interface BadGlob {
  glob: string;
  problem: string;
  position: Position;
  slugs: string[];
}

/**
 * The bad globs of the rules, once per place they are written: the rules of one file share its
 * frontmatter, so one glob item there is one finding that names every rule it applies to.
 */
function badRuleGlobs(rules: readonly Rule[], problemOf: (glob: string) => string | undefined): BadGlob[] {
  const found = new Map<string, BadGlob>();
  for (const rule of rules)
    for (const [index, glob] of rule.globs.entries()) {
      const problem = schemaReports(glob) ? undefined : problemOf(glob);
      if (!problem) continue;
      const position = rule.globPositions?.[index] ?? rule.fields.globs ?? rule.heading;
      const key = `${position.file}:${position.line}:${position.column}:${glob}`;
      const seen = found.get(key);
      if (seen) seen.slugs.push(rule.slug);
      else found.set(key, { glob, problem, position, slugs: [rule.slug] });
    }
  return [...found.values()];
}

export const globsWellFormed: RegistryCheck = {
  id: "AGC036",
  slug: "globs-well-formed",
  stage: "registry",
  severity: "error",
  title: "Globs must be relative, '/'-separated patterns that parse",
  description:
    "Assistants match globs against project-relative paths with '/'. An absolute glob, a backslash, a '..' segment, a leading './', an empty glob or unbalanced brackets and braces never match what the author meant. Rule globs, core rule globs and adapter skip_globs are checked, each glob once where it is written.",
  hint: "Write the pattern relative to the project root with '/', e.g. \"docs/**/*.md\", and close every [ ( {.",
  get examples() {
    return {
      passing: docsRuleWith('["docs/**/*.{md,mdx}"]'),
      failing: docsRuleWith('["docs/**/*.{md,mdx"]'),
      expected: [
        'rules/docs.md:3:9: error AGC036 Unexpected glob "docs/**/*.{md,mdx" in rule "docs-style": it cannot be parsed (Missing closing: "}" - use "\\\\}" to match literal characters)',
      ],
    };
  },
  *run(registry) {
    const problemOf = memoized(globProblem);
    for (const bad of badRuleGlobs(registry.rules, problemOf)) {
      const rules = bad.slugs.map((slug) => `"${slug}"`).join(", ");
      yield {
        position: bad.position,
        message: `Unexpected glob "${bad.glob}" in rule${bad.slugs.length > 1 ? "s" : ""} ${rules}: it ${bad.problem}`,
      };
    }
    for (const rule of registry.core.rules)
      for (const [index, glob] of rule.globs.entries()) {
        const problem = schemaReports(glob) ? undefined : problemOf(glob);
        if (problem)
          yield {
            position: rule.positionOf(["globs", index]),
            message: `Unexpected glob "${glob}" in core rule "${rule.name}": it ${problem}`,
          };
      }
    for (const resolved of registry.adapters) {
      for (const [index, glob] of (resolved.adapter.skip_globs ?? []).entries()) {
        const problem = problemOf(glob);
        if (!problem) continue;
        yield {
          position: adapterFieldPosition(resolved, ["skip_globs", index]),
          message: `Unexpected skip_globs entry "${glob}" in adapter ${adapterLabel(resolved)}: it ${problem}`,
        };
      }
    }
  },
};
