import { createRequire } from "node:module";
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import type { Position } from "../diagnostics/diagnostic.js";
import { nearestName } from "../shared/nearest-name.js";
import { countWork } from "../shared/work-counts.js";
import type { JsonPath } from "./json-document.js";
import { precompiledFileName, precompiledPackFileName } from "./precompile-schemas.js";
import { createAjv, packSchemaNames, type SchemaName, schemaFingerprint, schemaId } from "./schema-set.js";

export { nearestName } from "../shared/nearest-name.js";
export type { SchemaName } from "./schema-set.js";

export interface SchemaViolation {
  path: JsonPath;
  part: "key" | "value";
  message: string;
  hint: string;
  /** The JSON Schema keyword that failed ("type", "required", "additionalProperties", …). */
  keyword?: string;
  /** Where in the schema it failed, e.g. "#/properties/requires/items/oneOf/1/required". */
  schemaPath?: string;
}

/** Each schema's validator, made the first time that schema is needed. */
const validators = new Map<SchemaName, ValidateFunction>();
let precompiled: PrecompiledValidators | undefined | null;
let precompiledForPacks: PrecompiledValidators | undefined | null;

function validator(name: SchemaName): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    const entry = generatedFor(name)?.[name];
    const current = entry !== undefined && entry.fingerprint === schemaFingerprint(entry.schemas);
    validate = current ? entry.make() : compiledValidator(name);
    validators.set(name, validate);
  }
  return validate;
}

/** The generated validators of the file that holds `name`'s, read once. */
function generatedFor(name: SchemaName): PrecompiledValidators | null {
  if (packSchemaNames.has(name)) {
    precompiledForPacks ??= generatedValidators(requirePackValidators) ?? null;
    return precompiledForPacks;
  }
  precompiled ??= generatedValidators(requireValidators) ?? null;
  return precompiled;
}

/** What precompile-schemas.ts writes per schema: the schemas it was made from, their fingerprint, the maker. */
type PrecompiledValidators = Partial<
  Record<SchemaName, { schemas: SchemaName[]; fingerprint: string; make: () => ValidateFunction }>
>;

/** The build's generated validators, unless missing. */
function generatedValidators(load: () => unknown): PrecompiledValidators | undefined {
  try {
    return (load() as { validators?: PrecompiledValidators }).validators;
  } catch {
    return undefined;
  }
}

// Each a require of its own that scripts/bundle-cli.ts rewrites: the first into the bundle, the second to the
// file beside this one in the package, read only when a registry's own pack or host is checked.
const requireValidators = () => createRequire(import.meta.url)(`./${precompiledFileName}`);
const requirePackValidators = () => createRequire(import.meta.url)(`./${precompiledPackFileName}`);

let ajv: ReturnType<typeof createAjv> | undefined;

function compiledValidator(name: SchemaName): ValidateFunction {
  countWork("schemas compiled at run time");
  ajv ??= createAjv({ source: false });
  const validate = ajv.getSchema(schemaId(name));
  if (!validate) throw new Error(`agentc: schema ${name} missing from the package`);
  return validate;
}

export function validateAgainstSchema(name: SchemaName, value: unknown): SchemaViolation[] {
  const validate = validator(name);
  countWork("schema validations");
  if (validate(value)) return [];
  return summarize(validate.errors ?? []);
}

function summarize(errors: ErrorObject[]): SchemaViolation[] {
  const specific = errors.filter((e) => !["oneOf", "anyOf", "if"].includes(e.keyword));
  const chosen = specific.length > 0 ? specific : errors;
  const seen = new Set<string>();
  const out: SchemaViolation[] = [];
  for (const error of chosen) {
    const violation = describe(error);
    const key = `${violation.path.join("/")}|${violation.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...violation, keyword: error.keyword, schemaPath: error.schemaPath });
  }
  return out;
}

function pointerToPath(pointer: string): JsonPath {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

export function describePath(path: JsonPath): string {
  if (path.length === 0) return "the top level";
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}

function describe(error: ErrorObject): SchemaViolation {
  const path = pointerToPath(error.instancePath);
  const where = describePath(path);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "additionalProperties": {
      const key = String(params.additionalProperty);
      const allowed = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
      return {
        path: [...path, key],
        part: "key",
        message: `Unexpected key "${key}" in ${where}`,
        hint: unknownKeyHint(key, allowed),
      };
    }
    case "required":
      return {
        path,
        part: "value",
        message: `Missing required key "${String(params.missingProperty)}" in ${where}`,
        hint: `Add "${String(params.missingProperty)}".`,
      };
    case "enum":
      return {
        path,
        part: "value",
        message: `Unexpected value at ${where}`,
        hint: `Use one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}.`,
      };
    case "const":
      return {
        path,
        part: "value",
        message: `Unexpected value at ${where}`,
        hint: `Use ${JSON.stringify(params.allowedValue)}.`,
      };
    case "type":
      return {
        path,
        part: "value",
        message: `Expected ${String(params.type)} at ${where}`,
        hint: "Fix the value's type.",
      };
    case "pattern":
      return {
        path,
        part: "value",
        message: `Value at ${where} does not match the expected form`,
        hint: `It must match ${String(params.pattern)}.`,
      };
    default:
      return {
        path,
        part: "value",
        message: `Invalid value at ${where}: ${error.message ?? ""}`,
        hint: "See the schema.",
      };
  }
}

function unknownKeyHint(key: string, allowed: string[]): string {
  const near = nearestName(key, allowed);
  const known = allowed.filter((k) => k !== "$schema");
  if (near) return `Did you mean "${near}"? Allowed here: ${known.join(", ")}.`;
  return known.length ? `Remove it or use one of: ${known.join(", ")}.` : "Remove it.";
}

export type PositionOf = (path: JsonPath, part?: "key" | "value") => Position;
