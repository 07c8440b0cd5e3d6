import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { notesManifest, withCapability, withNotes } from "./capability-fixtures.js";

export const capabilityManifestMatchesSchema: InlineCheck = {
  id: "AGC095",
  slug: "capability-manifest-matches-schema",
  stage: "load",
  severity: "error",
  title: "A capability package has one manifest, matching the schema",
  description:
    "Each folder of capabilities/ is one package with one manifest, capability.json (or oats.json, its OATS name, never both), checked against schemas/capability.schema.json. An unknown key is an error, so a typo never silently drops a hook or a skill.",
  hint: "Use only the keys docs/capability-packages.md lists; 'required' is allowed on the spawn hook only.",
  examples: {
    passing: withNotes({}),
    failing: withCapability({ ...notesManifest, envirnoment: ["ACME_NOTES_DIR"] }),
    expected: [
      'capabilities/notes/capability.json:20:3: error AGC095 Unexpected key "envirnoment" in the top level',
    ],
  },
};
