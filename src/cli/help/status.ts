import { integrityOptions } from "../integrity-option.js";
import { projectOptions } from "../project-option.js";
import { scopeOptions } from "../scope-option.js";
import type { CommandHelp } from "./command-help.js";

export const statusHelp: CommandHelp = {
  arguments: [
    {
      name: "[bundle]",
      text: "also compare with this bundle: a build folder, a .zip, a bundle URL or a server's base URL",
    },
  ],
  options: {
    ...projectOptions("the project to look at"),
    ...scopeOptions,
    check: { text: "exit 1 when there is drift (for CI)" },
    ...integrityOptions("the bundle's expected sha256, as for install"),
  },
  exitCodes: {
    0: "reported (drift allowed without --check)",
    1: "drift, with --check; or the install record cannot be read",
    2: "no project here, or a bundle that cannot be opened or fails its checks; or a usage error",
  },
  examples: [
    { command: "agentc status --project ../app", text: "what changed in ../app since agentc installed it" },
    {
      command: "agentc status my-registry/build --check",
      text: "exit 1 when the project differs from the build",
    },
  ],
};
