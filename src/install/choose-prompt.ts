import type { Manifest } from "../manifest/manifest-model.js";
import { requiredComponents } from "./components.js";

/** The interactive multi-select (a terminal only): required components are listed and always kept on. */
export async function promptComponents(
  manifest: Manifest,
  preselected: string[],
): Promise<string[] | undefined> {
  const { isCancel, multiselect } = await import("@clack/prompts");
  const required = new Set(requiredComponents(manifest));
  const options = Object.entries(manifest.install.components).map(([id, c]) => ({
    value: id,
    label: c.name || id,
    hint: required.has(id) ? "required, always installed" : id,
  }));
  const picked = await multiselect({
    message: "Components to install (space toggles, enter confirms)",
    options,
    initialValues: preselected,
    required: false,
  });
  if (isCancel(picked)) return undefined;
  return [...new Set([...picked, ...required])];
}
