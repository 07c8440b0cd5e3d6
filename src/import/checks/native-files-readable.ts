import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";

export const nativeFilesReadable: InlineCheck = {
  id: "AGC127",
  slug: "native-files-readable",
  stage: "import",
  severity: "warning",
  title: "agentc import reads every native file it finds",
  description:
    "A native file of an assistant (a rule, a skill, a settings file) that agentc import cannot read is left out of the registry and named here: malformed frontmatter, JSON or TOML, a binary or non-UTF-8 file, one larger than the limit, a link that leads out of the project (import never follows one), or one that leads nowhere here (an absolute link to a folder on the author's machine). Import reads on past it and reports every such file, never only the first. It is a warning: the file stays the project's own, agentc install leaves it alone, and its assistant reads it as before (where the assistant's own parser takes it), so the import and the build of what was read still succeed.",
  hint: "It stays the project's own file. For the registry to carry it, fix the file in the project (or remove the link) and run agentc import again into a new folder; --from leaves out the assistants whose files you do not want.",
  examples: {
    passing: {
      ".claude/settings.json": '{ "permissions": { "deny": ["Read(./.env)"] } }\n',
    },
    failing: {
      ".claude/settings.json": '{ "permissions": { "deny": ["Read(./.env)" } }\n',
    },
    expected: [
      ".claude/settings.json:1:44: warning AGC127 .claude/settings.json: malformed JSON: expected ',' between entries",
    ],
  },
};

/** A native file import cannot read, at the first problem its reader met. */
export function unreadableFinding(position: Position, message: string, hint?: string): Diagnostic {
  return diagnostic(nativeFilesReadable, { position, message, ...(hint ? { hint } : {}) });
}

/** The links out of the project and the loops the project reader refused: files that could not be read. */
export function refusedReadFindings(refused: readonly Diagnostic[]): Diagnostic[] {
  return refused.map((d) => unreadableFinding({ file: d.file, line: d.line, column: d.column }, d.message));
}
