import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Ajv2020 as Ajv } from "ajv/dist/2020.js";
import { schemasDir } from "../shared/package-paths.js";
import { countWork } from "../shared/work-counts.js";

/** The JSON Schemas shipped in schemas/, the one ajv configuration that compiles them, and their fingerprint. */
export const schemaNames = [
  "adapter",
  "sources",
  "targets",
  "rule-frontmatter",
  "core-skill",
  "core-agent",
  "core-command",
  "core-permissions",
  "core-hooks",
  "core-mcp",
  "core-rule",
  "client-pack",
  "client-pack-seed",
  "capability",
  "plugin-host",
  "assistant",
  "native",
] as const;
export type SchemaName = (typeof schemaNames)[number];

/**
 * The schemas only a registry's own client packs and plugin hosts need (most of the validators' code): their
 * precompiled validators are a file of their own, which the CLI reads on first use rather than at every start.
 */
export const packSchemaNames: ReadonlySet<SchemaName> = new Set([
  "client-pack",
  "client-pack-seed",
  "plugin-host",
]);

export function schemaId(name: SchemaName): string {
  return `https://agentc.dev/schemas/${name}.schema.json`;
}

function schemaText(name: SchemaName): string {
  countWork("files read");
  return readFileSync(join(schemasDir, `${name}.schema.json`), "utf8");
}

/**
 * sha256 over the texts of `names` (by default every schema): a precompiled validator is used only while
 * the fingerprint of the schemas it was made from matches.
 */
export function schemaFingerprint(names: readonly SchemaName[] = schemaNames): string {
  const hash = createHash("sha256");
  for (const name of names) hash.update(`${name}\n${schemaText(name)}\n`);
  return hash.digest("hex");
}

/** The schemas a schema's validator is made from: itself and every schema its $refs name, in list order. */
export function schemaClosure(name: SchemaName): SchemaName[] {
  const found = new Set<SchemaName>();
  const visit = (at: SchemaName): void => {
    if (found.has(at)) return;
    found.add(at);
    for (const match of schemaText(at).matchAll(/"\$ref"\s*:\s*"([^"#]*)/g)) {
      const file = (match[1] ?? "").split("/").at(-1) ?? "";
      const named = schemaNames.find((n) => file === `${n}.schema.json`);
      if (named) visit(named);
    }
  };
  visit(name);
  return schemaNames.filter((n) => found.has(n));
}

const require = createRequire(import.meta.url);

/** ajv is loaded on demand: the precompiled validators do not need it. */
export function createAjv(options: { source: boolean }): Ajv {
  const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    verbose: true,
    code: { source: options.source },
  });
  for (const name of schemaNames) ajv.addSchema(JSON.parse(schemaText(name)));
  return ajv;
}
