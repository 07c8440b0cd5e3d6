import type { Fixture } from "../../diagnostics/check-meta.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A capability manifest that passes every check, with the files it names. */
export const notesManifest = {
  capability: "acme.notes",
  command: "notes",
  version: "1.0.0",
  description: "Shared notes for the team.",
  layer: "knowledge",
  skills: ["skills"],
  environment: ["ACME_NOTES_DIR"],
  hooks: {
    spawn: { command: "bin/hook.mjs spawn", required: true },
    retire: "bin/hook.mjs retire",
  },
};

export const notesFiles: Fixture = {
  "skills/take-notes/SKILL.md": "---\nname: take-notes\ndescription: Writes notes.\n---\n# Take notes\n",
  "bin/hook.mjs": 'console.log(JSON.stringify({ env: { ACME_NOTES_DIR: "/tmp/notes" } }));\n',
};

/** The base registry plus one package at capabilities/<dir>/: its manifest (an object) and files. */
export function withCapability(manifest: object, files: Fixture = notesFiles, dir = "notes"): Fixture {
  return withBase({
    [`capabilities/${dir}/capability.json`]: json(manifest),
    ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`capabilities/${dir}/${path}`, text])),
  });
}

export function withNotes(changes: object): Fixture {
  return withCapability({ ...notesManifest, ...changes });
}
