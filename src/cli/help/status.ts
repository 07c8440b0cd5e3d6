import type { CommandHelp } from "./command-help.js";

export const statusHelp: CommandHelp = {
  arguments: [
    {
      name: "[build-dir]",
      text: "also compare with this build folder (a .zip or URL is refused: unpack or build it first)",
    },
  ],
  options: {
    project: { value: "DIR", text: "the project to look at", default: "." },
    check: { text: "exit 1 when there is drift (for CI)" },
  },
  exitCodes: {
    0: "reported (drift allowed without --check)",
    1: "drift, with --check; or the install record cannot be read",
    2: "no project here, a bundle that is not a folder; or a usage error",
  },
  examples: [
    { command: "agentc status --project ../app", text: "what changed in ../app since agentc installed it" },
    {
      command: "agentc status my-registry/build --check",
      text: "exit 1 when the project differs from the build",
    },
  ],
};
