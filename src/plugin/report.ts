import type { CheckMeta, Finding } from "../diagnostics/check-meta.js";
import type { Position } from "../diagnostics/diagnostic.js";

/** A key path below targets.json's "plugin". */
export type PluginKey = (string | number)[];

/** A finding of a plugin check, at a key of targets.json's "plugin" block or at a position of its own. */
export type Report = (
  check: CheckMeta,
  where: PluginKey | Position,
  finding: Omit<Finding, "position">,
) => void;
