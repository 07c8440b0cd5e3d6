import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";
import { runImport } from "../support/import-run.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Issue 29, part 2: globs are read in every form each client's files are written in, and come back as the
 * same list of globs in core/rules (docs/import.md, "Globs in every form").
 */
interface Client {
  /** The rule file import reads, and the frontmatter lines before and after the glob field. */
  file: string;
  key: string;
  before?: string;
  after?: string;
}

const clients: Record<string, Client> = {
  "claude-code": { file: ".claude/rules/r.md", key: "paths" },
  cline: { file: ".clinerules/r.md", key: "paths" },
  cursor: {
    file: ".cursor/rules/r.mdc",
    key: "globs",
    before: "description: R",
    after: "alwaysApply: false",
  },
  "github-copilot": { file: ".github/instructions/r.instructions.md", key: "applyTo" },
  kiro: { file: ".kiro/steering/r.md", key: "fileMatchPattern", before: "inclusion: fileMatch" },
  windsurf: { file: ".windsurf/rules/r.md", key: "globs", before: "trigger: glob" },
};

/** Each form a person writes, as the text after "key:", and the globs it means. */
const forms: [string, string, string[]][] = [
  ["a YAML block list", '\n  - "src/**/*.ts"\n  - test/**', ["src/**/*.ts", "test/**"]],
  ["a JSON array in one line", ' ["**/*.py", "scripts/*.sh"]', ["**/*.py", "scripts/*.sh"]],
  ["a comma string", " src/**/*.ts, lib/**/*.js", ["src/**/*.ts", "lib/**/*.js"]],
  ["an unquoted star", " *.css", ["*.css"]],
  ["a brace group, one glob", " src/**/*.{ts,tsx}", ["src/**/*.{ts,tsx}"]],
  ["a brace group beside another glob", ' "web/**/*.{ts,tsx},docs/**"', ["web/**/*.{ts,tsx}", "docs/**"]],
  ["one quoted string", " 'app/api/**/*.ts'", ["app/api/**/*.ts"]],
];

describe("globs in every form each client accepts (issue 29, part 2)", () => {
  for (const [client, shape] of Object.entries(clients))
    for (const [form, written, globs] of forms)
      it(`${client}: ${form}`, async () => {
        const matter = [shape.before, `${shape.key}:${written}`, shape.after].filter((l) => l !== undefined);
        const project = testdir({ [shape.file]: `---\n${matter.join("\n")}\n---\nKeep it short.\n` });
        const run = await runImport(project, "--from", client);
        assert.equal(run.status, 0, run.stderr);
        const text = readFileSync(join(run.out, "core/rules/r.md"), "utf8");
        const front = parse(text.split("---\n")[1] ?? "");
        assert.equal(front.trigger, "glob", text);
        assert.deepEqual(front.globs, globs, text);
      });
});

