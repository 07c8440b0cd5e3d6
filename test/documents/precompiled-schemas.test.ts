import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  precompiledFileName,
  precompiledPackFileName,
  precompiledSource,
} from "../../src/documents/precompile-schemas.js";
import {
  createAjv,
  packSchemaNames,
  type SchemaName,
  schemaFingerprint,
  schemaId,
  schemaNames,
} from "../../src/documents/schema-set.js";
import { validateAgainstSchema } from "../../src/documents/schema-validation.js";
import { builtinAdaptersDir, packageRoot } from "../../src/shared/package-paths.js";

type Validate = ((value: unknown) => boolean) & { errors?: unknown };

const json = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));
const example = join(packageRoot, "examples", "registry");

/** Documents to validate: the shipped ones plus broken variants that hit several keywords. */
const samples: [SchemaName, unknown][] = [
  ["sources", json(join(example, "sources.json"))],
  ["targets", json(join(example, "targets.json"))],
  ...readdirSync(builtinAdaptersDir).map((n): [SchemaName, unknown] => [
    "adapter",
    json(join(builtinAdaptersDir, n)),
  ]),
  ["sources", { version: 2, sources: [{ name: "", kind: "vendor", path: 3 }], extra: true }],
  ["targets", { version: 1, targets: [{ id: "Bad Id", extension: "md", frontmatter: 7 }], tools: [{}] }],
  ["adapter", { id: "x", global_placement: "everywhere", install: { seeds: { files: "a" } } }],
  ["rule-frontmatter", { scope: "scoped", globs: ["src/**"], description: "Use for source files." }],
  ["rule-frontmatter", { scope: "sometimes", globs: "src/**", unknown: 1 }],
  ["rule-frontmatter", "not a mapping"],
  // several failing calls of a referenced validator, whose errors are appended one after another
  ["core-mcp", { version: 1, servers: { a: 0, b: { command: 1, env: [] }, c: "x", d: { url: 2 } } }],
];

interface Built {
  validators: Record<string, { schemas: SchemaName[]; fingerprint: string; make: () => Validate }>;
}

/** The validators the build wrote into dist (npm run build runs precompile-schemas as postbuild), of one file. */
function builtFile(file: string): Built {
  const path = join(packageRoot, "dist", "src", "documents", file);
  return createRequire(import.meta.url)(path) as Built;
}

/** Those of both files: the common ones and those of client packs and plugin hosts. */
function built(): Built {
  return {
    validators: {
      ...builtFile(precompiledFileName).validators,
      ...builtFile(precompiledPackFileName).validators,
    },
  };
}

function errorsOf(validate: Validate, value: unknown): unknown {
  return validate(value) ? [] : validate.errors;
}

describe("precompiled schema validators", () => {
  it("append a referenced validator's errors in place, never copying all errors so far (n² for n failing entries)", () => {
    const source = precompiledSource();
    assert.ok(
      source.includes("for (const refError of"),
      "ajv's code for referenced validators changed: see errorsAppended",
    );
    assert.equal(source.includes("vErrors.concat("), false);
  });

  it("give exactly the errors of the validators ajv compiles at run time", () => {
    const precompiled = built().validators;
    const ajv = createAjv({ source: false });
    for (const [name, value] of samples) {
      const runtime = ajv.getSchema(schemaId(name)) as Validate;
      const generated = precompiled[name]?.make();
      assert.ok(generated, `no precompiled validator for ${name}`);
      assert.deepEqual(
        errorsOf(generated, value),
        errorsOf(runtime, value),
        `${name}: ${JSON.stringify(value)}`,
      );
    }
  });

  it("are written by the build for the current schemas", () => {
    const module = built();
    assert.deepEqual(Object.keys(module.validators).sort(), [...schemaNames].sort());
    // those only a registry's own packs and hosts need are a file of their own, which the bundle leaves out
    assert.deepEqual(
      Object.keys(builtFile(precompiledPackFileName).validators).sort(),
      [...packSchemaNames].sort(),
    );
    for (const [name, entry] of Object.entries(module.validators)) {
      assert.ok(entry.schemas.includes(name as SchemaName), name);
      assert.equal(
        entry.fingerprint,
        schemaFingerprint(entry.schemas),
        "run npm run build: postbuild writes this file",
      );
    }
    assert.deepEqual(module.validators.targets?.schemas, ["adapter", "targets"]);
    assert.deepEqual(module.validators["rule-frontmatter"]?.schemas, ["rule-frontmatter"]);
    assert.match(precompiledSource(), new RegExp(`fingerprint: "${schemaFingerprint(["sources"])}"`));
  });

  it("report violations through validateAgainstSchema", () => {
    const violations = validateAgainstSchema("rule-frontmatter", { scope: "scoped", colour: "red" });
    assert.ok(violations.some((v) => v.part === "key" && v.path.join("/") === "colour"));
    assert.deepEqual(validateAgainstSchema("sources", json(join(example, "sources.json"))), []);
  });
});
