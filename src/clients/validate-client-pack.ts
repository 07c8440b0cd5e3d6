import type { JsonPath } from "../documents/json-document.js";
import { hookEntrySlots } from "../packs/hooks/model.js";
import { sections } from "../packs/index.js";
import { mcpSlotNames } from "../packs/mcp/slots.js";
import { mcpTemplates } from "../packs/mcp/templates.js";
import { rawValueProblem } from "../packs/rules/raw-field.js";
import { ruleSlots } from "../packs/rules/slots.js";
import type { PackFault } from "../packs/section.js";
import { packPath, placeholdersIn } from "../packs/shared/placeholders.js";
import { slotUses } from "../packs/shared/template-slots.js";
import { didYouMean } from "../shared/nearest-name.js";
import type { ClientPack } from "./model.js";

export type { PackFault };

type PlaceKey = "rules_dir" | "skills_dir" | "agents_dir" | "commands_dir";

/** Each place of the core needs the format that says how its files are written. */
const formatsOfPlaces: Record<PlaceKey, (keyof ClientPack)[]> = {
  rules_dir: ["rule_file", "rule_triggers"],
  skills_dir: ["skill_frontmatter"],
  agents_dir: ["agent_frontmatter"],
  commands_dir: ["command_format"],
};

const slotValues: string[] = Object.values(ruleSlots);

/** Everything wrong with a schema-valid pack; empty when it can be used. */
export function packFaults(pack: ClientPack): PackFault[] {
  return [
    ...undefinedPlaceholders(pack),
    ...placesWithoutFormat(pack),
    ...undocumentedFields(pack),
    ...unknownRuleSlots(pack),
    ...unknownTemplateSlots(pack),
    ...unwritableRawFields(pack),
    ...missingSources(pack),
    ...unwritableImports(pack),
    ...droppedButWritten(pack),
    ...agentRulesWithoutForm(pack),
    ...settingsPlacesOfNoFile(pack),
    ...sections.flatMap((section) => section.faults?.(pack) ?? []),
  ];
}

/** Agent permissions take their rule form from rule_form or, without one, from the permissions section. */
function agentRulesWithoutForm(pack: ClientPack): PackFault[] {
  const sections = [
    ["agent_frontmatter", pack.agent_frontmatter?.permissions, "agent"],
    ["skill_frontmatter", pack.skill_frontmatter?.permissions, "skill"],
  ] as const;
  return sections.flatMap(([section, permissions, item]): PackFault[] =>
    !permissions || permissions.rule_form || pack.permissions
      ? []
      : [
          {
            path: [section, "permissions"],
            message: `${item} permissions have no rule form: no rule_form, and the pack has no permissions section`,
            hint: "Give rule_form (the client's rule shape, tools and argument forms), or a permissions section to take it from.",
          },
        ],
  );
}

/** drop_fields says a neutral field is never written; the pack may not map it all the same. */
function droppedButWritten(pack: ClientPack): PackFault[] {
  const format = pack.skill_frontmatter;
  if (!format) return [];
  return format.drop_fields.flatMap((field, i): PackFault[] => {
    const mapped = field in format.fields || (field === "tools" && format.tools_field !== null);
    if (!mapped) return [];
    return [
      {
        path: ["skill_frontmatter", "drop_fields", i],
        message: `"${field}" is in drop_fields, but the pack writes it (${field === "tools" ? "tools_field" : `fields.${field}`})`,
        hint: "Remove it from drop_fields, or stop writing it.",
      },
    ];
  });
}

/** root_instruction_imports need an import form and a root file the pack writes. */
function unwritableImports(pack: ClientPack): PackFault[] {
  if ((pack.root_instruction_imports ?? []).length === 0) return [];
  const path = ["root_instruction_imports"];
  const faults: PackFault[] = [];
  if (!pack.instruction_imports?.[0])
    faults.push({
      path,
      part: "key",
      message:
        "root_instruction_imports lists files, but instruction_imports says no form to import them with",
      hint: 'Add instruction_imports, e.g. [{"form": "@<path>"}], as the client spells an import.',
    });
  const root = pack.root_instruction_file;
  const at = (path: string) => packPath(path, pack.runtime_placeholders);
  if (root === null || !pack.shared_core.some((m) => at(m.dst) === at(root)))
    faults.push({
      path,
      part: "key",
      message:
        "root_instruction_imports lists files, but no shared_core file is written at root_instruction_file",
      hint: "Map a registry file to root_instruction_file in shared_core; the imports are appended to it.",
    });
  return faults;
}

