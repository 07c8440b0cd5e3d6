import picomatch from "picomatch";
import type { RuleFolderRead } from "../clients/model.js";
import { diagnostic } from "../diagnostics/check-meta.js";
import { readModel, ruleFolderOf, ruleMeaning } from "../session-load/index.js";
import { rawGlobsFact, rawGlobsQuoted } from "../shared/raw-globs.js";
import { ruleGlobsFieldRead } from "./checks/rule-globs-field-read.js";
import { ruleGlobsMatchFiles } from "./checks/rule-globs-match-files.js";
import { ruleGlobsWrittenAsRead } from "./checks/rule-globs-written-as-read.js";
import { ClientFindings, plural } from "./client-findings.js";
import type { ClientView, LineEdit, LintContext, RuleResult } from "./lint-context.js";
import { frontmatterLines, globsFields } from "./native-frontmatter.js";

/** A YAML plain value cannot start with these: `*` opens an alias, `&` an anchor, `!` a tag. */
const yamlIndicator = /^[*&!%@`]/;

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
            diagnostic(ruleGlobsFieldRead, {
              position: markdown.positionOf(other),
              message: `${who} read${plural(who)} the globs of ${folder.dir} rules from "${field}", not "${other}": this rule ${always ? "loads into every session" : "never loads by its globs"}`,
              hint: `Rename "${other}" to "${field}" (the globs stay as they are), or move the file to the folder of the client that reads "${other}".`,
            }),
          );
        }
        edits.push(...writtenGlobs(found, view, folder, path, text));
        // a value the client reads as written, brackets included, is AGC204's: no glob of it is read to match
        const written = markdown.values[field];
        const raw = (view.pack.rule_triggers?.raw_fields ?? []).includes(field);
        if (raw && typeof written === "string" && rawGlobsQuoted(written)) continue;
        for (const glob of meaning.globs) {
          if (/^["']|["']$/.test(glob) || glob.startsWith("./") || glob.startsWith("/") || matches(glob))
            continue;
          found.add(`202\0${path}\0${glob}`, client, (who) =>
            diagnostic(ruleGlobsMatchFiles, {
              position: markdown.positionOf(field, "value"),
              message: `glob "${glob}" of ${path} matches no file of the project: ${who} never load${plural(who)} the rule by it`,
            }),
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
    const key = `${file}\0${line}\0${raw}`;
    if (!raw && yamlIndicator.test(value)) {
      found.add(key, client, (who) =>
        diagnostic(ruleGlobsWrittenAsRead, {
          position: at,
          message: `glob ${value} is unquoted: YAML reads a value starting with "${value[0]}" as ${value[0] === "*" ? "an alias" : "markup"}, so ${who} get${plural(who)} no glob`,
          hint: `Quote it: ${prefix}"${value}" (agentc lint --fix does this).`,
        }),
      );
      edits.push({ file, line, op: "replace", text: `${prefix}"${value.replaceAll('"', '\\"')}"` });
    } else if (raw && rawGlobsQuoted(value))
      found.add(key, client, (who) =>
        diagnostic(ruleGlobsWrittenAsRead, {
          position: at,
          severity: "warning",
          message: `${who} read${plural(who)} ${rawGlobsFact(field, value)}`,
          hint: `Write the globs unquoted on one line, separated by commas: ${field}: src/**/*.ts, test/**/*.ts`,
        }),
      );
    else if (/^["']?\.?\//.test(value))
      found.add(`${key}\0lead`, client, (who) =>
        diagnostic(ruleGlobsWrittenAsRead, {
          position: at,
          severity: "warning",
          message: `glob ${value} starts with ${value.replace(/^["']/, "").startsWith("/") ? "/" : "./"}: ${who} match${who.includes(" and ") ? "" : "es"} project-relative paths, which never start so`,
          hint: "Write the glob relative to the project root without a leading ./ or /: src/**/*.ts.",
        }),
      );
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
