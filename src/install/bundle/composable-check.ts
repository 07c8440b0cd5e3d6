import type { ManifestLineOf } from "../../manifest/manifest-line.js";
import { adoptLine, composedLine } from "../../manifest/manifest-lines.js";
import type { Manifest } from "../../manifest/manifest-model.js";
import { composableFiles } from "./composable-files.js";

/**
 * A bundle composes only into the files agentc's own data names as composable (`composableFiles`): an `adopt`
 * or `composed` line of any component naming another path asks to write into a file a person wrote (their
 * `package.json`, `.bashrc`, a config their tools load), and the whole bundle is refused before anything is
 * written, each such line named with its number and text.
 */
export function composeBeyondBuiltins(manifest: Manifest, lineOf: ManifestLineOf): string[] {
  const components = Object.entries(manifest.install.components);
  if (!components.some(([, c]) => (c.adopt?.length ?? 0) + (c.composed?.length ?? 0) > 0)) return [];
  const { instructions, settings } = composableFiles();
  const refused = (list: string[], line: string, path: string, allowed: readonly string[], what: string) =>
    `${lineOf(list, line)} asks to compose into ${path}, which is not ${what} agentc composes into (${allowed.join(", ")}); a bundle cannot choose which of a person's files agentc writes into: the bundle is rejected`;
  return components.flatMap(([id, c]) => [
    ...(c.adopt ?? []).flatMap((line) => {
      const path = adoptLine(line)?.path;
      return path === undefined || instructions.includes(path)
        ? []
        : [refused(listOf(id, "adopt"), line, path, instructions, "an instruction file")];
    }),
    ...(c.composed ?? []).flatMap((line) => {
      const path = composedLine(line)?.path;
      return path === undefined || settings.includes(path)
        ? []
        : [refused(listOf(id, "composed"), line, path, settings, "a settings file")];
    }),
  ]);
}

function listOf(component: string, key: string): string[] {
  return ["install", "components", component, key];
}
