import type { Manifest } from "../manifest/manifest-model.js";
import type { InstallRecord } from "./model/record.js";
import { type ComponentChoice, choosableComponents } from "./plan/components.js";

/**
 * The default choice of an install told no components: the project's recorded components when it has
 * any (the planner's default), else the bundle's default_components (the assistants the registry
 * serves), else every component as before. Any other choice passes unchanged.
 */
export function firstInstallChoice(
  manifest: Manifest,
  record: InstallRecord | undefined,
  choice: ComponentChoice,
): ComponentChoice {
  if (choice.kind !== "default") return choice;
  const choosable = choosableComponents(manifest);
  if (record?.components.some((id) => choosable.includes(id))) return choice;
  const ids = (manifest.install.default_components ?? []).filter((id) => choosable.includes(id));
  return ids.length > 0 ? { kind: "list", ids } : choice;
}
