import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { createTarGzip } from "nanotar";
import { runAgentc } from "../support/run-cli.js";
import { initRegistry, skill } from "./upstream.js";

/** A loopback HTTP server of one tarball whose bytes the test replaces. */
async function tarballServer(): Promise<{
  url: string;
  serve(files: Record<string, string>): Promise<void>;
}> {
  let body = Buffer.alloc(0);
  const server = createServer((_, response) => response.end(body));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  after(() => server.close());
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/org-registry.tar.gz`,
    async serve(files) {
      const entries = Object.entries(files).map(([name, text]) => ({ name: `./${name}`, data: text }));
      body = Buffer.from(await createTarGzip(entries));
    },
  };
}

describe("url dependencies: a registry packed as .tar.gz at an http address", () => {
  it("pins the bytes' sha256, builds from the cache, and --frozen fails once the address serves others", async () => {
    const served = await tarballServer();
    await served.serve({ "core/skills/org-style/SKILL.md": skill("org-style", "Org style v1.") });
    const team = await initRegistry("team");
    const added = await runAgentc(["add", served.url, team, "--name", "org", "--provides", "registry"]);
    assert.equal(added.status, 0, added.stderr);
    const entry = JSON.parse(readFileSync(join(team, "agentc.lock"), "utf8")).dependencies[0];
    assert.equal(entry.kind, "url");
    assert.match(entry.resolved, /^sha256:[0-9a-f]{64}$/);
    assert.equal((await runAgentc(["build", team])).status, 0);
    const built = join(team, "build", ".claude", "skills", "org-style", "SKILL.md");
    assert.match(readFileSync(built, "utf8"), /Org style v1\./);

    await served.serve({ "core/skills/org-style/SKILL.md": skill("org-style", "Org style v2.") });
    assert.equal((await runAgentc(["build", team])).status, 0, "a plain build uses the cache");
    assert.match(readFileSync(built, "utf8"), /Org style v1\./);
    const frozen = await runAgentc(["build", team, "--frozen"]);
    assert.equal(frozen.status, 1);
    assert.match(
      frozen.stdout,
      /Dependency "org": "http:\/\/127\.0\.0\.1:\d+\/org-registry\.tar\.gz" now names sha256:[0-9a-f]{64} upstream, but agentc\.lock pins/,
    );
  });
});
