import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { packageRoot } from "../../src/shared/package-paths.js";

interface GuardModule {
  secretPathRule(path: string): string | undefined;
}

const guardUrl = pathToFileURL(join(packageRoot, "assets", "hooks", "agentc-guard.mjs")).href;
const guard = (await import(guardUrl)) as GuardModule;

describe("secretPathRule (the guard's patterns, shared with the compiler)", () => {
  it("names the rule a secret path matches, lexically, without the file existing", () => {
    const cases: Array<[string, string]> = [
      [".env", "env-file"],
      ["config/.ENV.local", "env-file"],
      ["deploy/never-created-prod.env", "env-named-file"],
      ["~/.ssh/id_ed25519", "ssh-private-key"],
      ["certs/server.pem", "key-container"],
      ["/home/u/.aws/credentials", "aws-credentials"],
      ["/proc/1/environ", "process-environ"],
      [".ssh/config", "ssh-dir"],
    ];
    for (const [path, rule] of cases) assert.equal(guard.secretPathRule(path), rule, path);
  });

  it("returns undefined for templates and ordinary files", () => {
    for (const path of [".env.example", "README.md", "docs/env.md", ".ssh/id_ed25519.pub", "src/app.ts"])
      assert.equal(guard.secretPathRule(path), undefined, path);
  });

  it("importing the program runs nothing (only running it as a script reads stdin)", () => {
    const script = `const m = await import(${JSON.stringify(guardUrl)}); process.stdout.write(String(m.secretPathRule(".env")));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      input: "",
      encoding: "utf8",
    });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, "env-file");
  });
});
