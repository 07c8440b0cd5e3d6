import type { ClientPack } from "../clients/model.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { NativeFile } from "../import/model.js";
import type { ProjectTree, SessionLoad } from "../session-load/index.js";
import { maxLinkHops } from "../shared/posix-path.js";
import type { MarkdownReader } from "./native-frontmatter.js";

/** One client's view of the project: its pack and what it loads at session start. */
export interface ClientView {
  pack: ClientPack;
  load: SessionLoad;
}

/** What every lint rule reads: the project as the clients find it, read once. */
export interface LintContext {
  tree: ProjectTree;
  /** The chosen clients, in the packs' order. */
  clients: readonly ClientView[];
  /** Every file of the project (but .git and node_modules), project-relative, in code-point order. */
  files: readonly string[];
  /** The native files import's readers read. */
  natives: readonly NativeFile[];
  /** A native Markdown file's frontmatter with positions, parsed once. */
  markdown: MarkdownReader;
}

/** A change to one line of a file that keeps its meaning (`agentc lint --fix`). */
export interface LineEdit {
  file: string;
  /** 1-based line the edit is at; an insert goes before it. */
  line: number;
  op: "replace" | "delete" | "insert";
  /** The new line (replace), or the lines to insert, joined by "\n". */
  text?: string;
}

/** What one rule finds: its diagnostics and the safe edits that mend some of them. */
export interface RuleResult {
  diagnostics: Diagnostic[];
  edits?: LineEdit[];
}

export type LintRule = (ctx: LintContext) => RuleResult;

/**
 * The path with each folder of it that is a link of the project replaced by where it leads: the one file a
 * client reaches through a linked rules folder and another in the folder it leads to (at most 8 links).
 * A link that leads out of the project, or to nothing readable, leaves the path as it is.
 */
export function pathThroughLinks(tree: ProjectTree, path: string): string {
  const parts = path.split("/");
  for (let hops = 0, i = 1; i < parts.length && hops < maxLinkHops; i++) {
    const target = tree.linkTarget(parts.slice(0, i).join("/"));
    if (target === undefined) continue;
    parts.splice(0, i, ...target.split("/"));
    hops++;
    i = 0;
  }
  const resolved = parts.join("/");
  const outside = resolved === ".." || resolved.startsWith("../") || resolved.startsWith("/");
  return outside || tree.text(resolved) === undefined ? path : resolved;
}
