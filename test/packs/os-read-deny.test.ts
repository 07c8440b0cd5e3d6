import { describe } from "node:test";
import fc from "fast-check";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import type { ClientPack } from "../../src/clients/model.js";
import type { OsReadDenyWrite } from "../../src/packs/os-read-deny/model.js";
import { osReadDenySection } from "../../src/packs/os-read-deny/section.js";
import { roundTripTests } from "./section-round-trip.js";

type SandboxClient = ClientPack & { os_read_deny: { write: OsReadDenyWrite } };
const packs = builtinClientPacks()
  .map((loaded) => loaded.pack)
  .filter((pack): pack is SandboxClient => pack.os_read_deny?.write !== undefined);

/** The registry's denied reads (core/permissions.json) and whether the secret guard is on (targets.json). */
interface Asked {
  reads: string[];
  guard: boolean;
}

const asked: fc.Arbitrary<Asked> = fc.record({
  reads: fc.uniqueArray(fc.stringMatching(/^[a-z.][a-z0-9._-]{0,10}(\/\*\*|\/\*\.pem)?$/), { maxLength: 4 }),
  guard: fc.boolean(),
});

const deny = (x: Asked) => (x.reads.length > 0 ? [{ verb: "read", patterns: x.reads }] : []);

/**
 * read(emit(x)) ≡ x: the sandbox's switch is read back as agentc's exactly when x denies a read, and every
 * path of its deny and allow lists is one agentc writes for x's read rules and guard (none is reported as the
 * person's). The reader reads after the permissions and the hooks: `seen` is what those give back of x.
 */
describe("packs/os-read-deny: read(emit(x)) is x, for every built-in pack that writes a sandbox", () => {
  roundTripTests(packs, asked, {
    section: osReadDenySection,
    input: (x) =>
      ({
        core: { permissions: { deny: deny(x), ask: [], allow: [] } },
        targets: { secret_guard: x.guard },
      }) as never,
    fit: (_, x) => x,
    seen: (_, x) => ({ permissions: { deny: deny(x) }, guard: x.guard }),
    found: (found) => found.sandboxesReads === true,
    expected: (pack, x) => x.reads.length > 0 && pack.os_read_deny.write.values_at.length > 0,
  });
});
