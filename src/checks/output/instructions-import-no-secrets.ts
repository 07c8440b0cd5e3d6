import { builtinPackFields } from "../../clients/builtin-pack-fields.js";
import { findImports, mayHoldImports } from "../../clients/instruction-imports.js";
import type { Finding } from "../../diagnostics/check-meta.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import { ruleFile, withBase } from "../../diagnostics/fixture-base.js";
import type { EmittedFile } from "../../emit/emitted-tree.js";
import type { Registry } from "../../registry/model.js";
import { ruleTextPosition } from "../../registry/rules/rule-position.js";
import { secretPathRule } from "../../shared/secret-path-rule.js";
import { countWork } from "../../shared/work-counts.js";
import type { OutputCheck } from "../check.js";
import { emittedAt } from "../clients/emitted-files.js";
import { type ImportForm, importForms } from "./import-forms.js";

const rule = (line: string) =>
  withBase({
    "rules/code-style.md": ruleFile(
      ["scope: global", "description: How we write code here.", "trigger: any-code"],
      "# Code Style",
      ["- Prefer small functions.", line],
    ),
  });

/** Emitted files an assistant reads as instructions (its imports are followed there). */
const instructionKinds = new Set(["root", "rule", "skill", "agent", "command", "shared-core", "shared-seed"]);
const instructionFile = /\.(md|mdc|toml)$/;

export const instructionsImportNoSecrets: OutputCheck = {
  id: "AGC107",
  slug: "instructions-import-no-secrets",
  stage: "output",
  severity: "error",
  title: "No instruction file imports a secret file",
  description:
    "Claude Code and Gemini CLI follow @path imports in their instruction files, Cursor and OpenCode @file references, Kiro #[[file:path]]: the imported file's text goes into the assistant's context, and from there into prompts, logs and commits. An import of a secret path (.env, private keys, cloud credentials: the secret guard's own list) in a rule, a core file, a capability package or any file the build composes is an error. The import forms are data in each client pack and adapter (instruction_imports); each is applied to every instruction file, since one file is read by many assistants (AGENTS.md as CLAUDE.md and GEMINI.md).",
  hint: 'Remove the import. Say where the value comes from instead ("the API key is in the environment variable API_KEY"), or import a template such as .env.example.',
  get examples() {
    return {
      passing: rule("- The keys are listed in @.env.example."),
      failing: rule("- See @.env for the keys."),
      expected: [
        "rules/code-style.md:9:7: error AGC107 \"@.env\" imports .env, a secret file (the guard's rule env-file): Amp, Antigravity, Claude Code, Cursor, Gemini CLI, GitHub Copilot, goose, Kilo Code CLI, OpenCode would read it into the assistant's context",
      ],
    };
  },
  *run(registry, tree) {
    const forms = importForms([...builtinPackFields(), ...registry.clients], registry.adapters);
    const reported = new Set<string>();
    const report = function* (hits: Iterable<LocatedImport>): Generator<Finding> {
      for (const hit of hits) {
        const key = `${hit.lineText}\u0000${hit.path}`;
        if (hit.emitted && reported.has(key)) continue;
        reported.add(key);
        const rule = secretPathRule(hit.path);
        if (rule) yield { position: hit.position, message: message(hit, rule) };
      }
    };
    yield* report(sourceImports(registry, forms));
    for (const file of tree.files) {
      if (!readAsInstructions(file)) continue;
      countWork("bytes scanned by output checks", file.bytes.length);
      if (mayHoldImports(file.bytes, forms)) yield* report(emittedImports(file, forms));
    }
  },
};

interface LocatedImport {
  path: string;
  written: string;
  form: ImportForm;
  position: Position;
  lineText: string;
  /** Found in a built file (reported only when no source line said the same). */
  emitted?: { path: string };
}

function message(hit: LocatedImport, rule: string): string {
  const where = hit.emitted ? ` in the built file ${hit.emitted.path}` : "";
  return `"${hit.written}"${where} imports ${hit.path}, a secret file (the guard's rule ${rule}): ${hit.form.readers.join(", ")} would read it into the assistant's context`;
}

/** Imports in the text the registry wrote: rules, core Markdown, capability packages' Markdown. */
function* sourceImports(registry: Registry, forms: ImportForm[]): Generator<LocatedImport> {
  for (const r of registry.rules) {
    for (const hit of findImports(r.text, forms))
      yield {
        ...hit,
        position: ruleTextPosition(r, hit.line, hit.column),
        lineText: lineOf(r.text, hit.line),
      };
  }
  const { rules, skills, agents, commands } = registry.core;
  for (const item of [...rules, ...skills, ...agents, ...commands]) {
    for (const hit of findImports(item.body, forms)) {
      const position = { file: item.file, line: item.bodyLine + hit.line, column: hit.column };
      yield { ...hit, position, lineText: lineOf(item.body, hit.line) };
    }
  }
  for (const pkg of registry.capabilities) {
    for (const [path, bytes] of pkg.files) {
      if (!path.endsWith(".md")) continue;
      yield* fileImports(bytes.toString("utf8"), `${pkg.dir}/${path}`, forms);
    }
  }
}

function* fileImports(text: string, file: string, forms: ImportForm[]): Generator<LocatedImport> {
  for (const hit of findImports(text, forms))
    yield {
      ...hit,
      position: { file, line: hit.line + 1, column: hit.column },
      lineText: lineOf(text, hit.line),
    };
}

/** Line `index` (0-based) of a text. */
function lineOf(text: string, index: number): string {
  return text.split("\n")[index] ?? "";
}

/** A built file: a copied registry file is named by its source; composed text by the built path. */
function* emittedImports(file: EmittedFile, forms: ImportForm[]): Generator<LocatedImport> {
  const text = file.bytes.toString("utf8");
  for (const hit of fileImports(text, file.source ?? "", forms)) {
    const position = file.source ? hit.position : emittedAt(file, hit.position.line, hit.position.column);
    yield { ...hit, position, ...(file.source ? {} : { emitted: { path: file.path } }) };
  }
}

function readAsInstructions(file: EmittedFile): boolean {
  if (file.role === "always-on" || file.role === "scoped") return true;
  if (!instructionFile.test(file.path)) return false;
  return file.client !== undefined && instructionKinds.has(file.client.kind);
}
