import type { Position } from "../../diagnostics/diagnostic.js";
import type { PermissionMapping } from "../permissions/model.js";
import type { ItemFolders, ItemPack } from "../shared/items/item-pack.js";

export interface CommandFormat {
  format: "markdown" | "toml";
  extension: string;
  fields: Partial<Record<"description" | "argument_hint" | "model", string>>;
  body_field?: string;
  /**
   * How the client spells "the arguments" in a prompt; replaces the neutral $ARGUMENTS. null: the client
   * has no placeholder, so a command whose body uses $ARGUMENTS is reported and not written.
   */
  arguments_placeholder: string | null;
  /**
   * A per-command pre-approval list (a field such as allowed-tools): the command's permissions.allow rules, in
   * the pack's permission rule form, run without asking while the command runs. Absent or null: each is reported.
   */
  allow_field?: string | null;
  documented_fields: string[];
}

/** A command as import reads it from one native file (in the core's terms). */
export interface ReadCommand {
  name: string;
  description?: string;
  argumentHint?: string;
  model?: string;
  /** The command's pre-approved rules, in the core's spelling (`Exec(git diff)`). */
  allow?: string[];
  body: string;
  position: Position;
}

/** The keys of a client pack the commands section reads. */
export interface CommandsPack extends ItemPack {
  commands_dir: string | null;
  command_format?: CommandFormat;
  reads?: { commands: ItemFolders };
  /** Command folders besides commands_dir the client reads (import reads them). */
  also_reads?: { command_dirs?: string[] };
  /** The rule form a command's pre-approvals are written in (packs/permissions). */
  permissions?: PermissionMapping;
}
