import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";

export const nativeFileRead: InlineCheck = {
  id: "AGC208",
  slug: "native-file-read",
  stage: "lint",
  severity: "warning",
  title: "Every file in an assistant's folders is one some assistant reads",
  description:
    "Clients take items from their folders by a fixed form: Cursor rules are .mdc files, a skill is a folder with SKILL.md, Copilot's instruction files end in .instructions.md. A file in such a folder in another form (a loose .md file in .claude/skills, a .md rule in .cursor/rules where only .mdc is read) is read by no assistant agentc knows: its text never reaches a session. Files inside a skill's folder belong to the skill and count as read.",
  hint: "Rename or move the file to the form its client reads (the folder's extension, a skill folder with SKILL.md), or delete it.",
  examples: {
    passing: {
      ".claude/skills/release/SKILL.md":
        "---\nname: release\ndescription: Tags and publishes a release. Use when asked to release.\n---\nTag, then publish.\n",
    },
    failing: {
      ".claude/skills/release.md":
        "---\nname: release\ndescription: Tags and publishes a release. Use when asked to release.\n---\nTag, then publish.\n",
    },
    expected: [
      ".claude/skills/release.md:1:1: warning AGC208 no assistant reads .claude/skills/release.md: it is in a folder they read, but not a file they take from there",
    ],
  },
};

/** A file in a folder the clients read items from that none of them takes; `onlyClient`: the one client linted. */
export function unreadFileFinding(file: string, onlyClient?: string): Diagnostic {
  return diagnostic(nativeFileRead, {
    position: { file, line: 1, column: 1 },
    message: `no assistant${onlyClient ? ` (of ${onlyClient})` : ""} reads ${file}: it is in a folder they read, but not a file they take from there`,
  });
}
