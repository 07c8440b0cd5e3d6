import ts from "typescript";

/**
 * The shape of a value as a JSON Schema and as a TypeScript type both describe it, so the two can be compared:
 * which keys an object has and which are required, what a list holds, which primitive types and (where both
 * list them) which literal values a value may take, and the alternatives of a union.
 */
export type Shape =
  | { kind: "any" }
  | { kind: "object"; keys: Map<string, { required: boolean; shape: Shape }>; rest?: Shape }
  | { kind: "array"; items: Shape }
  | { kind: "primitive"; types: Set<Primitive>; values?: Set<string> }
  | { kind: "union"; options: Shape[] };

type Primitive = "string" | "number" | "boolean" | "null";
type Schema = Record<string, unknown>;

const any: Shape = { kind: "any" };

/** Keys a JSON Schema allows everywhere ("$schema") and the "_" note keys of the pack formats. */
const schemaOnlyKeys = new Set(["$schema"]);
const notePattern = "^_";

// ---- JSON Schema → Shape

export function schemaShape(root: Schema, node: unknown = root): Shape {
  if (node === true || node === undefined) return any;
  const resolved = resolve(root, node as Schema);
  const schema = resolved.schema;
  root = resolved.root;
  const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (alternatives)
    return union(alternatives.map((s) => schemaShape(root, { ...withoutAlternatives(schema), ...s })));
  const types = typesOf(schema);
  if (types.length === 0) return any;
  return union(types.map((t) => typedShape(root, schema, t)));
}

/** Other schema files a "$ref" may name ("core-agent.schema.json#/$defs/model"), by file name. */
let schemaFiles: (name: string) => Schema = () => {
  throw new Error("a $ref names another schema file, but no reader was given");
};

export function readSchemasWith(read: (name: string) => Schema): void {
  schemaFiles = read;
}

function resolve(root: Schema, schema: Schema): { root: Schema; schema: Schema } {
  const ref = schema.$ref;
  if (typeof ref !== "string") return { root, schema };
  const [file, pointer = ""] = ref.split("#");
  const base = file ? schemaFiles(file) : root;
  const target = pointer
    .replace(/^\//, "")
    .split("/")
    .filter(Boolean)
    .reduce<unknown>((node, key) => (node as Schema)[key], base);
  const { $ref: _ref, ...rest } = schema;
  return resolve(base, { ...(target as Schema), ...rest });
}

function withoutAlternatives(schema: Schema): Schema {
  const { oneOf: _o, anyOf: _a, ...rest } = schema;
  return rest;
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === "string") return [schema.type];
  if (schema.properties || schema.additionalProperties || schema.patternProperties) return ["object"];
  if (schema.items) return ["array"];
  if (schema.enum || "const" in schema) return [...new Set(literals(schema).map((v) => typeName(v)))];
  return [];
}

function literals(schema: Schema): unknown[] {
  if (Array.isArray(schema.enum)) return schema.enum;
  return "const" in schema ? [schema.const] : [];
}

function typeName(value: unknown): string {
  return value === null ? "null" : typeof value;
}

function typedShape(root: Schema, schema: Schema, type: string): Shape {
  if (type === "object") return objectShape(root, schema);
  if (type === "array") {
    const items = (schema.prefixItems as Schema[] | undefined) ?? schema.items;
    const item = Array.isArray(items)
      ? union(items.map((s) => schemaShape(root, s)))
      : schemaShape(root, items);
    return { kind: "array", items: item };
  }
  const primitive = (type === "integer" ? "number" : type) as Primitive;
  const values = literals(schema).filter((v) => typeName(v) === primitive && primitive === "string");
  return {
    kind: "primitive",
    types: new Set([primitive]),
    ...(values.length ? { values: new Set(values as string[]) } : {}),
  };
}

function objectShape(root: Schema, schema: Schema): Shape {
  if (schema.then || schema.else) return conditionalShape(root, schema);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const keys = new Map<string, { required: boolean; shape: Shape }>();
  for (const [key, value] of Object.entries((schema.properties as Schema | undefined) ?? {}))
    if (!schemaOnlyKeys.has(key))
      keys.set(key, { required: required.has(key), shape: schemaShape(root, value) });
  const patterns = Object.entries((schema.patternProperties as Schema | undefined) ?? {}).filter(
    ([pattern]) => pattern !== notePattern,
  );
  // without additionalProperties, JSON Schema allows any other key
  const additional = schema.additionalProperties ?? true;
  const rests = [
    ...patterns.map(([, s]) => schemaShape(root, s)),
    ...(additional !== false ? [schemaShape(root, additional)] : []),
  ];
  return { kind: "object", keys, ...(rests.length ? { rest: union(rests) } : {}) };
}

