import { escapeRegExp } from "../../shared/markdown-code.js";

/**
 * A core command prefix as a regular expression over the command line, for a client whose command rules
 * are regular expressions: `git push` → `^git push(\s|$)`, which matches `git push` and `git push origin`,
 * not `git pushx`. Every character of the prefix is literal.
 */
export function commandRegex(prefix: string): string {
  return `^${escapeRegExp(prefix)}${wordEnd}`;
}

/** The prefix a regular expression of commandRegex's form stands for; undefined for any other expression. */
export function commandOfRegex(regex: string): string | undefined {
  if (!regex.startsWith("^") || !regex.endsWith(wordEnd)) return undefined;
  const body = regex.slice(1, -wordEnd.length);
  const prefix = body.replace(/\\(.)/g, "$1");
  return prefix !== "" && commandRegex(prefix) === regex ? prefix : undefined;
}

const wordEnd = String.raw`(\s|$)`;
