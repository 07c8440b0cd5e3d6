import { integrityOptions } from "../integrity-option.js";
import type { CommandHelp } from "./command-help.js";

export const outdatedHelp: CommandHelp = {
  arguments: [
    { name: "<project>...", text: "the project folders to look at" },
    { name: "[registry]", text: "with --sources: the registry folder", default: ".", with: "sources" },
  ],
  options: {
    check: { text: "exit 1 when a project is behind or its newest version is unknown (for CI)" },
    concurrency: { value: "N", text: "how many sources to ask at a time (1 to 64)", default: "8" },
    ...integrityOptions("the expected sha256 of the newest bundle, as for install"),
    sources: {
      text: "instead: a registry's dependencies, what agentc.lock pins and what each ref names upstream now",
    },
  },
  exitCodes: {
    0: "reported (behind allowed without --check)",
    1: "with --check: a project behind or unknown",
    2: "no project given, a bad --concurrency; or a usage error",
  },
  examples: [
    { command: "agentc outdated ../app ../api", text: "one row per project: installed, newest, drift" },
    {
      command: "agentc outdated repos/* --check --format json",
      text: "the fleet as JSON; exit 1 when any is behind",
    },
  ],
};
