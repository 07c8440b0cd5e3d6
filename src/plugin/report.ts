import type { CheckMeta, Finding } from "../diagnostics/check-meta.js";
import type { Position } from "../diagnostics/diagnostic.js";

/** A key path below targets.json's "plugin". */
export type PluginKey = (string | number)[];

/** What a plugin check's file says of one problem (plugin/checks/), without its place. */
export interface PluginFinding extends Omit<Finding, "position"> {
  check: CheckMeta;
}

/** A finding of a plugin check, at a key of targets.json's "plugin" block or at a position of its own. */
export type Report = (where: PluginKey | Position, found: PluginFinding) => void;
