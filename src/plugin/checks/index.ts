import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { pluginHookProjectPath } from "./plugin-hook-project-path.js";
import { pluginHostKnown } from "./plugin-host-known.js";
import { pluginInputsExist } from "./plugin-inputs-exist.js";
import { pluginMcpPortable } from "./plugin-mcp-portable.js";
import { pluginNamesValid } from "./plugin-names-valid.js";
import { pluginPathsInside } from "./plugin-paths-inside.js";
import { pluginRootQuoted } from "./plugin-root-quoted.js";
import { pluginRosterBudget } from "./plugin-roster-budget.js";
import { pluginVersionChanged } from "./plugin-version-changed.js";

/** The checks raised while building the plugin packages (src/plugin/), in id order. */
export const pluginChecks: readonly InlineCheck[] = [
  pluginInputsExist,
  pluginHookProjectPath,
  pluginVersionChanged,
  pluginNamesValid,
  pluginPathsInside,
  pluginRosterBudget,
  pluginMcpPortable,
  pluginHostKnown,
  pluginRootQuoted,
];
