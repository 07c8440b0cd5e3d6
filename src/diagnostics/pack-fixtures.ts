import type { Fixture } from "./check-meta.js";
import { examplePack } from "./client-fixture.js";
import { json } from "./core-fixtures.js";
import { agentsMdAdapter, targetsWith, withBase } from "./fixture-base.js";

/** The base registry with core files (path under core/ → text), the example pack and no built-in pack. */
export function withExamplePack(core: Fixture, pack: object = examplePack): Fixture {
  const coreFiles = Object.fromEntries(Object.entries(core).map(([path, text]) => [`core/${path}`, text]));
  return withBase({
    ...coreFiles,
    "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: "none" }),
    "clients/example.json": json(pack),
  });
}
