import type { ClientPack } from "../clients/model.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { NativeFile } from "../import/model.js";
import type { ProjectTree, SessionLoad } from "../session-load/index.js";
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
