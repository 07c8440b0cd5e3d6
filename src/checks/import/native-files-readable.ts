import type { InlineCheck } from "../../diagnostics/check-meta.js";

export const nativeFilesReadable: InlineCheck = {
  id: "AGC127",
  slug: "native-files-readable",
  stage: "import",
  severity: "error",
  title: "agentc import reads every native file it finds",
  description:
    "A native file of an assistant (a rule, a skill, a settings file) that agentc import cannot read is left out of the registry and named here: malformed frontmatter, JSON or TOML, a binary or non-UTF-8 file, one larger than the limit, or a link that leads out of the project (import never follows one). Import reads on past it and reports every such file, never only the first.",
  hint: "Fix the file in the project (or remove the link), then run agentc import again into a new folder; --from leaves out the assistants whose files you do not want.",
  examples: {
    passing: {
      ".claude/settings.json": '{ "permissions": { "deny": ["Read(./.env)"] } }\n',
    },
    failing: {
      ".claude/settings.json": '{ "permissions": { "deny": ["Read(./.env)" } }\n',
    },
    expected: [
      ".claude/settings.json:1:44: error AGC127 .claude/settings.json: malformed JSON: expected ',' between entries",
    ],
  },
};
