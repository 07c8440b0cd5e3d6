import type { Fixture } from "./check-meta.js";
import { withBase } from "./fixture-base.js";

/** A Markdown file of core/: frontmatter lines, then a body. */
export function coreMarkdown(frontmatter: string[], body: string[]): string {
  return ["---", ...frontmatter, "---", ...body, ""].join("\n");
}

/** A skill that passes every core check. */
export const reviewSkill = coreMarkdown(
  [
    "name: review",
    "description: Reviews the current change for bugs and missing tests.",
    "tools: [read, grep, glob, exec]",
    "permissions:",
    "  allow: [Exec(git diff)]",
    "  deny: [edit, Exec(git push)]",
    "triggers: [user, model]",
  ],
  ["# Review", "", "Read the diff with `git diff` and report problems."],
);

/** The base registry plus core files (registry-relative path under core/ → text). */
export function withCore(files: Fixture): Fixture {
  return withBase(Object.fromEntries(Object.entries(files).map(([path, text]) => [`core/${path}`, text])));
}

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
