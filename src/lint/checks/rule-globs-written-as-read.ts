import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { rawGlobsFact, rawGlobsQuoted, rawGlobsSplitInBraces } from "../../shared/globs/raw-globs.js";
import { plural } from "../client-findings.js";

export const ruleGlobsWrittenAsRead: InlineCheck = {
  id: "AGC204",
  slug: "rule-globs-written-as-read",
  stage: "lint",
  severity: "error",
  title: "A rule's globs are written so that its client reads them as globs",
  description:
    "Clients read the globs field in two ways. Claude Code, Copilot and Kiro read YAML: an unquoted glob starting with `*` is a YAML alias there, and the client gets no glob (an error; agentc lint --fix quotes it). Cursor, Windsurf and Antigravity read the field as written: quotes and brackets become part of the glob, which then matches nothing, and the value is split at every comma, inside a brace group too, so `*.{ts,tsx}` becomes `*.{ts` and `tsx}` (a warning; agentc lint --fix writes the groups out as a comma list). Either way, a glob starting with ./ or / never matches, since clients match paths relative to the project root (a warning).",
  hint: 'Quote globs in YAML fields (paths: "**/*.ts"), write them unquoted and comma-separated in Cursor\'s globs, and start none with ./ or /.',
  examples: {
    passing: {
      ".claude/rules/tests.md":
        '---\npaths:\n  - "**/*.test.ts"\n---\nEach test names the behaviour it checks.\n',
      "src/a.test.ts": "export {};\n",
    },
    failing: {
      ".claude/rules/tests.md":
        "---\npaths:\n  - **/*.test.ts\n---\nEach test names the behaviour it checks.\n",
      "src/a.test.ts": "export {};\n",
    },
    expected: [
      '.claude/rules/tests.md:3:5: error AGC204 glob **/*.test.ts is unquoted: YAML reads a value starting with "*" as an alias, so Claude Code and GitHub Copilot get no glob',
    ],
  },
};

/** A YAML plain value cannot start with these: `*` opens an alias, `&` an anchor, `!` a tag. */
const yamlIndicator = /^[*&!%@`]/;

/**
 * How one glob `value` of a globs field is misread, if it is: unquoted where YAML takes it for markup (with
 * the quoted line --fix writes), quoted in a field the client reads as written (`raw`), or starting with ./
 * or /. `finding` words it for the clients (`who`) that read the field.
 */
export function writtenGlobProblem(
  glob: { value: string; prefix: string; field: string; raw: boolean },
  position: Position,
):
  | { kind: "unquoted" | "quoted" | "split" | "lead"; quoted?: string; finding: (who: string) => Diagnostic }
  | undefined {
  const { value, prefix, field, raw } = glob;
  if (!raw && yamlIndicator.test(value))
    return {
      kind: "unquoted",
      quoted: `${prefix}"${value.replaceAll('"', '\\"')}"`,
      finding: (who) =>
        diagnostic(ruleGlobsWrittenAsRead, {
          position,
          message: `glob ${value} is unquoted: YAML reads a value starting with "${value[0]}" as ${value[0] === "*" ? "an alias" : "markup"}, so ${who} get${plural(who)} no glob`,
          hint: `Quote it: ${prefix}"${value}" (agentc lint --fix does this).`,
        }),
    };
  if (raw && rawGlobsQuoted(value))
    return {
      kind: "quoted",
      finding: (who) =>
        diagnostic(ruleGlobsWrittenAsRead, {
          position,
          severity: "warning",
          message: `${who} read${plural(who)} ${rawGlobsFact(field, value)}`,
          hint: `Write the globs unquoted on one line, separated by commas: ${field}: src/**/*.ts, test/**/*.ts`,
        }),
    };
  const meant = raw ? rawGlobsSplitInBraces(value) : undefined;
  if (meant !== undefined)
    return {
      kind: "split",
      ...(meant !== "" ? { quoted: `${prefix}${meant}` } : {}),
      finding: (who) =>
        diagnostic(ruleGlobsWrittenAsRead, {
          position,
          severity: "warning",
          message: `${who} read${plural(who)} ${field} as written and split${plural(who)} it at every comma, inside braces too: ${value} is not the globs meant`,
          hint:
            meant !== ""
              ? `Write the brace groups out: ${field}: ${meant} (agentc lint --fix does this).`
              : `Write the brace groups out as one comma-separated list: ${field}: src/*.ts, src/*.tsx`,
        }),
    };
  if (/^["']?\.?\//.test(value))
    return {
      kind: "lead",
      finding: (who) =>
        diagnostic(ruleGlobsWrittenAsRead, {
          position,
          severity: "warning",
          message: `glob ${value} starts with ${value.replace(/^["']/, "").startsWith("/") ? "/" : "./"}: ${who} match${who.includes(" and ") ? "" : "es"} project-relative paths, which never start so`,
          hint: "Write the glob relative to the project root without a leading ./ or /: src/**/*.ts.",
        }),
    };
  return undefined;
}
