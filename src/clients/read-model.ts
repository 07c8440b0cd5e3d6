import type { ItemFolders } from "../packs/shared/items/item-pack.js";

/**
 * The client's read model: every place it loads from a project at session start, in the order it reads
 * them, and what it loads only once. Evaluated over a tree of files by src/session-load/.
 */
export interface ClientReads {
  instructions: InstructionRead[];
  /** The client expands its instruction_imports inside the instruction files it reads, this deep. */
  imports?: { max_depth: number };
  /** What the client loads only once: a link to a file it loaded, a file whose text it loaded, a file it imported. */
  loads_once: ("links" | "identical-files" | "imports")[];
  rules: RuleFolderRead[];
  skills: ItemFolders;
  agents: ItemFolders;
  commands: ItemFolders;
  /** MCP server lists, in order; `first` when the client reads only the first that exists. */
  mcp: { files: string[]; pick: "all" | "first" };
  settings: string[];
  /** A settings value that switches what the client reads; the model above is its default value's. */
  modes?: ReadModes;
}

/** A read-model switch: where a settings value is, and what each value other than the default reads. */
export interface ReadModes {
  setting: {
    /** JSON files, the first that holds a value wins; "~/" is the person's home folder. */
    files: string[];
    /** Key paths inside a file, tried in order. */
    keys: string[][];
    /** Settings files where the value is not read (it changes nothing there). */
    ignored_files?: string[];
  };
  default: string;
  values: Record<string, ReadsInMode>;
}

/** The parts of the read model one value of a switch replaces. */
export interface ReadsInMode {
  instructions?: InstructionRead[];
  rules?: RuleFolderRead[];
}

export interface InstructionRead {
  path: string;
  /** The file is read only when none of these exists (a fallback). */
  unless?: string[];
  /** The first client version that reads it, when it is new. */
  since?: string;
}

/** A rule folder: its files with the extension, and when a file loads at every session start. */
export interface RuleFolderRead {
  dir: string;
  extension: string;
  /** "every-file", or frontmatter tests that must all hold (a field missing, or equal to a value). */
  always_when: "every-file" | RuleAlwaysTest[];
  /** False: only the folder's own files, not those of its subfolders (default true). */
  recursive?: boolean;
  /** The frontmatter field holding a conditional rule's globs (a list or a comma string). */
  globs_field?: string;
}

export interface RuleAlwaysTest {
  field: string;
  /** True: the field is absent (or there is no frontmatter). */
  absent?: boolean;
  equals?: string | boolean;
  /** With equals: a file without the field loads always too. */
  or_absent?: boolean;
}
