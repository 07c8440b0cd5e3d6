import { splitPreApprovals } from "../permissions/read-pre-approvals.js";
import { readItemFile } from "../shared/items/item-file.js";
import { readItemFolders } from "../shared/items/item-folders.js";
import { baseName, namedItem } from "../shared/items/named-item.js";
import { type ItemReadContext, leftOut, start } from "../shared/items/read-context.js";
import { reverseFields } from "../shared/items/read-fields.js";
import { argumentsWord, commandWritable, neutralArguments } from "./arguments.js";
import type { CommandFormat, CommandsPack, ReadCommand } from "./model.js";

/** The context commands are read with: read commands go to `items.commands`. */
type CommandsReadContext = ItemReadContext<{ commands: ReadCommand[] }>;

/**
 * `<commands_dir>/<name><extension>` (Markdown or TOML) → core commands, `$ARGUMENTS` given back; in
 * sub-folders where the client reads them (a namespaced `<a>:<name>` becomes the portable `a-name`).
 */
export function readPackCommands(ctx: CommandsReadContext, pack: CommandsPack): void {
  const format = pack.command_format;
  if (!pack.commands_dir || !format) return;
  const read = (name: string, path: string) => readCommand(ctx, pack, format, name, path);
  const also = pack.also_reads?.command_dirs;
  readItemFolders(ctx, pack, pack.commands_dir, pack.reads?.commands, format.extension, read, also);
}

function readCommand(
  ctx: CommandsReadContext,
  pack: CommandsPack,
  format: CommandFormat,
  pathName: string,
  path: string,
): void {
  const item = readItemFile(ctx, path, format.format, format.body_field);
  if (!item) return;
  const { rest, allow } = splitPreApprovals(ctx, pack, item, format.allow_field);
  const fields = reverseFields(ctx, rest, { fields: format.fields }, { ownName: baseName(pathName) });
  const named = namedItem(ctx, pack, item, fields, pathName);
  const { argument_hint: hint, model } = fields.neutral;
  if (!commandWritable(item.body, format.arguments_placeholder))
    leftOut(
      ctx,
      start(path),
      `${path} says ${argumentsWord}, which ${pack.name} does not replace (it has no placeholder for the text typed after a command); in the registry ${argumentsWord} is that text, so agentc build writes this command for no client without a placeholder, ${pack.name} included`,
      `Keep ${path} as the project's own file, or word the text without ${argumentsWord} if ${pack.name} should get the command from the registry.`,
    );
  ctx.items.commands.push({
    ...named,
    ...(typeof hint === "string" ? { argumentHint: hint } : {}),
    ...(typeof model === "string" ? { model } : {}),
    ...(allow.length > 0 ? { allow } : {}),
    body: neutralArguments(item.body, format.arguments_placeholder),
    position: { file: path, line: 1, column: 1 },
  });
}
