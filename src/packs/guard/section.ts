import type { Section } from "../section.js";
import { guardWiring } from "./emit.js";
import { guardFaults } from "./faults.js";
import type { GuardPack } from "./model.js";

/**
 * The secret guard (`guard`, docs/guard.md): its program as an owned file and a before_tool hook, written
 * into the hooks file before the core's hooks so that clients running hooks in order ask it first. The
 * hooks section's reader tells its entry from the project's hooks (hooks/guard-command.ts) and finds it.
 */
export const guardSection: Section<GuardPack, Record<never, never>> = {
  name: "guard",
  keys: ["guard"],
  rank: 30,
  matrix: [{ kind: "guard", title: "Secret guard", rank: 90 }],
  faults: guardFaults,
  settings: {
    file: (pack) =>
      pack.guard && pack.hooks ? { file: pack.hooks.file, format: pack.hooks.format } : undefined,
    emit: guardWiring,
    // the hooks section reads the guard's entry (HooksFound.guard); nothing is left for this one
    read: () => [],
    nothingFound: () => ({}),
  },
};
