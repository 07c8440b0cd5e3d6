import type { CoreCommand } from "../../core/model.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { joinPath } from "../../shared/posix-path.js";
import { preApprovals } from "../permissions/pre-approvals.js";
import { coreItemName } from "../shared/items/core-item-name.js";
import { capability, type ItemEmitContext, type PartEmission } from "../shared/items/emit-context.js";
import type { Fields } from "../shared/items/frontmatter.js";
import { bodyText, ownedFile } from "../shared/items/owned-file.js";
import { clientArguments, commandWritable } from "./arguments.js";
import type { CommandFormat, CommandsPack } from "./model.js";

/** What the section's emitter reads. */
type Ctx = ItemEmitContext<CommandsPack>;

import { emitItems, type ItemKind, type ItemPlace, itemText } from "../shared/items/emit-items.js";
import { mappedFields } from "../shared/items/mapped-fields.js";

/** core/commands/<name>.md → <commands_dir>/<prefix><name><extension>, with the client's arguments placeholder. */
export function emitCommands(ctx: Ctx): PartEmission {
  return emitItems(ctx, ctx.registry.core.commands, commands);
}

const commands: ItemKind<CoreCommand, CommandFormat, Ctx> = {
  place: "commands dir",
  placeOf: (pack) => ({ dir: pack.commands_dir, format: pack.command_format }),
  unplaced: (command) => ({ kind: "command", promise: promiseOf(command), source: sourceOf(command) }),
  write: writeCommand,
};

function promiseOf(command: CoreCommand): string {
  return `command /${command.name} runs its prompt`;
}

function sourceOf(command: CoreCommand): Position {
  return command.positionOf(["description"], "key");
}

function writeCommand(
  ctx: Ctx,
  command: CoreCommand,
  { dir, format }: ItemPlace<CommandFormat>,
  out: PartEmission,
): void {
  const promise = promiseOf(command);
  const source = sourceOf(command);
  const path = joinPath(dir, `${coreItemName(ctx.pack, command.name)}${format.extension}`);
  const placeholder = format.arguments_placeholder;
  if (!commandWritable(command.body, placeholder)) {
    const why = `${ctx.pack.name} has no placeholder for the text typed after the command, so $ARGUMENTS cannot be put in its place; the command is not written (one whose prompt does not use $ARGUMENTS would be)`;
    const basis = "/command_format/arguments_placeholder";
    out.capabilities.push(
      capability(ctx, "command", `${promise} with $ARGUMENTS`, source, "cannot", why, basis),
    );
    return;
  }
  const body = clientArguments(bodyText(ctx, command.body), placeholder);
  const owner = { label: `command /${command.name}`, kind: "command" as const };
  const allow = preApprovals(ctx, owner, command.permissions.allow, format.allow_field);
  out.capabilities.push(...allow.capabilities);
  const fields = [...commandFields(ctx, command, format, out.diagnostics), ...allow.fields];
  const text = itemText(format, fields, body);
  out.files.push(ownedFile(ctx, path, text, { kind: "command", name: command.name, alwaysLoaded: false }));
  out.capabilities.push(capability(ctx, "command", promise, source, "enforced", `written to ${path}`));
}

function commandFields(
  ctx: Ctx,
  command: CoreCommand,
  format: CommandFormat,
  diagnostics: Diagnostic[],
): Fields {
  const values: [keyof CommandFormat["fields"], string | undefined][] = [
    ["description", command.description],
    ["argument_hint", command.argumentHint],
    ["model", command.model],
  ];
  const item = { label: `command /${command.name}`, source: command };
  return mappedFields(ctx, item, values, format.fields, diagnostics);
}
