import { clientsOptions } from "../clients-option.js";
import { yesOptions } from "../yes-option.js";
import type { CommandHelp } from "./command-help.js";

export const lintHelp: CommandHelp = {
  arguments: [{ name: "[project]", text: "any project folder; no registry needed", default: "." }],
  options: {
    ...clientsOptions("lint for these clients only", "every client agentc knows"),
    fix: {
      text: "show the safe fixes as a unified diff (quote a glob, drop a repeated import line, add a required field)",
    },
    yes: { ...yesOptions("with --fix: write the fixes into the project").yes, with: "fix" },
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
    { command: "agentc lint --format sarif > lint.sarif", text: "the findings as SARIF, for code scanning" },
    { command: "agentc lint --fix", text: "print the safe fixes as a diff; nothing is written" },
    { command: "agentc lint --fix --yes", text: "write them" },
  ],
};
