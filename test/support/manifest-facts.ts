import type { Manifest } from "../../src/manifest/manifest-model.js";

const componentLists = new Set([
  "owned_dirs",
  "owned_files",
  "symlinks",
  "seeds",
  "preserve",
  "remove",
  "scaffold_dirs",
  "executables",
  "composed",
  "adopt",
  "with",
]);

/**
 * What install.sh's line reader must print for a manifest, derived from JSON.parse: one fact per list
 * element and per field it uses, in the order the keys appear.
 */
export function manifestFacts(text: string): string[] {
  const manifest = JSON.parse(text) as Manifest & Record<string, unknown>;
  const facts = [`version\t${manifest.version}`, ...manifest.artifacts.map((a) => `artifact\t${a}`)];
  for (const [key, value] of Object.entries(manifest.install)) {
    if (key === "bundle") facts.push(`bundle\t${value}`);
    else if (key === "components")
      for (const [id, component] of Object.entries(value as Record<string, Record<string, unknown>>)) {
        facts.push(`component\t${id}`);
        for (const [field, v] of Object.entries(component)) {
          if (componentLists.has(field))
            for (const item of v as string[]) facts.push(`${field}\t${id}\t${item}`);
          else if (field === "required") facts.push(`required\t${id}\t${String(v)}`);
          else if (field === "capability") facts.push(`capability\t${id}`);
        }
      }
    else if (key === "roster_budget")
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        facts.push(`roster\t${k}\t${String(v)}`);
    else for (const item of value as string[]) facts.push(`${key}\t${item}`);
  }
  facts.push(`registry\t${manifest.registry_version}`);
  return facts;
}