function pathFields(pack: ClientPack): [JsonPath, string | null | undefined][] {
  return [
    [["runtime_dir"], pack.runtime_dir],
    [["root_instruction_file"], pack.root_instruction_file],
    ...(Object.keys(formatsOfPlaces) as PlaceKey[]).map((k): [JsonPath, string | null] => [[k], pack[k]]),
    ...pack.shared_core.map((m, i): [JsonPath, string] => [["shared_core", i, "dst"], m.dst]),
    ...pack.shared_seed.map((m, i): [JsonPath, string] => [["shared_seed", i, "dst"], m.dst]),
    [["permissions", "file"], pack.permissions?.file],
    [["hooks", "file"], pack.hooks?.file],
    [["mcp", "file"], pack.mcp?.file],
    [["guard", "path"], pack.guard?.path],
    ...(pack.root_instruction_imports ?? []).map((p, i): [JsonPath, string] => [
      ["root_instruction_imports", i],
      p,
    ]),
  ];
}

function undefinedPlaceholders(pack: ClientPack): PackFault[] {
  const defined = Object.keys(pack.runtime_placeholders);
  return pathFields(pack).flatMap(([path, value]) =>
    placeholdersIn(value ?? "")
      .filter((p) => !defined.includes(p))
      .map((p) => ({
        path,
        message: `placeholder ${p} is used here but runtime_placeholders does not define it`,
        hint: `Add "${p}" to runtime_placeholders, or write the path without it. Defined: ${defined.join(", ") || "none"}.`,
      })),
  );
}

function placesWithoutFormat(pack: ClientPack): PackFault[] {
  return (Object.entries(formatsOfPlaces) as [PlaceKey, (keyof ClientPack)[]][]).flatMap(
    ([place, formats]) =>
      pack[place] === null
        ? []
        : formats
            .filter((format) => pack[format] === undefined)
            .map((format) => ({
              path: [place],
              message: `${place} is set but ${String(format)} is missing, so nothing says how its files are written`,
              hint: `Add ${String(format)}, or set ${place} to null when the client has no such place.`,
            })),
  );
}

/** Keys of a field map as dotted paths: { name: "n" } under "fields" → { "fields.name": "n" }. */
function under(
  prefix: string,
  fields: Record<string, string | undefined>,
): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [`${prefix}.${key}`, value]));
}

function undocumentedFields(pack: ClientPack): PackFault[] {
  const skill = pack.skill_frontmatter;
  const agent = pack.agent_frontmatter;
  const command = pack.command_format;
  const groups: [JsonPath, Record<string, string | null | undefined>, string[]][] = [];
  if (skill) {
    const { fields, tools_field, model_invocation_field, user_invocation_field, skill_deny_field } = skill;
    const written = {
      tools_field,
      model_invocation_field,
      user_invocation_field,
      skill_deny_field,
      allow_field: skill.allow_field,
      "permissions.field": skill.permissions?.field,
    };
    groups.push([["skill_frontmatter"], { ...under("fields", fields), ...written }, skill.documented_fields]);
  }
  if (agent) {
    const { fields, tools_field, deny_field, body_field } = agent;
    const read_only = agent.read_only?.field;
    const permissions = agent.permissions?.field;
    const written = {
      ...under("fields", fields),
      tools_field,
      deny_field,
      body_field,
      read_only,
      "permissions.field": permissions,
    };
    groups.push([["agent_frontmatter"], written, agent.documented_fields]);
  }
  if (command) {
    const written = {
      ...under("fields", command.fields),
      body_field: command.body_field,
      allow_field: command.allow_field,
    };
    groups.push([["command_format"], written, command.documented_fields]);
  }
  if (pack.rule_file && pack.rule_triggers) {
    const written = Object.entries(pack.rule_triggers.map).flatMap(([trigger, m]) =>
      Object.keys(m?.fields ?? {}).map((field): [string, string] => [
        `map.${trigger}.fields.${field}`,
        field,
      ]),
    );
    groups.push([["rule_triggers"], Object.fromEntries(written), pack.rule_file.documented_fields]);
  }
  return groups.flatMap(([path, written, documented]) =>
    Object.entries(written)
      .filter((entry): entry is [string, string] => typeof entry[1] === "string")
      .filter(([, field]) => !documented.includes(field))
      .map(([key, field]) => ({
        path: [...path, ...key.split(".")],
        message: `field "${field}" is written but not in documented_fields`,
        hint: `Add "${field}" to documented_fields if the client's docs name it, else map to a documented field.`,
      })),
  );
}

