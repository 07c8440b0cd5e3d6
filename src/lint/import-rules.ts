import { instructionsImportNoSecrets } from "../checks/output/instructions-import-no-secrets.js";
import { findImports, type ImportHit } from "../clients/instruction-imports.js";
import { diagnostic } from "../diagnostics/check-meta.js";
import { linkTargetPath } from "../session-load/index.js";
import { maskCode } from "../shared/markdown-code.js";
import { secretPathRule } from "../shared/secret-path-rule.js";
import { importedAgainFinding } from "./checks/instruction-import-once.js";
import { missingImportFinding } from "./checks/instruction-import-resolves.js";
import { ClientFindings } from "./client-findings.js";
import type { LineEdit, LintContext, RuleResult } from "./lint-context.js";

/**
 * The imports of every instruction file a client reads (its pack's instruction_imports forms), followed as
 * the client follows them: AGC107 (an import of a secret file, which puts it into the context), AGC205 (an
 * import of a file that is not there) and AGC206 (one file importing one path twice; --fix drops a later
 * line that holds nothing but the import).
 */
export function importRule(ctx: LintContext): RuleResult {
  const found = new ClientFindings();
  const edits: LineEdit[] = [];
  for (const { pack, load } of ctx.clients) {
    const forms = pack.instruction_imports ?? [];
    if (forms.length === 0) continue;
    for (const text of load.texts.filter((t) => t.via !== "rule")) {
      const seen = new Map<string, number>();
      const lines = text.text.split("\n");
      const prose = maskCode(text.text).split("\n");
      for (const hit of findImports(text.text, forms)) {
        const written = hit.written.replace(/[.,;:!?)]+$/, "");
        const at = { file: text.path, line: hit.line + 1, column: hit.column };
        const secret = secretPathRule(hit.path);
        if (secret) {
          found.add(`107\0${at.file}\0${at.line}\0${at.column}`, pack.name, (who) =>
            diagnostic(instructionsImportNoSecrets, {
              position: at,
              message: `"${written}" imports ${importedPath(text.source, hit.path)}, a secret file (the guard's rule ${secret}): ${who} would read it into the assistant's context`,
            }),
          );
          continue;
        }
        if (!meantAsFile(hit, prose)) continue;
        const target = importedPath(text.source, hit.path);
        if (ctx.tree.text(target) === undefined)
          found.add(`205\0${at.file}\0${at.line}\0${at.column}`, pack.name, (who) =>
            missingImportFinding(at, written, target, who),
          );
        const first = seen.get(target);
        if (first === undefined) {
          seen.set(target, hit.line + 1);
          continue;
        }
        found.add(`206\0${at.file}\0${at.line}\0${at.column}`, pack.name, () =>
          importedAgainFinding(at, text.path, target, first),
        );
        if ((lines[hit.line] ?? "").trim() === hit.written && text.via !== "import")
          edits.push({ file: text.path, line: hit.line + 1, op: "delete" });
      }
    }
  }
  return { diagnostics: found.list(), edits };
}

/**
 * Whether an import is meant as a file of the project, for AGC205 and AGC206: in prose (not a code span,
 * where `@scope/package` and `@user` are names), relative, and naming a file with an extension. A secret
 * path counts wherever it is (AGC107): a client that follows imports in code reads it too.
 */
function meantAsFile(hit: ImportHit, prose: readonly string[]): boolean {
  if (hit.path.startsWith("/") || hit.path.startsWith("~")) return false;
  if (!/\.[A-Za-z0-9]+$/.test(hit.path.split("/").at(-1) ?? "")) return false;
  const line = prose[hit.line] ?? "";
  return line.slice(hit.column - 1, hit.column - 1 + hit.written.length).trim() !== "";
}

/** The project path an import names, from the importing file's folder (an absolute or home path as written). */
function importedPath(importer: string, path: string): string {
  return path.startsWith("/") || path.startsWith("~") ? path : linkTargetPath(importer, path);
}
