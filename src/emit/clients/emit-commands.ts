import { coreItemName } from "../../clients/core-item-name.js";
import type { CommandFormat } from "../../clients/model.js";
import type { CoreCommand } from "../../core/model.js";
import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { packPath } from "../../packs/shared/placeholders.js";
import { joinPath } from "../../shared/posix-path.js";
import { bodyText, ownedFile } from "./client-file.js";
import {
  capability,
  type EmitContext,
  emptyPart,
  noPlace,
  type PartEmission,
  placeBasis,
} from "./emit-context.js";
import { type Fields, yamlFrontmatter } from "./frontmatter.js";
import { mappedFields } from "./mapped-fields.js";
import { tomlFile } from "./toml-file.js";

/** core/commands/<name>.md → <commands_dir>/<prefix><name><extension>, with the client's arguments placeholder. */
export function emitCommands(ctx: EmitContext): PartEmission {
  const out = emptyPart();
  const { commands_dir, command_format: format } = ctx.pack;
  for (const command of ctx.registry.core.commands) {
    const promise = `command /${command.name} runs its prompt`;
    const source = command.positionOf(["description"], "key");
    if (commands_dir === null || !format) {
      out.capabilities.push(
        capability(
          ctx,
          "command",
          promise,
          source,
          "cannot",
          noPlace(ctx, "commands dir"),
          placeBasis("commands dir"),
        ),
      );
      continue;
    }
    const name = coreItemName(ctx.pack, command.name);
    const path = joinPath(
      packPath(commands_dir, ctx.pack.runtime_placeholders),
      `${name}${format.extension}`,
    );
    const placeholder = format.arguments_placeholder;
    if (placeholder === null && command.body.includes("$ARGUMENTS")) {
      const why = `${ctx.pack.name} has no placeholder for the text typed after the command, so $ARGUMENTS cannot be put in its place; the command is not written (one whose prompt does not use $ARGUMENTS would be)`;
      const basis = "/command_format/arguments_placeholder";
      out.capabilities.push(
        capability(ctx, "command", `${promise} with $ARGUMENTS`, source, "cannot", why, basis),
      );
      continue;
    }
    const body = bodyText(ctx, command.body).replaceAll("$ARGUMENTS", placeholder ?? "$ARGUMENTS");
    const fields = commandFields(ctx, command, format, out.diagnostics);
    const text =
      format.format === "toml"
        ? tomlFile(fields, format.body_field ?? "prompt", body)
        : `${yamlFrontmatter(fields)}${body}`;
    out.files.push(ownedFile(ctx, path, text, { kind: "command", name: command.name, alwaysLoaded: false }));
    out.capabilities.push(capability(ctx, "command", promise, source, "enforced", `written to ${path}`));
  }
  return out;
}

function commandFields(
  ctx: EmitContext,
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
