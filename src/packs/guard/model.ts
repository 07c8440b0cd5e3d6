import type { HooksPack } from "../hooks/model.js";

export type { GuardWiring } from "../hooks/model.js";

/**
 * The part of a client pack the guard section reads: its `guard` wiring (typed with the hooks, whose
 * reader must tell the guard's entry from the project's) and the hooks it is wired into.
 */
export type GuardPack = HooksPack;
