import { clientsOptions } from "../clients-option.js";
import { loadOptions } from "../load-options.js";
import type { CommandHelp } from "./command-help.js";

export const matrixHelp: CommandHelp = {
  arguments: [{ name: "[registry]", text: "the registry folder (holding sources.json)", default: "." }],
  options: {
    ...clientsOptions("only these client packs", "every active client pack"),
    check: { text: "exit 1 when a chosen client cannot express a promise (for CI)" },
    ...loadOptions,
  },
  exitCodes: {
    0: "printed",
    1: "the registry has errors; or, with --check, a promise a client cannot express",
    2: "an unknown client in --clients; or a usage error",
  },
  examples: [
    {
      command: "agentc matrix my-registry",
      text: "the capability matrix as Markdown, one column per client",
    },
    {
      command: "agentc matrix . --check --format json",
      text: "the matrix as JSON; exit 1 when a client cannot express a promise (for CI)",
    },
  ],
};
