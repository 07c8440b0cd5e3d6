import { componentId } from "../capabilities/capability-slug.js";
import { isRuntimeRequirement } from "../capabilities/model.js";
import { parseHookLine } from "../manifest/hook-line.js";
import type { Manifest } from "../manifest/manifest-model.js";
import type { Registry } from "../registry/model.js";
import type { SiteCapability } from "./site-model.js";

/** Each capability package as its manifest component installs it, with what its capability.json requires. */
export function siteCapabilities(registry: Registry, manifest: Manifest): SiteCapability[] {
  return registry.capabilities.flatMap((pkg): SiteCapability[] => {
    const component = componentId(pkg.slug);
    const install = manifest.install.components[component]?.capability;
    if (!install) return [];
    const { manifest: written } = pkg;
    return [
      {
        id: install.id,
        component,
        version: install.version,
        layer: install.layer,
        description: written.description,
        home: install.home,
        hooks: install.hooks.flatMap((line) => {
          const hook = parseHookLine(line);
          return hook ? [{ event: hook.event, required: hook.required, command: hook.command }] : [];
        }),
        environment: install.environment,
        requires: (written.requires ?? []).map((r) => ({
          what: isRuntimeRequirement(r) ? `${r.runtime} package ${r.package}` : `command ${r.command}`,
          why: r.why,
          ...(r.install ? { install: r.install } : {}),
        })),
        skills: written.skills ?? [],
        agents: written.agents ?? [],
        commands: Object.keys(written.commands ?? {}),
      },
    ];
  });
}
