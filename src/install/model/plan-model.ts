import type { ComposedRecord, RecordEntry } from "./record.js";

/** Bytes an action writes: a bundle file, or text made by the installer (an import fallback). */
export type Content =
  | { from: "bundle"; path: string; sha256: string }
  | { from: "text"; text: string; sha256: string };

/** A file written where a link is refused: a copy of the target file, or the import text. */
export interface FallbackFile {
  kind: "copy" | "import";
  content: Content;
  executable: boolean;
}

/** Where the link's target is a folder: its bundle files, by path inside the folder (`rel`). */
export interface FallbackFolder {
  kind: "copy-folder";
  files: { rel: string; content: Content; executable: boolean }[];
}

/** What is written where the OS refuses a link; undefined when the target is not installed. */
export type LinkFallback = FallbackFile | FallbackFolder;

/** For an action on a shared file agentc composes into: which owned values change. */
export interface ComposeSummary {
  format: "json" | "toml";
  components: string[];
  changes: { key: string; change: "add" | "update" | "remove" }[];
}

export type Action =
  | { op: "mkdir"; path: string }
  | { op: "create"; path: string; content: Content; executable: boolean; compose?: ComposeSummary }
  | {
      op: "update";
      path: string;
      content: Content;
      executable: boolean;
      compose?: ComposeSummary;
      /** a person's file: agentc's marked block in it is added, replaced or taken out */
      block?: "add" | "update" | "remove";
    }
  | { op: "unchanged"; path: string; compose?: ComposeSummary }
  /** a user-modified seed: kept as it is; the new version goes to `beside` */
  | { op: "keep-modified"; path: string; beside: string }
  | { op: "write-beside"; path: string; seed: string; content: Content; replace: boolean }
  | { op: "remove"; path: string; compose?: ComposeSummary }
  | { op: "move-aside"; path: string; to: string }
  /** a person's file agentc moved aside earlier, back at its name */
  | { op: "move-back"; path: string; to: string }
  /**
   * `target` is the link text (relative to the link's folder); `fallback` is written where links are refused.
   * `clears`: the files of an earlier folder copy at `path`, removed (by their own actions) before the link.
   */
  | {
      op: "link";
      path: string;
      target: string;
      fallback: LinkFallback | undefined;
      replace: boolean;
      clears?: string[];
    }
  | { op: "rmdir"; path: string }
  /** a file that is no longer managed but was edited, or a legacy folder that is not empty: left alone */
  | { op: "keep"; path: string; reason: string };

export type ActionOp = Action["op"];

export interface Conflict {
  path: string;
  problem: string;
  hint: string;
  /** where in the file, for a problem inside a shared file agentc composes into */
  line?: number;
  column?: number;
  /** the compose conflict kind (docs/compose.md), for conflicts and warnings about shared files */
  kind?: string;
}

export interface Plan {
  actions: Action[];
  /** Blocking: an install with any conflict writes nothing. */
  conflicts: Conflict[];
  /** Reported, not blocking: a person's value in a shared file stays and the install proceeds. */
  warnings: Conflict[];
  /** The record of each shared file agentc composes into, after a successful apply. */
  composed: ComposedRecord[];
  /** The install record after a successful apply (link kinds may still turn into fallbacks). */
  entries: RecordEntry[];
}

/**
 * Actions that change the disk, in the order apply runs them. Empty folders go before links: a folder agentc
 * copied where a link was refused is emptied and removed before the link (or a new copy) takes its place.
 */
export const mutatingOps: readonly ActionOp[] = [
  "mkdir",
  "move-aside",
  "remove",
  "move-back",
  "create",
  "update",
  "write-beside",
  "rmdir",
  "link",
];

export function isMutation(action: Action): boolean {
  return mutatingOps.includes(action.op);
}

/** The bundle bytes a link's fallback writes. */
export function fallbackContents(fallback: LinkFallback | undefined): Content[] {
  if (!fallback) return [];
  return fallback.kind === "copy-folder" ? fallback.files.map((f) => f.content) : [fallback.content];
}