/**
 * if/then/else: each branch adds keys and requirements to the schema beside it, so the object has the keys of
 * both (required where the base or both branches require them), and more keys where either branch allows.
 */
function conditionalShape(root: Schema, schema: Schema): Shape {
  const { if: _if, then, else: otherwise, ...base } = schema;
  const branches = [then ?? {}, otherwise ?? {}].map((b) => {
    const branch = resolve(root, b as Schema).schema;
    return schemaShape(root, {
      ...branch,
      ...base,
      type: "object",
      properties: { ...(branch.properties as Schema), ...(base.properties as Schema) },
      required: [...((base.required as string[]) ?? []), ...((branch.required as string[]) ?? [])],
      ...("additionalProperties" in branch || "additionalProperties" in base
        ? { additionalProperties: base.additionalProperties ?? branch.additionalProperties }
        : {}),
    });
  });
  const objects = branches.filter((b): b is Extract<Shape, { kind: "object" }> => b.kind === "object");
  const keys = new Map<string, { required: boolean; shape: Shape }>();
  for (const object of objects)
    for (const [key, value] of object.keys) {
      const inAll = objects.every((o) => o.keys.get(key)?.required);
      keys.set(key, { required: inAll, shape: value.shape });
    }
  const rests = objects.flatMap((o) => (o.rest ? [o.rest] : []));
  return { kind: "object", keys, ...(rests.length ? { rest: union(rests) } : {}) };
}

// ---- TypeScript type → Shape

export function typeShape(checker: ts.TypeChecker, type: ts.Type, seen = new Set<ts.Type>()): Shape {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return any;
  if (type.isUnion())
    return union(
      type.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined)).map((t) => typeShape(checker, t, seen)),
    );
  if (type.isIntersection()) return intersection(type.types.map((t) => typeShape(checker, t, seen)));
  const primitive = primitiveOf(type);
  if (primitive) return primitive;
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    const elements = checker.getTypeArguments(type as ts.TypeReference);
    return { kind: "array", items: union(elements.map((t) => typeShape(checker, t, seen))) };
  }
  if (seen.has(type)) return any;
  seen.add(type);
  const keys = new Map<string, { required: boolean; shape: Shape }>();
  for (const property of type.getProperties()) {
    const required = !(property.flags & ts.SymbolFlags.Optional);
    keys.set(property.name, { required, shape: typeShape(checker, checker.getTypeOfSymbol(property), seen) });
  }
  const index = checker.getIndexInfosOfType(type)[0];
  seen.delete(type);
  return { kind: "object", keys, ...(index ? { rest: typeShape(checker, index.type, seen) } : {}) };
}

function primitiveOf(type: ts.Type): Shape | undefined {
  const f = type.flags;
  if (f & ts.TypeFlags.StringLiteral)
    return {
      kind: "primitive",
      types: new Set(["string"]),
      values: new Set([(type as ts.StringLiteralType).value]),
    };
  if (f & ts.TypeFlags.String || f & ts.TypeFlags.TemplateLiteral)
    return { kind: "primitive", types: new Set(["string"]) };
  if (f & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral))
    return { kind: "primitive", types: new Set(["number"]) };
  if (f & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral))
    return { kind: "primitive", types: new Set(["boolean"]) };
  if (f & ts.TypeFlags.Null) return { kind: "primitive", types: new Set(["null"]) };
  return undefined;
}

// ---- unions: primitives merge into one option, everything else stays an alternative

function union(shapes: Shape[]): Shape {
  const flat = shapes.flatMap((s) => (s.kind === "union" ? s.options : [s]));
  if (flat.some((s) => s.kind === "any")) return any;
  const primitives = flat.filter((s): s is Extract<Shape, { kind: "primitive" }> => s.kind === "primitive");
  const others = flat.filter((s) => s.kind !== "primitive");
  const options: Shape[] = [...others];
  if (primitives.length) {
    const types = new Set(primitives.flatMap((p) => [...p.types]));
    const open = primitives.some((p) => p.types.has("string") && !p.values);
    const values = new Set(primitives.flatMap((p) => [...(p.values ?? [])]));
    options.push({ kind: "primitive", types, ...(!open && values.size ? { values } : {}) });
  }
  return options.length === 1 ? (options[0] as Shape) : { kind: "union", options };
}

