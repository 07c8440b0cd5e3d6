import { loadOptionHelp } from "../load-options.js";
import type { CommandHelp } from "./command-help.js";

export const buildHelp: CommandHelp = {
  arguments: [{ name: "[registry]", text: "the registry folder (holding sources.json)", default: "." }],
  options: {
    out: {
      value: "DIR",
      text: "the build folder to write (files not agentc's are left alone)",
      default: "<registry>/build",
    },
    ...loadOptionHelp,
  },
  exitCodes: {
    0: "built (warnings and infos allowed)",
    1: "the registry has errors, or the build folder holds files that are not agentc's; nothing written",
    2: "the build folder cannot be written; or a usage error",
  },
  examples: [
    {
      command: "agentc build my-registry",
      text: "check, then write my-registry/build and its manifest.json",
    },
    {
      command: "agentc build . --out dist/agents --format github",
      text: "build into dist/agents; diagnostics as GitHub Actions annotations",
    },
  ],
};
