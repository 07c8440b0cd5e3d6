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
] as const;
export type SchemaName = (typeof schemaNames)[number];

export function schemaId(name: SchemaName): string {
  return `https://agentc.dev/schemas/${name}.schema.json`;
}

function schemaText(name: SchemaName): string {
  countWork("files read");
  return readFileSync(join(schemasDir, `${name}.schema.json`), "utf8");
}

/** sha256 over every schema's text: precompiled validators are used only while it matches. */
export function schemaFingerprint(): string {
  const hash = createHash("sha256");
  for (const name of schemaNames) hash.update(`${name}\n${schemaText(name)}\n`);
  return hash.digest("hex");
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
