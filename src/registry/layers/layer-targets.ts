import type { DependencyInput } from "../../dependencies/model.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { JsonDocument } from "../../documents/json-document.js";
import { loadConfigFile } from "../config-file.js";
import { layerOrder } from "./layer-paths.js";

/**
 * targets.json keys a registry takes from its dependencies when it does not set them itself: the policies
 * an organisation sets for its teams. Keys that name the registry (its version, plugin, bundle address),
 * choose what it builds (assistants, adapters, client packs, tools) or switch a safety check off
 * (secret_guard, trust_overrides) are the registry's own alone.
 */
export const inheritedTargetKeys = [
  "client_policies",
  "accepted_losses",
  "strict_losses",
  "budgets",
  "roster_budget",
] as const;

/**
 * targets.json with each inherited key the registry does not set taken from the first dependency (in layer
 * order) whose valid targets.json sets it; positions of a taken key point into that file
 * (`@<dependency>/targets.json`). A dependency's targets.json that is not valid is reported and not used.
 */
export function layeredTargets(
  own: JsonDocument,
  inputs: readonly DependencyInput[],
  diagnostics: Diagnostic[],
): JsonDocument {
  const value = { ...(own.value as Record<string, unknown>) };
  const from = new Map<string, JsonDocument>();
  for (const input of layerOrder(inputs)) {
    if (!input.folder || !input.files.has("targets.json")) continue;
    const found: Diagnostic[] = [];
    const document = loadConfigFile(
      input.folder,
      "targets.json",
      "targets",
      found,
      `@${input.name}/targets.json`,
    );
    diagnostics.push(...found);
    const theirs = (document?.value ?? {}) as Record<string, unknown>;
    for (const key of inheritedTargetKeys) {
      if (key in value || !(key in theirs) || !document) continue;
      value[key] = theirs[key];
      from.set(key, document);
    }
  }
  if (from.size === 0) return own;
  return {
    file: own.file,
    value,
    positionOf: (path, part) => (from.get(String(path[0])) ?? own).positionOf(path, part),
  };
}
