import type { Core, CoreMarkdown } from "../../core/model.js";
import type { Registry } from "../../registry/model.js";

/** The registry as one client pack compiles it: core items whose `clients` leave the pack out are not its. */
export function registryForClient(registry: Registry, client: string): Registry {
  const core = registry.core;
  if (!hasClientLists(core)) return registry;
  const mine = <T extends CoreMarkdown>(items: T[]) => items.filter((item) => compiledFor(item, client));
  return {
    ...registry,
    core: {
      ...core,
      rules: mine(core.rules),
      skills: mine(core.skills),
      agents: mine(core.agents),
      commands: mine(core.commands),
      mcpServers: core.mcpServers.filter((server) => compiledFor(server, client)),
      hooks: core.hooks.filter((hook) => compiledFor(hook, client)),
      permissions: {
        deny: core.permissions.deny.filter((rule) => compiledFor(rule, client)),
        ask: core.permissions.ask.filter((rule) => compiledFor(rule, client)),
        allow: core.permissions.allow.filter((rule) => compiledFor(rule, client)),
      },
    },
  };
}

/** Whether a core item is compiled for a client pack: it names none, or names this one. */
export function compiledFor(item: Pick<CoreMarkdown, "clients">, client: string): boolean {
  return item.clients === undefined || item.clients.includes(client);
}

function hasClientLists(core: Core): boolean {
  const { deny, ask, allow } = core.permissions;
  const lists = [core.rules, core.skills, core.agents, core.commands, core.mcpServers, core.hooks];
  return [...lists, deny, ask, allow].some((items) => items.some((item) => item.clients !== undefined));
}
