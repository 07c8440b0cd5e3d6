import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { hookEvents, skillTriggers, verbs } from "../../src/core/model.js";
import { schemaNames } from "../../src/documents/schema-set.js";
import { type SchemaName, validateAgainstSchema } from "../../src/documents/schema-validation.js";
import { packageRoot, schemasDir } from "../../src/shared/package-paths.js";

const coreSchemas = [
  "core-skill",
  "core-agent",
  "core-command",
  "core-permissions",
  "core-hooks",
  "core-mcp",
];
const schema = (name: string) =>
  JSON.parse(readFileSync(join(schemasDir, `${name}.schema.json`), "utf8")) as Record<string, unknown>;
const example = join(packageRoot, "test", "fixtures", "core-example");

/** Every object schema below a root, with its JSON pointer. */
function objectSchemas(node: unknown, pointer = ""): [string, Record<string, unknown>][] {
  if (typeof node !== "object" || node === null) return [];
  const entries = Object.entries(node as Record<string, unknown>);
  const own: [string, Record<string, unknown>][] =
    (node as { type?: unknown }).type === "object" ? [[pointer, node as Record<string, unknown>]] : [];
  return [...own, ...entries.flatMap(([key, child]) => objectSchemas(child, `${pointer}/${key}`))];
}

describe("core schemas", () => {
  it("are registered with the shared schema set", () => {
    for (const name of coreSchemas) assert.ok((schemaNames as readonly string[]).includes(name), name);
  });

  it("close every object: unknown keys are errors (a dispatching 'if' closes in its branches)", () => {
    for (const name of coreSchemas) {
      for (const [pointer, object] of objectSchemas(schema(name))) {
        if ("if" in object || pointer.endsWith("/metadata") || pointer.endsWith("/strings")) continue;
        if (pointer.endsWith("/servers")) continue;
        assert.equal(object.additionalProperties, false, `${name}${pointer}`);
      }
    }
  });

  it("spell the vocabularies the loaders know", () => {
    const defs = schema("core-agent").$defs as { verb: { enum: string[] } };
    assert.deepEqual(defs.verb.enum, [...verbs]);
    const hooks = schema("core-hooks") as {
      properties: { hooks: { items: { properties: { event: { enum: string[] } } } } };
    };
    assert.deepEqual(hooks.properties.hooks.items.properties.event.enum, [...hookEvents]);
    const skill = schema("core-skill") as { properties: { triggers: { items: { enum: string[] } } } };
    assert.deepEqual(skill.properties.triggers.items.enum, [...skillTriggers]);
  });

  it("accept the example's JSON files, whose $schema points at them", () => {
    for (const [file, name] of [
      ["permissions.json", "core-permissions"],
      ["hooks.json", "core-hooks"],
      ["mcp.json", "core-mcp"],
    ] as const) {
      const path = join(example, "core", file);
      const value = JSON.parse(readFileSync(path, "utf8")) as { $schema: string };
      assert.deepEqual(validateAgainstSchema(name as SchemaName, value), [], file);
      assert.ok(existsSync(join(dirname(path), value.$schema)), value.$schema);
      assert.equal(
        readFileSync(join(dirname(path), value.$schema), "utf8"),
        readFileSync(join(schemasDir, `${name}.schema.json`), "utf8"),
      );
    }
  });

  it("reject a stdio server's remote keys and a remote server's stdio keys", () => {
    const servers = (server: object) => ({ version: 1, servers: { s: server } });
    const stdio = validateAgainstSchema(
      "core-mcp",
      servers({ transport: "stdio", command: "x", headers: {} }),
    );
    assert.deepEqual(
      stdio.map((v) => v.message),
      ['Unexpected key "headers" in servers.s'],
    );
    const remote = validateAgainstSchema(
      "core-mcp",
      servers({ transport: "http", url: "https://x", env: {} }),
    );
    assert.deepEqual(
      remote.map((v) => v.message),
      ['Unexpected key "env" in servers.s'],
    );
    const plainHost = validateAgainstSchema("core-mcp", servers({ transport: "http", url: "x.example/mcp" }));
    assert.deepEqual(
      plainHost.map((v) => v.message),
      ["Value at servers.s.url does not match the expected form"],
    );
  });
});
