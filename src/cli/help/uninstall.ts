import { hookTimeoutHelp } from "../hook-timeout-option.js";
import { scopeHelp } from "../scope-option.js";
import type { CommandHelp } from "./command-help.js";

export const uninstallHelp: CommandHelp = {
  arguments: [],
  options: {
    project: { value: "DIR", text: "the project to remove agentc's files from", default: "." },
    scope: scopeHelp,
    yes: { text: "ask nothing (uninstall asks no question; accepted so scripts can always pass it)" },
    "dry-run": { text: "print what would be removed and kept; change nothing" },
    "hook-timeout": hookTimeoutHelp,
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
