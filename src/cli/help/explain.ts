import type { CommandHelp } from "./command-help.js";

export const explainHelp: CommandHelp = {
  arguments: [{ name: "[AGCnnn | slug]", text: "the check to explain; without it, list every check" }],
  options: {},
  exitCodes: { 0: "printed", 2: "no such check; or a usage error" },
  examples: [
    { command: "agentc explain AGC080", text: "what the check finds, why it matters and how to fix it" },
    { command: "agentc explain --format json", text: "every check's id, slug, severity and title as JSON" },
  ],
};
