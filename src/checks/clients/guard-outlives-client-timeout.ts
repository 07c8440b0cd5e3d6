import type { LoadedClientPack } from "../../clients/loaded-client-pack.js";
import { secretGuardWanted } from "../../packs/guard/emit.js";
import { guardTimeoutMs } from "../../packs/guard/program.js";
import { slotsOf } from "../../packs/shared/template-slots.js";
import type { RegistryCheck } from "../check.js";
import { settingsPack, withPacks } from "./settings-fixtures.js";

/** The seconds a client waits for the guard: guard.timeout where the entry can say it, else its default. */
function effectiveTimeout(client: LoadedClientPack): { seconds: number; key: string[] } | undefined {
  const { guard, hooks } = client.pack;
  if (!guard || !hooks?.hook_can_block) return undefined;
  if (guard.timeout !== undefined && slotsOf(hooks.entry).has("timeout"))
    return { seconds: guard.timeout, key: ["guard", "timeout"] };
  if (hooks.default_timeout !== undefined)
    return { seconds: hooks.default_timeout, key: ["hooks", "default_timeout"] };
  return undefined;
}

export const guardOutlivesClientTimeout: RegistryCheck = {
  id: "AGC087",
  slug: "guard-outlives-client-timeout",
  stage: "registry",
  severity: "error",
  title: "The client waits longer for the guard than the guard takes",
  description:
    "The secret guard blocks (exit 2) when it cannot decide within its own time limit. A client that kills the hook first treats the kill as a non-blocking error in most clients and lets the call through, so a client timeout at or below the guard's limit turns fail-closed into fail-open. The timeout that counts is guard.timeout when the pack's hook entry has a {timeout} slot, else the client's own default (hooks.default_timeout).",
  hint: "Set guard.timeout above the guard's limit (10 seconds is the built-in packs' choice) in a pack whose hook entry has a {timeout} slot, or correct hooks.default_timeout to the client's documented default.",
  get examples() {
    return {
      passing: withPacks({}, { example: settingsPack }),
      failing: withPacks({}, { example: { ...settingsPack, guard: { ...settingsPack.guard, timeout: 5 } } }),
      expected: [
        "clients/example.json:106:16: error AGC087 guard.timeout is 5 s, but the guard itself may take up to 5 s before it blocks; the client would kill it first and let the call through",
      ],
    };
  },
  *run(registry) {
    if (!secretGuardWanted(registry)) return;
    for (const client of registry.clients) {
      const timeout = effectiveTimeout(client);
      if (timeout === undefined || timeout.seconds * 1000 > guardTimeoutMs) continue;
      const where = timeout.key.join(".");
      yield {
        position: client.document.positionOf(timeout.key),
        message: `${where} is ${timeout.seconds} s, but the guard itself may take up to ${guardTimeoutMs / 1000} s before it blocks; the client would kill it first and let the call through`,
      };
    }
  },
};
