import { guardTimeoutMs } from "../../clients/guard-program.js";
import { secretGuardWanted } from "../../emit/clients/guard-wiring.js";
import type { RegistryCheck } from "../check.js";
import { settingsPack, withPacks } from "./settings-fixtures.js";

export const guardOutlivesClientTimeout: RegistryCheck = {
  id: "AGC087",
  slug: "guard-outlives-client-timeout",
  stage: "registry",
  severity: "error",
  title: "The client waits longer for the guard than the guard takes",
  description:
    "The secret guard blocks (exit 2) when it cannot decide within its own time limit. A client that kills the hook first treats the kill as a non-blocking error in most clients and lets the call through, so a guard timeout at or below the guard's limit turns fail-closed into fail-open.",
  hint: "Set guard.timeout above the guard's limit (10 seconds is the built-in packs' choice), or leave it out to use the client's default.",
  examples: {
    passing: withPacks({}, { example: settingsPack }),
    failing: withPacks({}, { example: { ...settingsPack, guard: { ...settingsPack.guard, timeout: 5 } } }),
  },
  *run(registry) {
    if (!secretGuardWanted(registry)) return;
    for (const client of registry.clients) {
      const timeout = client.pack.guard?.timeout;
      if (timeout === undefined || timeout * 1000 > guardTimeoutMs) continue;
      yield {
        position: client.document.positionOf(["guard", "timeout"]),
        message: `guard.timeout is ${timeout} s, but the guard itself may take up to ${guardTimeoutMs / 1000} s before it blocks; the client would kill it first and let the call through`,
      };
    }
  },
};
