import type { ClientPack } from "../clients/model.js";
import type { PermissionLevel } from "../core/model.js";
import type { Diagnostic, Position } from "../diagnostics/diagnostic.js";
import type { ReadAgent } from "../packs/agents/model.js";
import type { ReadCommand } from "../packs/commands/model.js";
import { type SectionFindings, sections } from "../packs/index.js";
import type { ReadPermission } from "../packs/permissions/model.js";
import type { ReadRule } from "../packs/rules/model.js";
import type { ReadSkill } from "../packs/skills/model.js";
import type { Adapter } from "../registry/model.js";

/** One assistant as the package's data describes it: its rule adapter, its client pack, or both. */
export interface AssistantData {
  id: string;
  name: string;
  adapter?: Adapter;
  pack?: ClientPack;
}

/** A file of the project that import read (or tried to), as the round trip compares it. */
export interface NativeFile {
  /** Project-relative path. */
  path: string;
  /** The file's bytes; absent for a link and for a file that could not be read. */
  bytes?: Buffer;
  /** The text of the link when the path is a symbolic link inside the project. */
  linkTarget?: string;
  /** JSON or TOML files that agentc composes into rather than owns. */
  composed?: "json" | "toml";
  /** An always-on file: its sections became global rules, which the build writes into the always-on file. */
  instructions?: boolean;
  /** An always-on file that only imports the always-on file of the build (nothing but `@AGENTS.md`). */
  onlyImports?: boolean;
  /** Read but not understood (malformed, AGC127): left out of the round trip and of `read`. */
  unreadable?: boolean;
  /**
   * Read at a place that several assistants' data name, none of which the project was found to use by a
   * file of its own: the assistants whose build would write it there again.
   */
  unclaimedBy?: string[];
  /** Its item is not in the registry because core/ refuses a value it needs: it stays the project's file. */
  refused?: boolean;
  /** Why import carried nothing of it (reported where it was read): it stays the project's file. */
  keptBecause?: string;
  /**
   * A command file whose prompt says $ARGUMENTS while its client has no placeholder for it: the build writes the
   * command for no such client (reported at the file), so it stays the project's file.
   */
  unwritable?: boolean;
  /** It holds nothing the registry could carry (a rule file with no text), reported where it was read. */
  nothingCarried?: boolean;
  /** Keys of a composed file the pack writes as they are beside what it composes (a format `version`). */
  extras?: (string | number)[][];
  /** Keys of a composed file that import left out (no neutral equivalent), so the comparison skips them. */
  leftOut?: (string | number)[][];
}

/**
 * Where an item was read: the assistant whose file it is and the file (a skill's folder). The registry gives
 * the item to those assistants only, and keeps each file as it was (native.json), so the build writes it
 * there again byte for byte.
 */
export interface ItemNative {
  client: string;
  path: string;
  /** A skill: the folder, every file below it. */
  folder?: boolean;
  /** The file, or a folder above it, is a symbolic link: the project keeps it, the build writes nothing there. */
  linked?: boolean;
  /** That link: the file, or the folder above it that is one. */
  link?: string;
  /** The client loads the file, but its pack writes no rule (no rules_dir): the item is its, no copy is kept for it. */
  loadsOnly?: boolean;
}

/** A neutral permission rule as core/permissions.json and skill frontmatter write it. */
export interface ImportedPermission extends ReadPermission {
  /** The client packs whose files had the rule's patterns (merged across assistants). */
  readBy?: string[];
  /** The client packs that write it, when not every chosen pack does (core/permissions.json `clients`). */
  clients?: string[];
}

export type ImportedPermissions = Record<PermissionLevel, ImportedPermission[]>;

/**
 * Fields an assistant's native file cannot carry are undefined ("not known from this file"), so that two
 * assistants' files of one item merge: each fills what the other could not write (src/import/merge/merge-items.ts).
 */
export interface ImportedRule extends ReadRule {
  /** The assistants' files it was read from; set once each assistant's files are read. */
  natives?: ItemNative[];
  /** The client packs that compile it, when not every chosen one (core `clients`). */
  clients?: string[];
}

export interface ImportedSkill extends ReadSkill {
  /** The assistants' files it was read from; set once each assistant's files are read. */
  natives?: ItemNative[];
  /** The client packs that compile it, when not every chosen one (core `clients`). */
  clients?: string[];
}

export interface ImportedAgent extends ReadAgent {
  /** The assistants' files it was read from; set once each assistant's files are read. */
  natives?: ItemNative[];
  /** The client packs that compile it, when not every chosen one (core `clients`). */
  clients?: string[];
}

export interface ImportedCommand extends ReadCommand {
  /** The assistants' files it was read from; set once each assistant's files are read. */
  natives?: ItemNative[];
  /** The client packs that compile it, when not every chosen one (core `clients`). */
  clients?: string[];
}

/** One section of an always-on instruction file: a global rule of sources/. */
export interface ImportedSection {
  /** The Markdown from its heading to the next one, without trailing blank lines. */
  text: string;
  /** The rule slug the registry derives from the heading, and the heading's text. */
  slug: string;
  title: string;
  position: Position;
  /** Set when import gave the text above a file's first heading one of its own (the file's name). */
  invented?: boolean;
  /** The heading as the file has it, when it has no Latin letter or digit and import added a number (split-sections.ts). */
  retitledFrom?: string;
}

/** The always-on text of one native file, cut into sections, in file order. */
export interface ImportedInstructions {
  file: string;
  sections: ImportedSection[];
  /**
   * The adapter of an assistant without a client pack whose own rule folder held the file: only that
   * assistant read it, so only that adapter writes its rules (a source of its own, sources.json `adapters`).
   */
  adapter?: string;
}

/** The rule file of an adapter without a client pack that has globs: scoped rules of sources/. */
export interface ImportedScoped extends ImportedInstructions {
  globs: string[];
  description?: string;
}

/** Everything import found, in neutral form, before it is merged across assistants. */
export interface ImportedItems extends SectionFindings {
  instructions: ImportedInstructions[];
  scoped: ImportedScoped[];
  /**
   * The files of an assistant's own folder that hold every section of the shared always-on text (a module
   * agentc wrote, a copy of AGENTS.md): that assistant reads the shared text too, so its adapter writes it.
   */
  sharedReaders?: { adapter: string; file: string }[];
  rules: ImportedRule[];
  skills: ImportedSkill[];
  agents: ImportedAgent[];
  commands: ImportedCommand[];
  permissions: ImportedPermissions;
}

export function emptyItems(): ImportedItems {
  return {
    instructions: [],
    scoped: [],
    rules: [],
    skills: [],
    agents: [],
    commands: [],
    ...(Object.assign({}, ...sections.map((section) => section.settings?.nothingFound())) as SectionFindings),
  };
}

/** What one assistant's native files gave: the items, the files read, and what could not be read or mapped. */
export interface AssistantImport {
  assistant: AssistantData;
  items: ImportedItems;
  files: NativeFile[];
  diagnostics: Diagnostic[];
}
