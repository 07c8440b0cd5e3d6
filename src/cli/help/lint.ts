import type { CommandHelp } from "./command-help.js";

export const lintHelp: CommandHelp = {
  arguments: [{ name: "[project]", text: "any project folder; no registry needed", default: "." }],
  options: {
    clients: { value: "a,b", text: "lint for these clients only", default: "every client agentc knows" },
    fix: {
      text: "show the safe fixes as a unified diff (quote a glob, drop a repeated import line, add a required field)",
    },
    yes: { text: "with --fix: write the fixes into the project" },
  },
  exitCodes: {
    0: "no error found (warnings may be printed)",
    1: "at least one error",
    2: "the project is not a folder; an unknown client in --clients; --yes without --fix; or a usage error",
  },
  examples: [
    {
      command: "agentc lint",
      text: "every native assistant file of this folder, against each client's documented rules",
    },
    {
      command: "agentc lint --clients claude-code,cursor --format sarif",
      text: "two clients only, as SARIF for code scanning",
    },
    { command: "agentc lint --fix", text: "print the safe fixes as a diff; nothing is written" },
    { command: "agentc lint --fix --yes", text: "write them" },
  ],
};
