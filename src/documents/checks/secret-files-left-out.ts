import { diagnostic, type InlineCheck } from "../../diagnostics/check-meta.js";
import { reviewSkill, withCore } from "../../diagnostics/core-fixtures.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";

/** Reported by the registry reader's walk of a skill or capability package folder (registry-reader.ts). */
export const secretFilesLeftOut: InlineCheck = {
  id: "AGC189",
  slug: "secret-files-left-out",
  stage: "load",
  severity: "warning",
  title: "Secret files in skill and capability folders are left out",
  description:
    "Every file of a skill folder, and of a capability package, is copied into each client's copy, and from there into every project that installs the bundle. A file whose name is a secret's by the secret guard's own list (.env and .env.*, id_rsa and the other private keys, *.pem, *.key, *.p12, credentials.json, .netrc, .ssh/, .aws/credentials …) is left out of every copy and named here, so a key that slipped into the registry is not shipped to a whole fleet. Templates the guard allows, such as .env.example, are not secrets (a core skill leaves out every hidden file, as before).",
  hint: "Remove the file from the registry, and replace the secret if it was ever shared; keep a template (.env.example) in its place if the skill needs one.",
  get examples() {
    return {
      passing: withCore({ "skills/review/SKILL.md": reviewSkill, "skills/review/.env.example": "TOKEN=\n" }),
      failing: withCore({
        "skills/review/SKILL.md": reviewSkill,
        "skills/review/id_rsa": "-----BEGIN OPENSSH PRIVATE KEY-----\n",
      }),
      expected: [
        "core/skills/review/id_rsa:1:1: warning AGC189 core/skills/review/id_rsa is a secret file (the guard's rule ssh-private-key): it is left out of every client's copy",
      ],
    };
  },
};

/** A file or folder the guard's list names a secret (`rule`), left out of every copy. */
export function secretLeftOutFinding(path: string, rule: string, isFolder: boolean): Diagnostic {
  return diagnostic(secretFilesLeftOut, {
    position: { file: path, line: 1, column: 1 },
    message: `${path} is a secret ${isFolder ? "folder" : "file"} (the guard's rule ${rule}): it is left out of every client's copy`,
  });
}
