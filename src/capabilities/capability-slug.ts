import type { CapabilityManifest } from "./model.js";

/** `command` when set, else the id without a leading '@' and with every other character a path cannot hold as '-'. */
export function capabilitySlug(manifest: CapabilityManifest): string {
  if (manifest.command) return manifest.command;
  return manifest.capability.replace(/^@/, "").replace(/[^a-z0-9._-]/g, "-");
}

export function componentId(slug: string): string {
  return `capability-${slug}`;
}

/** The component of a package's skills compiled for one client pack: installed when both are chosen. */
export function jointComponentId(slug: string, client: string): string {
  return `${componentId(slug)}+${client}`;
}
