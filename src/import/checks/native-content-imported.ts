import { diagnostic, type Finding, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";

export const nativeContentImported: InlineCheck = {
  id: "AGC128",
  slug: "native-content-imported",
  stage: "import",
  severity: "warning",
  title: "Everything a native file says reaches the registry",
  description:
    "agentc import turns each native field into its neutral form (docs/import.md). A field, value or settings key with no neutral equivalent, or a value the registry would refuse (its JSON Schema, AGC019), is not imported and is named at its line (warning; an item the registry refuses whole stays the project's file), and so is a second, different item under a name already taken, which is imported under a new name. Changes that keep the meaning (a name made portable, a description taken from the first line) are infos.",
  hint: "Keep the value in the project's own file (agentc composes beside it and never removes it), or express it in core/ by hand if the registry should carry it.",
  examples: {
    passing: {
      ".claude/rules/testing.md": "---\npaths:\n  - test/**\n---\n# Testing\n\nTests use real files.\n",
    },
    failing: {
      ".github/instructions/testing.instructions.md":
        '---\napplyTo: "test/**"\nexcludeAgent: code-review\n---\n# Testing\n\nTests use real files.\n',
    },
    expected: [
      '.github/instructions/testing.instructions.md:3:1: warning AGC128 "excludeAgent" of .github/instructions/testing.instructions.md has no neutral equivalent: not imported',
    ],
  },
};

/** What import says of a change that keeps the meaning: nothing to do but read the round trip. */
const adjustedHint = "Nothing to do; the round trip reports what the build then writes differently.";

/** Something of a native file that the registry does not carry (a warning), in the words of the step that met it. */
export function leftOutFinding(finding: Omit<Finding, "severity">): Diagnostic {
  return diagnostic(nativeContentImported, finding);
}

/** Something import changed on the way while keeping its meaning (an info); `group`: its kind (Diagnostic.group). */
export function adjustedFinding(position: Position, message: string, group?: string): Diagnostic {
  return diagnostic(nativeContentImported, {
    position,
    message,
    severity: "info",
    hint: adjustedHint,
    ...(group ? { group } : {}),
  });
}

/** A change that keeps the meaning, with a hint of its own (what to do when the change is not wanted). */
export function adjustedWithHintFinding(finding: Omit<Finding, "severity">): Diagnostic {
  return diagnostic(nativeContentImported, { ...finding, severity: "info" });
}
