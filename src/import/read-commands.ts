import type { ClientPack, CommandFormat } from "../clients/model.js";
import { packPath } from "../clients/placeholders.js";
import { readItemFile } from "./item-file.js";
import { described, itemName } from "./named-item.js";
import { pathInside } from "./native-text.js";
import type { ReadContext } from "./read-context.js";
import { reverseFields } from "./reverse-fields.js";

/** `<commands_dir>/<name><extension>` (Markdown or TOML) → core commands, `$ARGUMENTS` given back. */
export function readPackCommands(ctx: ReadContext, pack: ClientPack): void {
  const format = pack.command_format;
  if (!pack.commands_dir || !format) return;
  const dir = packPath(pack.commands_dir, pack.runtime_placeholders);
  for (const path of ctx.reader.list(dir).filter((p) => p.endsWith(format.extension))) {
    if (ctx.reader.entry(path).kind === "file") readCommand(ctx, pack, format, dir, path);
  }
}

function readCommand(
  ctx: ReadContext,
  pack: ClientPack,
  format: CommandFormat,
  dir: string,
  path: string,
): void {
  const item = readItemFile(ctx, path, format.format, format.body_field);
  if (!item) return;
  const fields = reverseFields(ctx, item, { fields: format.fields });
  const name = itemName(ctx, pack, pathInside(dir, path, format.extension), path);
  const named = { name, ...described(ctx, item, fields, name) };
  const { argument_hint: hint, model } = fields.neutral;
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
  if (placeholder === null || placeholder === "$ARGUMENTS") return body;
  return body.replaceAll(placeholder, "$ARGUMENTS");
}
