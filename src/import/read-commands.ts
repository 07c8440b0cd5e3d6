import type { ClientPack, CommandFormat } from "../clients/model.js";
import { readItemFile } from "./item-file.js";
import { readItemFolders } from "./item-folders.js";
import { namedItem } from "./named-item.js";
import { leftOut, type ReadContext, start } from "./read-context.js";
import { reverseFields } from "./reverse-fields.js";

/** The core's placeholder for the text typed after a command. */
const arguments_ = "$ARGUMENTS";

/**
 * `<commands_dir>/<name><extension>` (Markdown or TOML) → core commands, `$ARGUMENTS` given back; in
 * sub-folders where the client reads them (a namespaced `<a>:<name>` becomes the portable `a-name`).
 */
export function readPackCommands(ctx: ReadContext, pack: ClientPack): void {
  const format = pack.command_format;
  if (!pack.commands_dir || !format) return;
  const read = (name: string, path: string) => readCommand(ctx, pack, format, name, path);
  readItemFolders(ctx, pack, pack.commands_dir, pack.reads?.commands, format.extension, read);
}

function readCommand(
  ctx: ReadContext,
  pack: ClientPack,
  format: CommandFormat,
  pathName: string,
  path: string,
): void {
  const item = readItemFile(ctx, path, format.format, format.body_field);
  if (!item) return;
  const fields = reverseFields(ctx, item, { fields: format.fields });
  const named = namedItem(ctx, pack, item, fields, pathName);
  const { argument_hint: hint, model } = fields.neutral;
  if (format.arguments_placeholder === null && item.body.includes(arguments_))
    leftOut(
      ctx,
      start(path),
      `${path} says ${arguments_}, which ${pack.name} does not replace (it has no placeholder for the text typed after a command); in the registry ${arguments_} is that text, so agentc build writes this command for no client without a placeholder, ${pack.name} included`,
      `Keep ${path} as the project's own file, or word the text without ${arguments_} if ${pack.name} should get the command from the registry.`,
    );
  ctx.items.commands.push({
    ...named,
    ...(typeof hint === "string" ? { argumentHint: hint } : {}),
    ...(typeof model === "string" ? { model } : {}),
    body: neutralArguments(item.body, format.arguments_placeholder),
    position: { file: path, line: 1, column: 1 },
  });
}

/**
 * The client's spelling of "the arguments" (`{{args}}`, `${input:arguments}`, "the text typed after the
 * command") back to `$ARGUMENTS`, which the build spells the client's way again.
 */
function neutralArguments(body: string, placeholder: string | null): string {
  if (placeholder === null || placeholder === arguments_) return body;
  return body.replaceAll(placeholder, arguments_);
}
