import { desiredState } from "../../install/desired.js";
import type { Manifest } from "../../manifest/manifest-model.js";
import type { SiteComponent } from "./site-model.js";

/** Per component of the manifest: the files it installs with their hashes, links and shared files, as install reads them. */
export function siteComponents(manifest: Manifest): SiteComponent[] {
  return Object.entries(manifest.install.components).map(([id, component]): SiteComponent => {
    const desired = desiredState(manifest, [id], () => []);
    return {
      id,
      name: component.name,
      required: component.required,
      ...(component.with ? { with: component.with } : {}),
      files: desired.files.map(({ path, sha256, role, executable }) => ({ path, sha256, role, executable })),
      links: desired.links.map((link) => ({
        path: link.path,
        target: link.target,
        fallback: link.fallback.kind === "import" ? `import: ${link.fallback.text}` : link.fallback.kind,
      })),
      composed: desired.composedLines.map(({ path, format, fragment }) => ({ path, format, fragment })),
      ownedDirs: desired.ownedDirs.map((dir) => dir.path),
    };
  });
}
