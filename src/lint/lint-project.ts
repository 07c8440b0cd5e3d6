import { builtinClientPacks } from "../clients/load-client-packs.js";
import { type Diagnostic, sortDiagnostics } from "../diagnostics/diagnostic.js";
import { cachedTree, diskTree, sessionLoad } from "../session-load/index.js";
import type { LineEdit, LintContext, LintRule } from "./lint-context.js";
import { markdownReader } from "./native-frontmatter.js";
import { readNatives } from "./read-natives.js";
import { lintRules } from "./rules.js";

export interface LintOptions {
  /** Client ids to lint for; every client agentc knows when absent. */
  clients?: readonly string[];
}

export interface LintResult {
  diagnostics: readonly Diagnostic[];
  /** How many native files import's readers read. */
  filesRead: number;
  /** The safe edits that mend some findings (`agentc lint --fix`), in file and line order. */
  edits?: readonly LineEdit[];
}

/**
 * `agentc lint`: every native assistant file of the project, read with import's readers and the session-load
 * model, held to each client's documented constraints (docs/lint.md). Only reads; nothing is written.
 */
export async function lintProject(root: string, options: LintOptions = {}): Promise<LintResult> {
  const tree = cachedTree(diskTree(root));
  const packs = builtinClientPacks()
    .map((loaded) => loaded.pack)
    .filter((pack) => !options.clients || options.clients.includes(pack.client));
  const natives = readNatives(root, options.clients);
  const ctx: LintContext = {
    tree,
    clients: packs.map((pack) => ({ pack, load: sessionLoad(pack, tree) })),
    files: tree.filesUnder(""),
    natives: natives.files,
    markdown: markdownReader(tree, packs),
  };
  const results = lintRules.map((rule: LintRule) => rule(ctx));
  // A file the readers could not read gets that finding alone: what the rules made of it is guesswork.
  const unreadable = new Set(natives.diagnostics.map((d) => d.file));
  const findings = results.flatMap((r) => r.diagnostics).filter((d) => !unreadable.has(d.file));
  const diagnostics = sortDiagnostics([...natives.diagnostics, ...findings]);
  // Several clients find one fix (a glob two clients read): each edit once, in file and line order.
  const edits = [
    ...new Map(results.flatMap((r) => r.edits ?? []).map((e) => [JSON.stringify(e), e])).values(),
  ]
    .filter((e) => !unreadable.has(e.file))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return {
    diagnostics,
    filesRead: new Set(natives.files.map((f) => f.path)).size,
    ...(edits.length > 0 ? { edits } : {}),
  };
}
