import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  notesFiles,
  notesManifest,
  withCapability,
} from "../../src/capabilities/checks/capability-fixtures.js";
import { reviewSkill, withCore } from "../../src/diagnostics/core-fixtures.js";
import { secretFilesLeftOut } from "../../src/documents/checks/secret-files-left-out.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { checkTable } from "../support/check-harness.js";
import { testdir } from "../support/testdir.js";

const secrets = {
  "skills/review/id_rsa": "-----BEGIN OPENSSH PRIVATE KEY-----\n",
  "skills/review/.env": "TOKEN=secret\n",
  "skills/review/.env.local": "TOKEN=secret\n",
  "skills/review/certs/server.pem": "-----BEGIN PRIVATE KEY-----\n",
  "skills/review/scripts/credentials.json": "{}\n",
  "skills/review/.ssh/config": "Host *\n",
};
const harmless = {
  "skills/review/.env.example": "TOKEN=\n",
  "skills/review/id_rsa.pub": "ssh-ed25519 AAAA\n",
  "skills/review/scripts/run.sh": "echo ok\n",
};
const warning = (path: string, rule: string, kind = "file") => ({
  file: path,
  line: 1,
  column: 1,
  message: `${path} is a secret ${kind} (the guard's rule ${rule}): it is left out of every client's copy`,
});

checkTable(secretFilesLeftOut, {
  valid: [
    { name: "the passing example", files: secretFilesLeftOut.examples.passing },
    {
      name: "templates, public keys and scripts",
      files: withCore({ "skills/review/SKILL.md": reviewSkill, ...harmless }),
    },
  ],
  invalid: [
    {
      name: "the failing example",
      files: secretFilesLeftOut.examples.failing,
      findings: [warning("core/skills/review/id_rsa", "ssh-private-key")],
    },
    {
      name: "every kind in a core skill, hidden ones and folders included",
      files: withCore({ "skills/review/SKILL.md": reviewSkill, ...secrets, ...harmless }),
      findings: [
        warning("core/skills/review/id_rsa", "ssh-private-key"),
        warning("core/skills/review/.env", "env-file"),
        warning("core/skills/review/.env.local", "env-file"),
        warning("core/skills/review/certs/server.pem", "key-container"),
        warning("core/skills/review/scripts/credentials.json", "credential-file"),
        warning("core/skills/review/.ssh", "ssh-dir", "folder"),
      ],
    },
    {
      name: "a capability package",
      files: withCapability(notesManifest, {
        ...notesFiles,
        ".env": "KEY=1\n",
        "skills/take-notes/key.p12": "x",
      }),
      findings: [
        warning("capabilities/notes/.env", "env-file"),
        warning("capabilities/notes/skills/take-notes/key.p12", "key-container"),
      ],
    },
  ],
});

describe("secret files are in no client's copy", () => {
  it("a core skill and a capability package: the secrets are left out of the whole tree, the rest is copied", async () => {
    const files = {
      ...withCore({ "skills/review/SKILL.md": reviewSkill, ...secrets, ...harmless }),
      ...withCapability(notesManifest, {
        ...notesFiles,
        ".env": "KEY=1\n",
        "skills/take-notes/id_ed25519": "k",
      }),
    };
    const { tree } = await compileRegistry(testdir(files), { offline: true });
    const paths = (tree?.files ?? []).map((file) => file.path);
    const copies = (name: string) => paths.filter((path) => path.endsWith(`/${name}`));
    assert.ok(copies("review/scripts/run.sh").length > 1, `no copies of the skill: ${paths.join(", ")}`);
    assert.ok(copies("review/id_rsa.pub").length > 1);
    for (const name of [
      "id_rsa",
      ".env",
      ".env.local",
      "server.pem",
      "credentials.json",
      "config",
      "id_ed25519",
    ])
      assert.deepEqual(copies(name), [], name);
  });
});
