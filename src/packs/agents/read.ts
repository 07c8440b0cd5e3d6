import { readItemFile } from "../shared/items/item-file.js";
import { readItemFolders } from "../shared/items/item-folders.js";
import { baseName, namedItem } from "../shared/items/named-item.js";
import { adjusted, type ItemReadContext } from "../shared/items/read-context.js";
import { reverseFields } from "../shared/items/read-fields.js";
import type { AgentFrontmatter, AgentsPack, ReadAgent } from "./model.js";

/** The context agents are read with: read agents go to `items.agents`. */
type AgentsReadContext = ItemReadContext<{ agents: ReadAgent[] }>;

/** `<agents_dir>/<name><extension>` (Markdown or TOML) → core agents; in sub-folders where the client reads them. */
export function readPackAgents(ctx: AgentsReadContext, pack: AgentsPack): void {
  const format = pack.agent_frontmatter;
  if (!pack.agents_dir || !format) return;
  const read = (name: string, path: string) => readAgent(ctx, pack, format, name, path);
  const also = pack.also_reads?.agent_dirs;
  readItemFolders(ctx, pack, pack.agents_dir, pack.reads?.agents, format.extension, read, also);
}

function readAgent(
  ctx: AgentsReadContext,
  pack: AgentsPack,
  format: AgentFrontmatter,
  pathName: string,
  path: string,
): void {
  const item = readItemFile(ctx, path, format.format, format.body_field);
  if (!item) return;
  const fields = reverseFields(
    ctx,
    item,
    {
      fields: format.fields,
      tools: { field: format.tools_field, names: format.tool_names },
      deny: { field: format.deny_field, names: format.tool_names },
      ...(format.permissions ? { permissions: format.permissions.field } : {}),
      ...(format.read_only ? { readOnly: format.read_only } : {}),
    },
    { deferUnmapped: true, ownName: baseName(pathName) },
  );
  const mode = format.read_only;
  if (mode && item.values[mode.field] === mode.value && !fields.tools)
    adjusted(
      ctx,
      item.positionOf(mode.field),
      `"${mode.field}" of ${path} says the agent uses none of ${[...mode.removes, ...(mode.only_without ?? [])].join(", ")}; the core says that with a tools list, taken from another assistant's file of the agent where there is one`,
    );
  const named = namedItem(ctx, pack, item, fields, pathName);
  const model = fields.neutral.model;
  ctx.items.agents.push({
    ...named,
    ...(fields.tools ? { tools: fields.tools } : {}),
    ...(fields.deny ? { deny: fields.deny } : {}),
    ...(typeof model === "string" ? { model } : {}),
    body: item.body,
    position: { file: path, line: 1, column: 1 },
    ...(fields.unmapped ? { unmapped: fields.unmapped } : {}),
  });
}