describe("a load condition that cannot be carried is reported, never changed silently (issue 29, part 2)", () => {
  it("Cursor: a JSON-array globs value, which Cursor reads as written, is imported as the globs meant, said as lint says it", async () => {
    const rule = '---\ndescription: Python\nglobs: ["**/*.py"]\nalwaysApply: false\n---\nUse ruff.\n';
    const project = testdir({ ".cursor/rules/py.mdc": rule, "app/main.py": "print(1)\n" });
    const run = await runImport(project, "--from", "cursor", "--verbose");
    assert.equal(run.status, 0, run.stderr);
    const text = readFileSync(join(run.out, "core/rules/py.md"), "utf8");
    assert.deepEqual(parse(text.split("---\n")[1] ?? "").globs, ["**/*.py"], text);
    const fact =
      'Cursor reads globs as written, quotes and brackets included: ["**/*.py"] is not the glob meant';
    const said = run.json.diagnostics.filter((d: { file: string }) => d.file === ".cursor/rules/py.mdc");
    assert.ok(
      said.some((d: { id: string; message: string }) => d.id === "AGC128" && d.message.startsWith(fact)),
      JSON.stringify(said, null, 1),
    );
    const lint = await runAgentc(["lint", project, "--format", "json"]);
    const linted = JSON.parse(lint.stdout).diagnostics.filter(
      (d: { file: string }) => d.file === ".cursor/rules/py.mdc",
    );
    assert.deepEqual(
      linted.map((d: { id: string; message: string }) => `${d.id} ${d.message}`),
      [`AGC204 ${fact}`],
      "lint says the same, and reads no glob of it to match (no AGC202)",
    );
  });

  it("Cursor: a brace group with a comma, which Cursor splits, is imported as the globs meant; lint fixes the file", async () => {
    const rule =
      "---\ndescription: React\nglobs: src/*.{ts,tsx}, test/**\nalwaysApply: false\n---\nUse hooks.\n";
    const project = testdir({
      ".cursor/rules/web.mdc": rule,
      "src/app.tsx": "export {};\n",
      "src/index.ts": "export {};\n",
      "test/app.test.ts": "export {};\n",
    });
    const run = await runImport(project, "--from", "cursor", "--verbose");
    assert.equal(run.status, 0, run.stderr);
    const text = readFileSync(join(run.out, "core/rules/web.md"), "utf8");
    assert.deepEqual(parse(text.split("---\n")[1] ?? "").globs, ["src/*.{ts,tsx}", "test/**"], text);
    const said = run.json.diagnostics.filter((d: { file: string }) => d.file === ".cursor/rules/web.mdc");
    assert.ok(
      said.some(
        (d: { id: string; message: string; hint?: string }) =>
          d.id === "AGC128" &&
          d.message.startsWith("Cursor reads globs as written, split at every comma, inside braces too") &&
          d.hint?.includes("globs: src/*.ts, src/*.tsx, test/**"),
      ),
      JSON.stringify(said, null, 1),
    );
    const lint = await runAgentc(["lint", project, "--format", "json"]);
    const linted = JSON.parse(lint.stdout).diagnostics.filter(
      (d: { file: string }) => d.file === ".cursor/rules/web.mdc",
    );
    assert.deepEqual(
      linted.map((d: { id: string; line: number }) => `${d.id}:${d.line}`),
      ["AGC204:3"],
      "no AGC202 for the halves Cursor reads",
    );
    await runAgentc(["lint", project, "--fix", "--yes"]);
    assert.equal(
      readFileSync(join(project, ".cursor/rules/web.mdc"), "utf8"),
      rule.replace("src/*.{ts,tsx}, test/**", "src/*.ts, src/*.tsx, test/**"),
    );
    const after = await runAgentc(["lint", project, "--format", "json"]);
    assert.deepEqual(
      JSON.parse(after.stdout).diagnostics.filter(
        (d: { file: string }) => d.file === ".cursor/rules/web.mdc",
      ),
      [],
    );
  });

  it("Cursor: globs on a rule that applies always are said not to be carried, and the rule stays always on", async () => {
    const project = testdir({
      ".cursor/rules/r.mdc":
        "---\ndescription:\nglobs: src/**/*.ts\nalwaysApply: true\n---\nKeep it short.\n",
    });
    const run = await runImport(project, "--from", "cursor", "--verbose");
    assert.equal(run.status, 0, run.stderr);
    const text = readFileSync(join(run.out, "core/rules/r.md"), "utf8");
    assert.equal(parse(text.split("---\n")[1] ?? "").trigger, "always_on", text);
    const said = run.json.diagnostics.filter((d: { file: string }) => d.file === ".cursor/rules/r.mdc");
    assert.ok(
      said.some((d: { message: string }) =>
        /"globs" of \.cursor\/rules\/r\.mdc is not carried/.test(d.message),
      ),
      JSON.stringify(said, null, 1),
    );
  });

  it("Kiro: an inclusion it does not document is imported as always on, and said so", async () => {
    const project = testdir({ ".kiro/steering/r.md": "---\ninclusion: sometimes\n---\nKeep it short.\n" });
    const run = await runImport(project, "--from", "kiro", "--verbose");
    assert.equal(run.status, 0, run.stderr);
    const said = run.json.diagnostics.filter((d: { file: string }) => d.file === ".kiro/steering/r.md");
    assert.ok(
      said.some((d: { message: string }) => /no load condition .* matches the frontmatter/.test(d.message)),
      JSON.stringify(said, null, 1),
    );
  });
});
