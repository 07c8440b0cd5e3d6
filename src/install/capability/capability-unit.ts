import type { CapabilityHook } from "../../capabilities/model.js";
import { parseHookLine } from "../../manifest/hook-line.js";
import { hashLine } from "../../manifest/manifest-lines.js";
import type { CapabilityInstall, Manifest } from "../../manifest/manifest-model.js";
import { sha256 } from "../../shared/hash.js";

/** A chosen component that is a capability package: what the installer spawns, retires and records. */
export interface CapabilityUnit {
  component: string;
  block: CapabilityInstall;
  hooks: CapabilityHook[];
  /** sha256 over the manifest block and the hash lines of the component's files */
  contentSha: string;
}

/**
 * The capability packages among the chosen components, in component order. The manifest was checked when it
 * was read (src/install/bundle/read-manifest.ts), hook lines included.
 */
export function capabilityUnits(manifest: Manifest, chosen: string[]): CapabilityUnit[] {
  return [...chosen].sort().flatMap((component) => {
    const block = manifest.install.components[component]?.capability;
    if (block === undefined) return [];
    const hooks = block.hooks.flatMap((line) => parseHookLine(line) ?? []);
    return [{ component, block, hooks, contentSha: contentSha(manifest, component, block) }];
  });
}

/** The identity consent is bound to: the block itself and every file the component installs, by hash. */
function contentSha(manifest: Manifest, component: string, block: CapabilityInstall): string {
  const c = manifest.install.components[component];
  const dirs = c?.owned_dirs ?? [];
  const files = new Set(c?.owned_files ?? []);
  const inComponent = (path: string): boolean =>
    files.has(path) || dirs.some((d) => path.startsWith(`${d}/`));
  const lines = manifest.install.artifact_hashes.filter((line) => inComponent(hashLine(line)?.[0] ?? ""));
  return sha256(`${JSON.stringify(block)}\n${lines.join("\n")}`);
}
