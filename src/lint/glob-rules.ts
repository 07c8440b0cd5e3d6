import picomatch from "picomatch";
import type { RuleFolderRead } from "../clients/model.js";
import { readModel, ruleFolderOf, ruleMeaning } from "../session-load/index.js";
import { rawGlobsQuoted, rawGlobsSplitInBraces } from "../shared/globs/raw-globs.js";
import { otherGlobsFieldFinding } from "./checks/rule-globs-field-read.js";
import { unmatchedGlobFinding } from "./checks/rule-globs-match-files.js";
import { writtenGlobProblem } from "./checks/rule-globs-written-as-read.js";
import { ClientFindings } from "./client-findings.js";
import {
  type ClientView,
  type LineEdit,
  type LintContext,
  pathThroughLinks,
  type RuleResult,
} from "./lint-context.js";
import { frontmatterLines, globsFields } from "./native-frontmatter.js";

/**
 * The globs of every rule file a client reads: AGC203 (a globs field of another client, which this one
 * ignores), AGC204 (a glob written so that the client reads something else: unquoted where YAML takes it for
 * an alias, quoted where the client keeps the quotes, or starting with ./ or /) and AGC202 (a glob that
 * matches no file of the project). --fix quotes a glob YAML would misread.
 */
export function globRule(ctx: LintContext): RuleResult {
  const fields = globsFields(ctx.clients.map((c) => c.pack));
  const matches = globMatcher(ctx.files);
  const found = new ClientFindings();
  const edits: LineEdit[] = [];
  for (const view of ctx.clients) {
    const client = view.pack.name;
    const folders = readModel(view.pack).rules;
    for (const item of view.load.items.filter((i) => i.kind === "rule")) {
      for (const path of [item.path, ...item.copies]) {
        const folder = ruleFolderOf(folders, path);
        const text = ctx.tree.text(path);
        const markdown = ctx.markdown(path, view.pack);
        if (!folder?.globs_field || text === undefined || !markdown) continue;
        const field = folder.globs_field;
        const other = fields.find((f) => f !== field && markdown.values[f] !== undefined);
        const meaning = ruleMeaning(folder, text);
        if (markdown.values[field] === undefined && other !== undefined) {
          const always = meaning.always;
          found.add(`203\0${path}\0${field}\0${always}`, client, (who) =>
            otherGlobsFieldFinding(
              { dir: folder.dir, field, other, always },
              who,
              markdown.positionOf(other),
            ),
          );
        }
        edits.push(...writtenGlobs(found, view, folder, path, text));
        // a value the client reads as written, brackets included or split inside braces, is AGC204's: no glob
        // of it is the one meant, to match
        const written = markdown.values[field];
        const raw = (view.pack.rule_triggers?.raw_fields ?? []).includes(field);
        if (
          raw &&
          typeof written === "string" &&
          (rawGlobsQuoted(written) || rawGlobsSplitInBraces(written) !== undefined)
        )
          continue;
        for (const glob of meaning.globs) {
          if (/^["']|["']$/.test(glob) || glob.startsWith("./") || glob.startsWith("/") || matches(glob))
            continue;
          // once per file, whichever link a client reaches it through
          found.add(`202\0${pathThroughLinks(ctx.tree, path)}\0${glob}`, client, (who) =>
            unmatchedGlobFinding(glob, path, who, markdown.positionOf(field, "value")),
          );
        }
      }
    }
  }
  return { diagnostics: found.list(), edits };
}

/** AGC204 on the lines of one rule file's globs field, with the quoting --fix adds. */
function writtenGlobs(
  found: ClientFindings,
  view: ClientView,
  folder: RuleFolderRead,
  file: string,
  text: string,
): LineEdit[] {
  const field = folder.globs_field ?? "";
  const raw = (view.pack.rule_triggers?.raw_fields ?? []).includes(field);
  const edits: LineEdit[] = [];
  const client = view.pack.name;
  let inField = false;
  for (const { line, text: lineText } of frontmatterLines(text)) {
    const own = lineText.match(new RegExp(`^${field}:\\s*(.*)$`));
    if (own) inField = true;
    else if (!/^\s+-\s|^\s*-\s/.test(lineText)) inField = false;
    if (!inField) continue;
    const item = own ? (own[1] ?? "") : lineText.replace(/^\s*-\s+/, "");
    const prefix = lineText.slice(0, lineText.length - item.length);
    const value = item.trim();
    const column = prefix.length + 1;
    const at = { file, line, column };
    if (value === "") continue;
    const problem = writtenGlobProblem({ value, prefix, field, raw }, at);
    if (!problem) continue;
    const key = `${file}\0${line}\0${raw}${problem.kind === "lead" ? "\0lead" : ""}`;
    found.add(key, client, problem.finding);
    if (problem.quoted !== undefined) edits.push({ file, line, op: "replace", text: problem.quoted });
  }
  return edits;
}

/** Whether a glob matches a file of the project; each glob is compiled and tried once. */
function globMatcher(files: readonly string[]): (glob: string) => boolean {
  const known = new Map<string, boolean>();
  return (glob) => {
    const cached = known.get(glob);
    if (cached !== undefined) return cached;
    const test = picomatch(glob, { dot: true });
    // Only files under the glob's literal folder can match it.
    const base = picomatch.scan(glob).base;
    const prefix = base === "" ? "" : `${base}/`;
    const found = files.some(
      (file) => (prefix === "" || file.startsWith(prefix) || file === base) && test(file),
    );
    known.set(glob, found);
    return found;
  };
}
