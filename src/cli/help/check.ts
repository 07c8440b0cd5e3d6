import { loadOptions } from "../load-options.js";
import type { CommandHelp } from "./command-help.js";

export const checkHelp: CommandHelp = {
  arguments: [{ name: "[registry]", text: "the registry folder (holding sources.json)", default: "." }],
  options: loadOptions,
  exitCodes: {
    0: "no errors (warnings and infos allowed)",
    1: "the registry has errors",
    2: "usage error or internal failure",
  },
  examples: [
    { command: "agentc check my-registry", text: "print every problem, errors first, with file:line:column" },
    {
      command: "agentc check . --format sarif > agentc.sarif",
      text: "the same as SARIF, for code scanning in CI",
    },
  ],
};
