/**
 * The rule set for third-party text that tries to switch safety off (docs/third-party-content.md, "Text
 * that tries to switch off safety"). Each pattern needs an imperative verb and its object together, so
 * that text about the subject ("the hooks section", "guard clauses") does not match; a negation just
 * before the request ("never disable the sandbox") turns a match into advice and is not reported.
 */
export interface OverrideRule {
  id: string;
  /** What the text asks for, as the report says it. */
  asks: string;
  pattern: RegExp;
}

const article = String.raw`(?:(?:the|all|any|every|your|its|my|our|these|those|of)\s+){0,3}`;
const earlier = "(?:previous|prior|earlier|above|preceding|former|original|initial|existing)";
const guidance = String.raw`(?:instructions?|rules|directions|directives|guidelines|guidance|prompts?|system\s+prompts?|constraints|context)`;
const safety = String.raw`(?:(?:git\s+|pre-commit\s+|commit\s+|safety\s+|security\s+)?hooks?|permission\s+(?:checks?|prompts?|rules|system)|permissions|approvals?(?:\s+prompts?)?|sandbox(?:ing)?|(?:secret\s+)?guard(?:rails?)?|safety\s+(?:checks?|rules|measures|features|filters?)|security\s+(?:checks?|rules|controls|policies|policy))`;
/** "the hooks section", "guard clauses": the words name a part of a text or program, not a safety. */
const notSafety = String.raw`(?!\s*(?:section|chapter|part|step|page|example|heading|table|below|above|clauses?|conditions?|statements?|functions?|api|docs?|documentation|tutorial)\b)`;
const disable = String.raw`(?:disable|disabling|deactivate|bypass|circumvent|override|turn\s+off|switch\s+off|get\s+around|skip|skipping|uninstall)`;

export const overrideRules: readonly OverrideRule[] = [
  {
    id: "ignore-earlier-instructions",
    asks: "to ignore earlier instructions",
    pattern: new RegExp(
      String.raw`\b(?:ignore|disregard|forget|override|discard)\s+${article}${earlier}\s+${guidance}\b`,
      "giu",
    ),
  },
  {
    id: "ignore-system-prompt",
    asks: "to ignore the system prompt or the safety rules",
    pattern:
      /\b(?:ignore|disregard|forget|override)\s+(?:the|your|any|all)\s+(?:system\s+prompt|system\s+instructions|safety\s+(?:rules|guidelines|instructions|policies))\b/giu,
  },
  {
    id: "disable-safety",
    asks: "to disable hooks, permissions, the sandbox or the guard",
    pattern: new RegExp(String.raw`\b${disable}\s+${article}${safety}\b${notSafety}`, "giu"),
  },
  {
    id: "bypass-mode",
    asks: "to run in a mode that bypasses permissions or the sandbox",
    pattern:
      /\b(?:run|start|launch|use|invoke|pass|add|set|enable|switch\s+to|with)\b[^.\n]{0,40}?(?:--dangerously-[a-z-]+|--yolo\b|--no-sandbox\b|--no-verify\b|\bbypassPermissions\b|\bbypass\s+(?:permissions\s+)?mode\b)/giu,
  },
];

/**
 * Words that make the request advice against itself when they stand before it in its clause, at most two
 * words away ("never disable …", "do not skip hooks with --no-verify").
 */
const negation =
  /\b(?:never|not|no|don't|dont|doesn't|won't|cannot|can't|mustn't|shouldn't|avoid|without|nor|refuse\s+to)\s+(?:[\w'-]+\s+){0,2}$/iu;

export interface OverrideMatch {
  offset: number;
  length: number;
  /** The words matched, white space made single spaces. */
  text: string;
  rule: OverrideRule;
}

/** Every request of the rule set in `text`, by offset; one per place when rules overlap. */
export function findOverrides(text: string): OverrideMatch[] {
  const found: OverrideMatch[] = [];
  for (const rule of overrideRules) {
    for (const match of text.matchAll(rule.pattern)) {
      if (negated(text, match.index)) continue;
      if (found.some((f) => overlaps(f, match.index, match[0].length))) continue;
      found.push({ offset: match.index, length: match[0].length, text: match[0].replace(/\s+/g, " "), rule });
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

const clauseEnds = [".", ",", ";", ":", "!", "?", "\n"];

/** The clause before the match (back to punctuation or a line start) ends in a negation. */
function negated(text: string, offset: number): boolean {
  const start = Math.max(0, offset - 60);
  const before = text.slice(start, offset);
  const clause = before.slice(Math.max(...clauseEnds.map((p) => before.lastIndexOf(p))) + 1);
  return negation.test(clause);
}

function overlaps(found: OverrideMatch, offset: number, length: number): boolean {
  return offset < found.offset + found.length && found.offset < offset + length;
}
