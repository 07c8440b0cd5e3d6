import type { Fixture } from "../../diagnostics/check-meta.js";
import { examplePack } from "../../diagnostics/client-fixture.js";
import { json } from "../../diagnostics/core-fixtures.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";

/** The base registry with core files (path under core/ → text), the example pack and no built-in pack. */
export function withExamplePack(core: Fixture, pack: object = examplePack): Fixture {
  const coreFiles = Object.fromEntries(Object.entries(core).map(([path, text]) => [`core/${path}`, text]));
  return withBase({
    ...coreFiles,
    "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: "none" }),
    "clients/example.json": json(pack),
  });
}
