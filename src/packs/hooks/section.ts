import { isObject } from "../../shared/json-shape.js";
import type { Section } from "../section.js";
import { valueAt } from "../shared/value-at.js";
import { hookEntries, withAgentStartTools } from "./emit.js";
import { hookVerbNames } from "./merge.js";
import type { HooksFound, HooksPack } from "./model.js";
import { readHooks } from "./read-hooks.js";
import { seedHooks } from "./seed.js";

/** Hooks: core/hooks.json's hooks, entries under the pack's `hooks.key` by event (docs/client-settings.md). */
export const hooksSection: Section<HooksPack, HooksFound> = {
  name: "hooks",
  keys: ["hooks"],
  rank: 40,
  matrix: [{ kind: "hook", title: "Hooks", rank: 80 }],
  settings: {
    file: (pack) => pack.hooks && { file: pack.hooks.file, format: pack.hooks.format },
    emit: (pack, input) => hookEntries(pack, input.core.hooks),
    // read through the names emit writes: the pack's agent_start_tools stand for the verb "agent"
    read: (pack, document, report, found) =>
      pack.hooks ? readHooks(pack, withAgentStartTools(pack, pack.hooks), document, report, found) : [],
    nothingFound: () => ({ hooks: [], guard: false }),
    loads: {
      list: "settings",
      names: (pack, parsed) => {
        const events = pack.hooks ? valueAt(parsed, pack.hooks.key) : undefined;
        if (!isObject(events)) return [];
        return Object.keys(events)
          .sort()
          .map((event) => {
            const list = events[event];
            return Array.isArray(list) && list.length > 1 ? `${event} ×${list.length}` : event;
          });
      },
    },
  },
  seed: seedHooks,
  merge: { kind: "hook", verbNames: hookVerbNames },
};
