import { withNotes } from "../../capabilities/checks/capability-fixtures.js";
import type { RegistryCheck } from "../check.js";

export const environmentUsesVendorPrefix: RegistryCheck = {
  id: "AGC102",
  slug: "environment-uses-vendor-prefix",
  stage: "registry",
  severity: "error",
  title: "A dotted capability declares only environment names of its vendor",
  description:
    "The environment list names the variables a spawn hook may set for the agent, and the trust gate approves them by name. A dotted id (acme.notes) belongs to a vendor (acme), whose names start with its prefix (ACME_); a name outside it could set another tool's variable (PATH, AWS_PROFILE) in the agent's environment.",
  hint: "Rename the variable to start with the vendor prefix.",
  get examples() {
    return {
      passing: withNotes({}),
      failing: withNotes({ environment: ["ACME_NOTES_DIR", "NOTES_TOKEN"] }),
      expected: [
        'capabilities/notes/capability.json:12:5: error AGC102 "NOTES_TOKEN" does not start with ACME_, the prefix of the vendor of "acme.notes"',
      ],
    };
  },
  *run(registry) {
    for (const pkg of registry.capabilities) {
      const prefix = vendorPrefix(pkg.manifest.capability);
      if (prefix === undefined) continue;
      for (const [index, name] of (pkg.manifest.environment ?? []).entries()) {
        if (name.startsWith(prefix)) continue;
        yield {
          position: pkg.document.positionOf(["environment", index]),
          message: `"${name}" does not start with ${prefix}, the prefix of the vendor of "${pkg.manifest.capability}"`,
          hint: `Rename it to ${prefix}${name}, or to another name starting with ${prefix}.`,
        };
      }
    }
  },
};

/** "acme.notes" → "ACME_"; none for an id whose first segment ends with '/' (scoped, "@acme/notes"). */
export function vendorPrefix(id: string): string | undefined {
  const match = /^@?([a-z0-9][a-z0-9_-]*)\./.exec(id);
  if (!match?.[1]) return undefined;
  return `${match[1].toUpperCase().replaceAll("-", "_")}_`;
}
