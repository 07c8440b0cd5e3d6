import {
  json,
  notesFiles,
  notesManifest,
  withCapability,
} from "../../capabilities/checks/capability-fixtures.js";
import type { CapabilityPackage } from "../../capabilities/model.js";
import { packageContents } from "../../capabilities/package-contents.js";
import type { Finding } from "../../diagnostics/check-meta.js";
import type { RegistryCheck } from "../check.js";

export const capabilityNamesUnique: RegistryCheck = {
  id: "AGC096",
  slug: "capability-names-unique",
  stage: "registry",
  severity: "error",
  title: "Capability ids, slugs and agent instances are unique",
  description:
    "A package is installed under .agents/capabilities/<slug> (the slug is its command, else its id) and each of its agents under .agents/local-agents/<name>. Two packages with one id, one slug or one agent name would install over each other.",
  hint: "Rename the capability (or its command), or the agent's folder.",
  get examples() {
    return {
      passing: withCapability(notesManifest),
      failing: {
        ...withCapability(notesManifest),
        "capabilities/notes-copy/capability.json": json({ ...notesManifest, layer: "tasks" }),
        ...Object.fromEntries(
          Object.entries(notesFiles).map(([path, text]) => [`capabilities/notes-copy/${path}`, text]),
        ),
      },
      expected: [
        'capabilities/notes-copy/capability.json:2:17: error AGC096 capabilities/notes-copy/capability.json uses the capability id "acme.notes" that capabilities/notes/capability.json already uses',
      ],
    };
  },
  *run(registry) {
    const claimed = new Map<string, CapabilityPackage>();
    for (const pkg of registry.capabilities) {
      const reported = new Set<CapabilityPackage>();
      for (const [what, name, path] of claims(pkg)) {
        const earlier = claimed.get(`${what}\n${name}`);
        if (!earlier) claimed.set(`${what}\n${name}`, pkg);
        else if (what === "agent" || !reported.has(earlier)) {
          reported.add(earlier);
          yield clash(pkg, earlier, what, name, path);
        }
      }
    }
  },
};

type Claim = [what: string, name: string, path: (string | number)[]];

function claims(pkg: CapabilityPackage): Claim[] {
  return [
    ["capability id", pkg.manifest.capability, ["capability"]],
    ["slug", pkg.slug, pkg.manifest.command ? ["command"] : ["capability"]],
    ...packageContents(pkg).agents.map((agent): Claim => ["agent", agent.name, ["agents", agent.index]]),
  ];
}

function clash(
  pkg: CapabilityPackage,
  earlier: CapabilityPackage,
  what: string,
  name: string,
  path: Claim[2],
): Finding {
  return {
    position: pkg.document.positionOf(path),
    message: `${pkg.manifestFile} uses the ${what} "${name}" that ${earlier.manifestFile} already uses`,
    related: [
      {
        position: earlier.document.positionOf(["capability"]),
        message: `the package that uses "${name}" first`,
      },
    ],
  };
}
