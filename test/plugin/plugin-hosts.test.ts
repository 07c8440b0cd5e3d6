import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { builtinClientPacks } from "../../src/clients/load-client-packs.js";
import { validateAgainstSchema } from "../../src/documents/schema-validation.js";
import { checkBuiltinPluginHosts } from "../../src/registry/builtin-plugin-hosts.js";
import type { PluginHost } from "../../src/registry/plugin-host.js";
import { packageRoot } from "../../src/shared/package-paths.js";

const dir = join(packageRoot, "plugin-hosts");
const hosts = readdirSync(dir)
  .filter((n) => n.endsWith(".json"))
  .sort()
  .map((file) => ({ file, host: JSON.parse(readFileSync(join(dir, file), "utf8")) as PluginHost }));

describe("plugin host files (plugin-hosts/*.json)", () => {
  it("all load without a diagnostic", () => assert.deepEqual(checkBuiltinPluginHosts(), []));

  it("the schema refuses a host file that leaves out what a host is (the check can fail)", () => {
    const { names: _names, ...noNames } = hosts[0]?.host ?? ({} as PluginHost);
    assert.ok(validateAgainstSchema("plugin-host", noNames).length > 0);
    const escaping = { ...hosts[0]?.host, skills_dir: "../skills" };
    assert.ok(validateAgainstSchema("plugin-host", escaping).length > 0);
  });

  for (const { file, host } of hosts) {
    describe(file, () => {
      it("validates against plugin-host.schema.json and is named after its id", () => {
        assert.deepEqual(validateAgainstSchema("plugin-host", host), []);
        assert.equal(file, `${host.host}.json`);
      });
      it("names a built-in client pack and known hosts", () => {
        const clients = builtinClientPacks().map((p) => p.pack.client);
        if (host.client) assert.ok(clients.includes(host.client), host.client);
        for (const needed of host.requires_hosts ?? [])
          assert.ok(
            hosts.some((h) => h.host.host === needed),
            needed,
          );
      });
      it("says when its facts were checked, and where", () => {
        assert.match(host.checked, /^20\d\d-\d\d-\d\d$/);
        assert.ok(host.docs.length > 0);
      });
      it("name rules compile and accept a plain kebab-case name", () => {
        for (const rule of [host.names.plugin, host.names.skill])
          assert.match("team-tools", new RegExp(rule.pattern));
      });
    });
  }

  it("each portable version has its published schemas vendored, listed with their source", () => {
    const readme = readFileSync(join(packageRoot, "schemas", "vendor", "agent-plugins", "README.md"), "utf8");
    const versions = hosts.flatMap((h) => h.host.portable_versions ?? []);
    assert.ok(versions.length >= 2);
    for (const version of versions) {
      for (const [name, id] of [
        ["plugin", version.schema],
        ["mcp", version.mcp_schema],
      ] as const) {
        const path = join(packageRoot, version.vendored, `${name}.schema.json`);
        assert.ok(existsSync(path), path);
        assert.equal(JSON.parse(readFileSync(path, "utf8")).$id, id);
        assert.ok(readme.includes(id), `README.md lists ${id}`);
      }
    }
    assert.ok(existsSync(join(packageRoot, "schemas", "vendor", "agent-plugins", "LICENSE-Apache-2.0.txt")));
  });
});
