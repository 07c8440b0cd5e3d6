import { hookTimeoutOptions } from "../hook-timeout-option.js";
import { projectOptions } from "../project-option.js";
import { scopeOptions } from "../scope-option.js";
import { yesOptions } from "../yes-option.js";
import type { CommandHelp } from "./command-help.js";

export const uninstallHelp: CommandHelp = {
  arguments: [],
  options: {
    ...projectOptions("the project to remove agentc's files from"),
    ...scopeOptions,
    ...yesOptions("ask nothing (uninstall asks no question; accepted so scripts can always pass it)"),
    "dry-run": { text: "print what would be removed and kept; change nothing" },
    ...hookTimeoutOptions,
  },
  exitCodes: {
    0: "removed (files you edited are kept and listed)",
    1: "a capability hook failed, or the record cannot be read; nothing changed",
    2: "no project here; or a usage error",
  },
  examples: [
    {
      command: "agentc uninstall --project ../app --dry-run",
      text: "list what would be removed from ../app",
    },
    {
      command: "agentc uninstall --yes --format json",
      text: "remove from the current folder; the result as JSON",
    },
  ],
};
