import { type Verb, verbs } from "../../core/model.js";
import type { HooksPack } from "./model.js";

/** What a hook's verbs become in a client: matcher names, or the events a client files tool kinds under. */
export function hookVerbNames(pack: HooksPack): Partial<Record<Verb, string[]>> {
  const hooks = pack.hooks;
  if (!hooks) return {};
  return Object.fromEntries(
    verbs.map((verb) => [
      verb,
      [
        ...(hooks.hook_tools[verb] ?? []),
        ...(hooks.events_by_verb?.[verb] ? [`event ${hooks.events_by_verb[verb]}`] : []),
      ],
    ]),
  );
}
