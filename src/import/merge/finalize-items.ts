import { blockingEvents } from "../../core/model.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import { firstLineOf } from "../../packs/shared/items/native-text.js";
import { adjustedFinding, leftOutFinding } from "../checks/native-content-imported.js";
import type { ImportedItems } from "../model.js";
import { freeName } from "./merge-items.js";

/**
 * What no assistant's file said, decided once the files are merged: the preferred load trigger (and what
 * a rule whose condition no pack recognised left out, said here: see ReadRule.guessed), a
 * description taken from the first line where the core needs one, a command renamed where a skill has its
 * name (they share one namespace), a remote server without a transport taken as streamable HTTP.
 */
export function finalizeItems(items: ImportedItems): { items: ImportedItems; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const describe = <T extends { name: string; description?: string; body: string; position: Position }>(
    item: T,
  ) => (item.description !== undefined ? item : { ...item, description: derived(item, diagnostics) });
  const rules = items.rules.map(({ guessed, settled, ...rule }) => {
    for (const { position, message } of guessed ?? [])
      diagnostics.push(leftOutFinding({ position, message }));
    for (const { position, message } of settled ?? []) diagnostics.push(info(position, message));
    const trigger = rule.triggers[0] ?? "always_on";
    const kept = { ...rule, triggers: [trigger], ...(trigger === "glob" ? {} : { globs: undefined }) };
    return trigger === "model_decision" ? describe(kept) : kept;
  });
  const said = <T>({ unmapped, ...item }: T & { unmapped?: { position: Position; message: string }[] }) => {
    for (const { position, message } of unmapped ?? [])
      diagnostics.push(leftOutFinding({ position, message }));
    return item as T;
  };
  const skills = items.skills.map(said).map(describe);
  const names = new Set(skills.map((s) => s.name));
  const commands = items.commands.map(describe).map((command, _, all) => {
    if (!names.has(command.name)) return command;
    const name = freeName([...all, ...skills], `${command.name}-command`);
    diagnostics.push(
      info(
        command.position,
        `command ${command.name} has the name of a skill (skills and commands share one namespace): imported as core/commands/${name}.md`,
      ),
    );
    return { ...command, name };
  });
  const hooks = items.hooks.map((hook) => ({
    ...hook,
    ...(hook.failClosed && !blockingEvents.includes(hook.event) ? { failClosed: false } : {}),
  }));
  const servers = items.servers.map((s) =>
    s.transport === "remote" ? { ...s, transport: "http" as const } : s,
  );
  return {
    items: {
      ...items,
      rules,
      skills,
      agents: items.agents.map(said).map(describe),
      commands,
      hooks,
      servers,
    },
    diagnostics,
  };
}

function derived(
  item: { name: string; body: string; position: Position },
  diagnostics: Diagnostic[],
): string {
  const description = firstLineOf(item.body) ?? item.name;
  diagnostics.push(
    info(
      item.position,
      `${item.position.file} has no description: imported with "${description}", its first line`,
    ),
  );
  return description;
}

function info(position: Position, message: string): Diagnostic {
  return adjustedFinding(position, message);
}
