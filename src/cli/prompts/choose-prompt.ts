import { choosableComponents, requiredComponents } from "../../install/index.js";
import type { Manifest } from "../../manifest/manifest-model.js";

/**
 * The interactive multi-select (a terminal only): required components are listed and always kept on; joint
 * components are not offered (they follow the components they are installed with).
 */
export async function promptComponents(
  manifest: Manifest,
  preselected: string[],
): Promise<string[] | undefined> {
  const { isCancel, multiselect } = await import("@clack/prompts");
  const required = new Set(requiredComponents(manifest));
  const ids = choosableComponents(manifest);
  const options = ids.map((id) => ({
    value: id,
    label: manifest.install.components[id]?.name || id,
    hint: required.has(id) ? "required, always installed" : id,
  }));
  const picked = await multiselect({
    message: "Components to install (space toggles, enter confirms)",
    options,
    initialValues: preselected.filter((id) => ids.includes(id)),
    required: false,
  });
  if (isCancel(picked)) return undefined;
  return [...new Set([...picked, ...required])];
}
