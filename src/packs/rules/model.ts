import type { LoadTrigger } from "../../core/model.js";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { ItemPack } from "../shared/items/item-pack.js";

export interface RuleFileFormat {
  /** ".md", ".mdc", ".instructions.md". */
  extension: string;
  /** Frontmatter fields the client documents for rule files; anything else emitted is an error. */
  documented_fields: string[];
}

/**
 * How a neutral load trigger becomes the client's frontmatter. A trigger missing from `map` fails
 * the build at the rule that uses it — never silently dropped.
 */
export interface RuleTriggers {
  /** How `{globs}` is written: a YAML list, a comma-separated string, or one string per glob joined by ",". */
  globs_format: "list" | "csv";
  /**
   * Fields written unquoted on one line (Cursor's .mdc reader takes values raw and keeps quotes as
   * part of the value). `{globs}` in such a field is one comma list with brace groups expanded; a
   * value that cannot stay on one unquoted line is reported and the field left out.
   */
  raw_fields?: string[];
  /** What the client assumes for a frontmatter field a rule file leaves out (`agentc import` fills them in). */
  default_fields?: Record<string, string | boolean | number>;
  map: Partial<Record<LoadTrigger, TriggerMapping>>;
}

export interface TriggerMapping {
  /** Frontmatter fields to write; string values may be the slots "{globs}" and "{description}". */
  fields: Record<string, string | boolean | number>;
  /** When the client loads the rule differently from the promise (e.g. model_decision → always): said as a warning/info. */
  deviation?: { severity: "warning" | "info"; message: string };
}

/** A rule as import reads it from one native file (in the core's terms). */
export interface ReadRule {
  name: string;
  /** The load triggers the file is consistent with, preferred first (a client may write several alike). */
  triggers: LoadTrigger[];
  globs?: string[];
  description?: string;
  body: string;
  position: Position;
  /**
   * Set when none of the pack's load conditions matched the frontmatter, so always_on was taken: what
   * that leaves out, said once the readings are merged unless another assistant's reading of the same
   * file, through a link of the project, recognised its condition (src/import/merge/merge-readings.ts).
   */
  guessed?: { position: Position; message: string }[];
  /** Said once merged (an info): the load condition another pack recognised in the file was taken instead. */
  settled?: { position: Position; message: string }[];
}

/** The keys of a client pack the rules section reads. */
export interface RulesPack extends ItemPack {
  rules_dir: string | null;
  rule_file?: RuleFileFormat;
  rule_triggers?: RuleTriggers;
  /** Folders of rule files besides rules_dir that import reads (top level only, unless its read model says otherwise). */
  also_reads?: { rule_dirs?: string[] };
  /** The client's rule folders as it reads them: `recursive: false` where it reads only the top level. */
  reads?: { rules: { dir: string; recursive?: boolean }[] };
}