function intersection(shapes: Shape[]): Shape {
  const objects = shapes.filter((s): s is Extract<Shape, { kind: "object" }> => s.kind === "object");
  if (objects.length !== shapes.length) return any;
  const keys = new Map(objects.flatMap((o) => [...o.keys]));
  return { kind: "object", keys };
}

// ---- comparing

/** Every place where the two shapes disagree, as "path: what differs". */
export function shapeDifferences(type: Shape, schema: Shape, path = "$"): string[] {
  if (type.kind === "any" || schema.kind === "any") return [];
  if (type.kind === "union" || schema.kind === "union") return unionDifferences(type, schema, path);
  if (type.kind !== schema.kind)
    return [`${path}: the type is ${describe(type)}, the schema ${describe(schema)}`];
  if (type.kind === "array" && schema.kind === "array")
    return shapeDifferences(type.items, schema.items, `${path}[]`);
  if (type.kind === "primitive" && schema.kind === "primitive")
    return primitiveDifferences(type, schema, path);
  if (type.kind === "object" && schema.kind === "object") return objectDifferences(type, schema, path);
  return [];
}

function objectDifferences(
  type: Extract<Shape, { kind: "object" }>,
  schema: Extract<Shape, { kind: "object" }>,
  path: string,
): string[] {
  const out: string[] = [];
  for (const [key, t] of type.keys) {
    const s = schema.keys.get(key);
    if (!s) {
      if (schema.rest) out.push(...shapeDifferences(t.shape, schema.rest, `${path}.${key}`));
      else out.push(`${path}.${key}: in the type, not in the schema`);
      continue;
    }
    if (t.required !== s.required)
      out.push(
        `${path}.${key}: ${t.required ? "required" : "optional"} in the type, ${s.required ? "required" : "optional"} in the schema`,
      );
    out.push(...shapeDifferences(t.shape, s.shape, `${path}.${key}`));
  }
  for (const key of schema.keys.keys())
    if (!type.keys.has(key) && !type.rest) out.push(`${path}.${key}: in the schema, not in the type`);
  if (type.rest && schema.rest) out.push(...shapeDifferences(type.rest, schema.rest, `${path}[*]`));
  else if (type.rest && type.keys.size === 0 && !schema.rest && schema.keys.size === 0)
    out.push(`${path}: the type allows any key, the schema none`);
  else if (schema.rest && !type.rest) out.push(`${path}: the schema allows more keys, the type does not`);
  return out;
}

function primitiveDifferences(
  type: Extract<Shape, { kind: "primitive" }>,
  schema: Extract<Shape, { kind: "primitive" }>,
  path: string,
): string[] {
  const out: string[] = [];
  const t = [...type.types].sort().join("|");
  const s = [...schema.types].sort().join("|");
  if (t !== s) out.push(`${path}: ${t} in the type, ${s} in the schema`);
  if (type.values && schema.values) {
    const tv = [...type.values].sort().join(", ");
    const sv = [...schema.values].sort().join(", ");
    if (tv !== sv) out.push(`${path}: the type allows ${tv}, the schema ${sv}`);
  } else if (schema.values && !type.values)
    out.push(`${path}: the schema lists ${[...schema.values].sort().join(", ")}, the type takes any string`);
  return out;
}

function unionDifferences(type: Shape, schema: Shape, path: string): string[] {
  const typeOptions = type.kind === "union" ? type.options : [type];
  const schemaOptions = schema.kind === "union" ? schema.options : [schema];
  const out: string[] = [];
  const unmatched = [...schemaOptions];
  for (const option of typeOptions) {
    const index = unmatched.findIndex((s) => s.kind === option.kind);
    if (index < 0) {
      out.push(`${path}: the type allows ${describe(option)}, the schema does not`);
      continue;
    }
    out.push(...shapeDifferences(option, unmatched[index] as Shape, path));
    unmatched.splice(index, 1);
  }
  for (const option of unmatched)
    out.push(`${path}: the schema allows ${describe(option)}, the type does not`);
  return out;
}

function describe(shape: Shape): string {
  if (shape.kind === "primitive") return [...shape.types].join("|");
  return shape.kind === "union" ? shape.options.map(describe).join(" or ") : `an ${shape.kind}`;
}
