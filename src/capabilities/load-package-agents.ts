import type { LoadedClientPack } from "../clients/loaded-client-pack.js";
import { frontmatterYamlFindings } from "../core/checks/core-frontmatter-is-well-formed.js";
import type { CoreAgent } from "../core/model.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { parseYamlBlock } from "../documents/yaml-frontmatter.js";
import { agentPacks } from "./agent-packs.js";
import { withInject } from "./instance-text.js";
import type { CapabilityPackage, PackageAgents } from "./model.js";
import { type NamedFolder, packageContents } from "./package-contents.js";

/**
 * Each package agent (a soul: soul.yaml and AGENTS.md) read as a core agent, when a client pack has
 * subagents: named after its folder like its instance, described by soul.yaml, its text the instance's
 * AGENTS.md (the soul's, then the inject text). It resolves like a local soul wherever the package is.
 */
export function loadPackageAgents(
  packages: readonly CapabilityPackage[],
  clients: readonly LoadedClientPack[],
  diagnostics: Diagnostic[],
): PackageAgents[] {
  if (agentPacks(clients).length === 0) return [];
  return packages.map((pkg) => {
    const { agents, inject } = packageContents(pkg);
    const injected = inject === undefined ? undefined : pkg.files.get(inject);
    return { pkg, agents: agents.flatMap((soul) => soulAgent(pkg, soul, injected, diagnostics)) };
  });
}

function soulAgent(
  pkg: CapabilityPackage,
  soul: NamedFolder,
  inject: Buffer | undefined,
  diagnostics: Diagnostic[],
): CoreAgent[] {
  const file = `${pkg.dir}/${soul.dir}/soul.yaml`;
  const text = pkg.files.get(`${soul.dir}/soul.yaml`)?.toString("utf8") ?? "";
  const { parsed, errors } = parseYamlBlock(file, text, 1);
  diagnostics.push(...frontmatterYamlFindings(errors));
  if (!parsed) return [];
  const { description, model } = parsed.value;
  const body = withInject(pkg.files.get(`${soul.dir}/AGENTS.md`) ?? Buffer.alloc(0), inject).toString("utf8");
  return [
    {
      name: soul.name,
      description:
        typeof description === "string"
          ? description
          : `The ${soul.name} agent of ${pkg.manifest.capability}.`,
      ...(typeof model === "string" ? { model } : {}),
      permissions: { deny: [], ask: [], allow: [] },
      file,
      positionOf: parsed.positionOf,
      body,
      bodyLine: 1,
    },
  ];
}
