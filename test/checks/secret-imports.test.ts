import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  notesFiles,
  notesManifest,
  withCapability,
} from "../../src/capabilities/checks/capability-fixtures.js";
import type { ImportForm } from "../../src/checks/output/import-forms.js";
import { findImports, mayHoldImports } from "../../src/clients/instruction-imports.js";
import { clientFixture, coreRule } from "../../src/diagnostics/client-fixture.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { agentsMdAdapter, ruleFile, targetsWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { secretPathRule } from "../../src/shared/secret-path-rule.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

async function importFindings(files: Record<string, string>): Promise<string[]> {
  const result = await compileRegistry(testdir(files), { offline: true });
  return result.diagnostics
    .filter((d) => d.id === "AGC107")
    .map((d) => `${d.file}:${d.line}:${d.column} ${d.message.replace(/\): .*$/, ")")}`);
}

const ruleWith = (...body: string[]) =>
  withBase({
    "rules/code-style.md": ruleFile(
      ["scope: global", "description: How we write code here.", "trigger: any-code"],
      "# Code Style",
      body,
    ),
  });

describe("AGC107: a secret import never reaches an instruction file", () => {
  it("a rule holding 'See @.env' in the team example: exit 1 through the real CLI, at the rule's line, nothing built", async () => {
    const dir = testdir();
    cpSync(join(packageRoot, "examples", "team"), dir, { recursive: true });
    const rule = join(dir, "rules/code-style.md");
    writeFileSync(rule, `${readFileSync(rule, "utf8")}\nSee @.env for the keys.\n`);
    const out = join(dir, "build");
    const result = await runAgentc(["build", dir, "--out", out, "--format", "json", "--offline"]);
    assert.equal(result.status, 1, result.stderr);
    const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
    const own = diagnostics.filter((d) => d.id === "AGC107");
    assert.deepEqual(
      own.map((d) => `${d.severity} ${d.file}:${d.line}:${d.column}`),
      ["error rules/code-style.md:12:5"],
    );
    assert.match(
      own[0]?.message ?? "",
      /^"@\.env" imports \.env, a secret file \(the guard's rule env-file\): .*Claude Code/,
    );
    assert.equal(existsSync(join(out, "AGENTS.md")), false);
  });

  it("allows templates and ordinary files, mail addresses, and text that only mentions a secret", async () => {
    assert.deepEqual(
      await importFindings(
        ruleWith(
          "- The keys are listed in @.env.example.",
          "- Read @docs/setup.md first.",
          "- Mail ops@corp.env for access.",
          "- Never open .env or id_rsa.",
        ),
      ),
      [],
    );
  });

  it("finds each assistant's form, as its pack declares it: Kiro's #[[file:]], Gemini's @{} in a command", async () => {
    const found = await importFindings(
      withBase({
        "rules/code-style.md": ruleFile(
          ["scope: global", "description: How we write code here.", "trigger: any-code"],
          "# Code Style",
          ["- Context: #[[file:~/.aws/credentials]]"],
        ),
        "core/commands/deploy.md": [
          "---",
          "description: Deploy.",
          "---",
          "Use @{secrets/prod.key} to sign.",
          "",
        ].join("\n"),
      }),
    );
    assert.deepEqual(found, [
      'core/commands/deploy.md:4:5 "@{secrets/prod.key}" imports secrets/prod.key, a secret file (the guard\'s rule key-container)',
      'rules/code-style.md:8:12 "#[[file:~/.aws/credentials]]" imports ~/.aws/credentials, a secret file (the guard\'s rule aws-credentials)',
    ]);
  });

  it("checks core rules and a capability package's inject text at their own lines", async () => {
    const found = await importFindings({
      ...withCapability(
        { ...notesManifest, inject: "inject.md" },
        { ...notesFiles, "inject.md": "## Notes\n\nKeys: @~/.ssh/id_ed25519\n" },
      ),
      "core/rules/style.md": coreRule("always_on", ["Keep functions short.", "See @config/.env.production"]),
    });
    assert.deepEqual(found, [
      'capabilities/notes/inject.md:3:7 "@~/.ssh/id_ed25519" imports ~/.ssh/id_ed25519, a secret file (the guard\'s rule ssh-private-key)',
      'core/rules/style.md:8:5 "@config/.env.production" imports config/.env.production, a secret file (the guard\'s rule env-file)',
    ]);
  });

  it("reports composed text the registry did not write line by line at the built file", async () => {
    const adapter = {
      ...agentsMdAdapter,
      id: "notes-md",
      output_dir: "notes",
      pinned_global_name: "NOTES",
      global_placement: "none",
      scoped_layout: "flat",
      budget_profile: "scoped",
      frontmatter: ["---", "context: see @.kube/config", "globs: {globs}", "---"],
    };
    const files = withBase({
      "targets.json": targetsWith([agentsMdAdapter, adapter]),
      "rules/testing.md": ruleFile(
        ["scope: scoped", 'globs: ["test/**"]', "description: How tests are written."],
        "# Testing",
        ["- One assertion per case."],
      ),
    });
    const found = await importFindings(files);
    assert.deepEqual(found, [
      '<build>/notes/testing.md:2:14 "@.kube/config" in the built file notes/testing.md imports .kube/config, a secret file (the guard\'s rule kube-config)',
    ]);
  });

  it("takes a registry's own import form from its adapter data", async () => {
    const adapter = { ...agentsMdAdapter, instruction_imports: [{ form: "!include <path>" }] };
    const files = {
      ...ruleWith("- !include deploy/id_rsa"),
      "targets.json": targetsWith([adapter]),
    };
    assert.deepEqual(await importFindings(files), [
      'rules/code-style.md:8:3 "!include deploy/id_rsa" imports deploy/id_rsa, a secret file (the guard\'s rule ssh-private-key)',
    ]);
  });

  it("checks a core skill as the client pack compiles it", async () => {
    const skill = [
      "---",
      "name: review",
      "description: Reviews changes.",
      "---",
      "Compare with @.env.local first.",
      "",
    ];
    assert.deepEqual(
      await importFindings(clientFixture({ "core/skills/review/SKILL.md": skill.join("\n") })),
      [
        'core/skills/review/SKILL.md:5:14 "@.env.local" imports .env.local, a secret file (the guard\'s rule env-file)',
      ],
    );
  });
});

describe("findImports", () => {
  const at: ImportForm = { form: "@<path>", readers: ["A"] };
  const atOutsideCode: ImportForm = { form: "@<path>", outside_code: true, readers: ["B"] };

  it("skips code spans and fenced blocks only for a form that says so", () => {
    const text = ["Use `@.env` here.", "```", "@.env", "```", "And @.env."].join("\n");
    assert.deepEqual(
      findImports(text, [at]).map((h) => `${h.line}:${h.column} ${h.path}`),
      ["0:6 .env", "2:1 .env", "4:5 .env"],
    );
    assert.deepEqual(
      findImports(text, [atOutsideCode]).map((h) => `${h.line}:${h.column} ${h.path}`),
      ["4:5 .env"],
    );
  });

  // A quadratic scan of this line would not end for hours: the timeout stops that, no time is asserted.
  it("stays linear on a line of 1,000,000 '@' characters", { timeout: 300_000 }, () => {
    assert.deepEqual(
      findImports("@".repeat(1_000_000), [at, { form: "#[[file:<path>]]", readers: ["K"] }]),
      [],
    );
  });

  it("decodes no file that holds none of the forms' first characters, and skips no file that holds an import", () => {
    const forms: ImportForm[] = [
      at,
      { form: "@{<path>}", readers: ["G"] },
      { form: "#[[file:<path>]]", readers: ["K"] },
    ];
    const pieces = ["a", " ", "\n", "@", "{", "#", "[[", "file:", ".env", "}", "]]", "é", "`"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        const text = parts.join("");
        const may = mayHoldImports(Buffer.from(text), forms);
        if (findImports(text, forms).length > 0) assert.equal(may, true, text);
        assert.equal(may, text.includes("@") || text.includes("#[[file:"), text);
      }),
      { numRuns: 2000 },
    );
  });

  it("finds a form whose first characters are not ASCII, and only where the text holds them", () => {
    const forms: ImportForm[] = [{ form: "\u00a7\u00e9<path>", readers: ["S"] }];
    const pieces = ["a", "\u00a7", "\u00e9", "\u00c2", "\u00e7", "\u00a7\u00e9", ".env", "\n"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 20 }), (parts) => {
        const text = parts.join("");
        assert.equal(mayHoldImports(Buffer.from(text), forms), text.includes("\u00a7\u00e9"), text);
      }),
      { numRuns: 1000 },
    );
  });

  it("uses the guard's own secret paths", () => {
    assert.equal(secretPathRule(".env"), "env-file");
    assert.equal(secretPathRule(".env.example"), undefined);
  });
});
