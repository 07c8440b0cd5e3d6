import { parseJson } from "../../shared/nesting-limit.js";

/** One exec policy rule: the command's words and the client's decision. */
export interface PolicyRule {
  words: string[];
  decision: string;
}

/** A rule read back: the command as written, and the decision. */
export interface ReadPolicyRule {
  command: string;
  decision: string;
}

/**
 * One slot of the pack's rule template (`exec_policy.rule`), both ways: what it writes of a rule, the
 * pattern of what it wrote, and what that text gives back.
 */
interface Slot {
  write(rule: PolicyRule): string;
  pattern: string;
  read(text: string): Partial<ReadPolicyRule>;
}

const slots: Record<"words" | "command" | "decision", Slot> = {
  // the command's words as a JSON list of strings
  words: {
    write: (rule) => JSON.stringify(rule.words).replaceAll(",", ", "),
    pattern: "\\[.*\\]",
    read: (text) => {
      const words = parsed(text);
      return Array.isArray(words) && words.every((w) => typeof w === "string")
        ? { command: words.join(" ") }
        : {};
    },
  },
  // the words joined by a space
  command: {
    write: (rule) => rule.words.join(" "),
    pattern: ".+?",
    read: (command) => ({ command }),
  },
  // the decision as a JSON string
  decision: {
    write: (rule) => JSON.stringify(rule.decision),
    pattern: '"(?:[^"\\\\]|\\\\.)*"',
    read: (text) => {
      const decision = parsed(text);
      return typeof decision === "string" ? { decision } : {};
    },
  },
};

/** The rule template with each slot filled. */
export function writeRuleLine(template: string, rule: PolicyRule): string {
  return Object.entries(slots).reduce(
    (text, [name, slot]) => text.split(`{${name}}`).join(slot.write(rule)),
    template,
  );
}

/** A line read back through the same template; undefined when it is not of the template's form. */
export function readRuleLine(template: string, line: string): ReadPolicyRule | undefined {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  const source = Object.entries(slots).reduce(
    (text, [name, slot]) => text.replace(`{${name}}`, `(?<${name}>${slot.pattern})`),
    escaped,
  );
  const groups = new RegExp(`^${source}$`).exec(line)?.groups;
  if (!groups) return undefined;
  const read: Partial<ReadPolicyRule> = {};
  for (const [name, slot] of Object.entries(slots))
    if (groups[name] !== undefined) Object.assign(read, slot.read(groups[name]));
  const command = read.command?.trim();
  if (!command || read.decision === undefined) return undefined;
  return { command, decision: read.decision };
}

function parsed(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}
