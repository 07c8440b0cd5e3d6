import { type Desired, desiredState } from "../manifest/desired.js";
import type { Manifest } from "../manifest/manifest-model.js";
import type { SiteComponent } from "./site-model.js";

/** Per component of the manifest: the files it installs with their hashes, links and shared files, as install reads them. */
export function siteComponents(manifest: Manifest): SiteComponent[] {
  const ids = Object.keys(manifest.install.components);
  const desired = desiredState(manifest, ids, () => []);
  const of = <T extends { component: string }>(items: T[]) => groupBy(items, (item) => item.component);
  const files = of(desired.files);
  const links = of(desired.links);
  const composed = of(desired.composedLines);
  const dirs = of(desired.ownedDirs);
  return ids.map((id): SiteComponent => {
    const component = manifest.install.components[id];
    return {
      id,
      name: component?.name ?? id,
      required: component?.required ?? false,
      ...(component?.with ? { with: component.with } : {}),
      files: (files.get(id) ?? []).map(({ path, sha256, role, executable }) => ({
        path,
        sha256,
        role,
        executable,
      })),
      links: (links.get(id) ?? []).map(linkOf),
      composed: (composed.get(id) ?? []).map(({ path, format, fragment }) => ({ path, format, fragment })),
      ownedDirs: (dirs.get(id) ?? []).map((dir) => dir.path),
    };
  });
}

function linkOf(link: Desired["links"][number]): SiteComponent["links"][number] {
  const fallback = link.fallback.kind === "import" ? `import: ${link.fallback.text}` : link.fallback.kind;
  return { path: link.path, target: link.target, fallback };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
