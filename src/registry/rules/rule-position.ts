import type { Position } from "../../diagnostics/diagnostic.js";
import type { Rule } from "../model.js";

/**
 * File position of a character of rule.text. Line 0 of the text is the heading line; a rule's own
 * frontmatter block (not part of rule.text) sits between it and text line 1.
 */
export function ruleTextPosition(rule: Rule, textLine: number, column: number): Position {
  if (textLine === 0) return { file: rule.file, line: rule.heading.line, column };
  return { file: rule.file, line: rule.heading.line + rule.ownBlockLines + textLine, column };
}
