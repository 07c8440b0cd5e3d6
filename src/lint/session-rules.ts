import { alwaysLoadedWithinLimit } from "../checks/clients/always-loaded-within-limit.js";
import { clientLoadsEachItemOnce } from "../checks/clients/client-loads-each-item-once.js";
import { clientReadsWhatWasWritten } from "../checks/clients/client-reads-what-was-written.js";
import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { type LoadedText, loadedCharacters, repeatedTexts } from "../session-load/index.js";
import { defaultAlwaysLoadedLimit } from "../shared/text-budget.js";
import { ClientFindings, plural } from "./client-findings.js";
import type { ClientView, LintContext, RuleResult } from "./lint-context.js";

/** How many of the biggest texts an over-the-limit message names. */
const namedTexts = 3;

const start = (file: string) => ({ file, line: 1, column: 1 });
const who = ({ pack }: ClientView) => `${pack.client} (${pack.name})`;
const size = (text: LoadedText) => Array.from(text.text).length;

/**
 * AGC090 on a project: what a client carries into every session, against its pack's limit. A warning here,
 * as AGC151 and AGC152 are: the project works, at a cost in context (an install reports them so too).
 */
export function alwaysLoadedRule(ctx: LintContext): RuleResult {
  const diagnostics: Diagnostic[] = [];
  for (const view of ctx.clients) {
    const total = loadedCharacters(view.load);
    const limit = view.pack.always_loaded_limit ?? defaultAlwaysLoadedLimit;
    if (total <= limit) continue;
    const biggest = [...view.load.texts].sort((a, b) => size(b) - size(a) || (a.path < b.path ? -1 : 1));
    const named = biggest.slice(0, namedTexts).map((t) => `${t.path} ${size(t)}`);
    const more = biggest.length > namedTexts ? `, and ${biggest.length - namedTexts} more` : "";
    diagnostics.push(
      diagnostic(alwaysLoadedWithinLimit, {
        position: start(biggest[0]?.source ?? ""),
        severity: "warning",
        message: `${who(view)} loads ${total} characters into every session, over its limit of ${limit}; biggest: ${named.join(", ")}${more}`,
        hint: "Give rules a glob so they load only when a matching file is in play, move detail into skills, or cut text.",
      }),
    );
  }
  return { diagnostics };
}

/** AGC151 on a project: a text or an item one client loads twice. */
export function loadedTwiceRule(ctx: LintContext): RuleResult {
  const diagnostics: Diagnostic[] = [];
  for (const view of ctx.clients) {
    for (const [first, again] of repeatedTexts(view.load))
      diagnostics.push(
        diagnostic(clientLoadsEachItemOnce, {
          position: start(again.from ?? again.path),
          severity: "warning",
          message: `${who(view)} loads the text of ${first.source} twice: as ${describe(first)} and as ${describe(again)}`,
          hint: "Keep one: remove the import or the copy this client reads anyway, or make the second file a link it recognises.",
          related: [
            { position: start(first.from ?? first.path), message: `first loaded as ${describe(first)}` },
          ],
        }),
      );
    for (const item of view.load.items.filter((i) => i.copies.length > 0))
      diagnostics.push(
        diagnostic(clientLoadsEachItemOnce, {
          position: start(item.copies[0] ?? item.path),
          severity: "warning",
          message: `${who(view)} loads ${item.kind} ${item.name} ${item.copies.length + 1} times: ${[item.path, ...item.copies].join(", ")}`,
          hint: "Keep one file of the name in the folders this client reads, or give the copies names of their own.",
          related: [
            { position: start(item.path), message: `${item.kind} ${item.name} loaded from here first` },
          ],
        }),
      );
  }
  return { diagnostics: onceEach(diagnostics) };
}

/**
 * AGC152 on a project: a file of an item that a client passes over for another of the same name. A copy
 * with the same text (often the same folder through a link) is passed over at no cost and not reported.
 */
export function shadowedRule(ctx: LintContext): RuleResult {
  const found = new ClientFindings();
  for (const { pack, load } of ctx.clients)
    for (const item of load.items)
      for (const path of item.shadowed) {
        if (ctx.tree.text(path) === ctx.tree.text(item.path)) continue;
        found.add(`${path}\0${item.path}`, pack.name, (who) =>
          diagnostic(clientReadsWhatWasWritten, {
            position: start(path),
            severity: "warning",
            message: `${who} never read${plural(who)} ${path}: ${item.kind} ${item.name} is taken from ${item.path}, read first, and the two differ`,
            hint: "Delete the copy that is passed over, or make the two the same (a link), or rename one of them if both are meant.",
            related: [{ position: start(item.path), message: `the ${item.kind} used instead` }],
          }),
        );
      }
  return { diagnostics: found.list() };
}

function describe(text: LoadedText): string {
  if (text.via === "import") return `an import in ${text.from}`;
  if (text.via === "link") return `${text.path} (a link to ${text.source})`;
  return text.path;
}

/** One diagnostic per place and message (several clients may find the same thing). */
export function onceEach(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.id}\0${d.file}\0${d.line}\0${d.column}\0${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