function unknownRuleSlots(pack: ClientPack): PackFault[] {
  return Object.entries(pack.rule_triggers?.map ?? {}).flatMap(([trigger, mapping]) =>
    Object.entries(mapping?.fields ?? {})
      .filter(([, value]) => typeof value === "string" && value.includes("{") && !slotValues.includes(value))
      .map(([field, value]) => ({
        path: ["rule_triggers", "map", trigger, "fields", field],
        message: `"${String(value)}" is not a slot: a field's value is either plain text or exactly one of ${slotValues.join(", ")}`,
        hint: "Write the slot as the whole value, or remove the braces.",
      })),
  );
}

/** Another place of a settings file (`also_reads.settings_files`) stands for one the pack composes into, or import reads nothing there. */
function settingsPlacesOfNoFile(pack: ClientPack): PackFault[] {
  const own = new Set(
    sections.flatMap((section) =>
      [section.settings?.file(pack), section.settings?.otherFile?.(pack)].flatMap((at) =>
        at ? [at.file] : [],
      ),
    ),
  );
  return (pack.also_reads?.settings_files ?? []).flatMap(({ as }, i) =>
    own.has(as)
      ? []
      : [
          {
            path: ["also_reads", "settings_files", i, "as"],
            message: `"${as}" is no settings file of the pack, so import would read nothing in this place`,
            hint: `Name one of the files the pack composes into: ${[...own].sort().join(", ") || "(none)"}.`,
          },
        ],
  );
}

/** Entry templates and the slots emit fills in them: a slot of another name is never filled, so its key is never written. */
function unknownTemplateSlots(pack: ClientPack): PackFault[] {
  const templates: [JsonPath, unknown, string, readonly string[]][] = [
    ...mcpTemplates(pack.mcp).map(
      ({ path, template, kind }): [JsonPath, unknown, string, readonly string[]] =>
        kind === "stdio"
          ? [["mcp", ...path], template, "an MCP stdio entry", mcpSlotNames(false)]
          : [["mcp", ...path], template, "an MCP remote entry", mcpSlotNames(true)],
    ),
    [["hooks", "entry"], pack.hooks?.entry, "a hook entry", hookEntrySlots],
  ];
  return templates.flatMap(([at, template, what, known]) => {
    const slots = known.map((name) => `{${name}}`);
    return slotUses(template)
      .filter(({ slot }) => !known.includes(slot))
      .map(({ slot, path }) => ({
        path: [...at, ...path],
        message: `"{${slot}}" is not a slot of ${what}: it is never filled, so this key would be left out of every entry the pack writes`,
        hint: `${didYouMean(`{${slot}}`, slots)}Slots of ${what}: ${slots.join(", ")}. Rename the slot, or write the value without braces.`,
      }));
  });
}

/** A raw field is one unquoted line: no YAML list, and no literal value that would break the line. */
function unwritableRawFields(pack: ClientPack): PackFault[] {
  const triggers = pack.rule_triggers;
  const raw = new Set(triggers?.raw_fields ?? []);
  return Object.entries(triggers?.map ?? {}).flatMap(([trigger, mapping]) =>
    Object.entries(mapping?.fields ?? {}).flatMap(([field, value]): PackFault[] => {
      if (!raw.has(field) || typeof value !== "string") return [];
      const path = ["rule_triggers", "map", trigger, "fields", field];
      if (value === "{globs}" && triggers?.globs_format === "list")
        return [
          {
            path,
            message: `${field} is in raw_fields, but "{globs}" is written as a YAML list, which is not one line`,
            hint: 'Set globs_format to "csv", or remove the field from raw_fields.',
          },
        ];
      const problem = value.startsWith("{") ? undefined : rawValueProblem(value);
      return problem
        ? [
            {
              path,
              message: `${field} is in raw_fields, but its value cannot be written unquoted: ${problem}`,
              hint: "Write a value that stays one plain line, or remove the field from raw_fields.",
            },
          ]
        : [];
    }),
  );
}

/** Values the pack takes from another section that is missing. */
function missingSources(pack: ClientPack): PackFault[] {
  const faults: PackFault[] = [];
  if (pack.skill_frontmatter?.deny_tools_from === "hook_tools" && !pack.hooks)
    faults.push({
      path: ["skill_frontmatter", "deny_tools_from"],
      message:
        'deny_tools_from is "hook_tools" but the pack has no hooks section to take the tool names from',
      hint: 'Add hooks with hook_tools, or use "tool_names".',
    });
  for (const [key, format] of [
    ["agent_frontmatter", pack.agent_frontmatter],
    ["command_format", pack.command_format],
  ] as const) {
    if (format?.format === "toml" && !format.body_field)
      faults.push({
        path: [key, "format"],
        message: `${key} writes TOML files but names no body_field for the text`,
        hint: 'Add body_field, e.g. "prompt".',
      });
  }
  return faults;
}
