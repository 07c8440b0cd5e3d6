import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import ts from "typescript";
import { packageRoot } from "../../src/shared/package-paths.js";
import { readSchemasWith, schemaShape, shapeDifferences, typeShape } from "../support/schema-shape.js";

/**
 * Each JSON Schema in schemas/ is the contract users get; the TypeScript type the loader reads it into is
 * written by hand. This test keeps the two equal: the same keys, the same required ones, the same kinds of
 * values and literal lists, all the way down. A difference fails with its path: fix the type (or, if the
 * schema is wrong, the schema: that changes what registries may write).
 */
const pairs: { schema: string; at?: string; file: string; type: string }[] = [
  { schema: "client-pack.schema.json", file: "src/clients/model.ts", type: "ClientPack" },
  { schema: "adapter.schema.json", file: "src/registry/model.ts", type: "Adapter" },
  { schema: "sources.schema.json", file: "src/registry/model.ts", type: "SourcesConfig" },
  { schema: "targets.schema.json", file: "src/registry/model.ts", type: "TargetsConfig" },
  { schema: "capability.schema.json", file: "src/capabilities/model.ts", type: "CapabilityManifest" },
  { schema: "plugin-host.schema.json", file: "src/registry/plugin-host.ts", type: "PluginHost" },
  { schema: "assistant.schema.json", file: "src/registry/assistants.ts", type: "Assistant" },
  {
    schema: "rule-frontmatter.schema.json",
    file: "src/registry/rules/rule-file.ts",
    type: "RuleFrontmatter",
  },
  { schema: "core-rule.schema.json", file: "src/core/load-rules.ts", type: "RuleFrontmatter" },
  { schema: "core-skill.schema.json", file: "src/core/load-skills.ts", type: "SkillFrontmatter" },
  { schema: "core-agent.schema.json", file: "src/core/load-agents.ts", type: "AgentFrontmatter" },
  { schema: "core-command.schema.json", file: "src/core/load-commands.ts", type: "CommandFrontmatter" },
  {
    schema: "core-hooks.schema.json",
    at: "#/properties/hooks/items",
    file: "src/core/load-hooks.ts",
    type: "WrittenHook",
  },
  {
    schema: "core-mcp.schema.json",
    at: "#/$defs/server",
    file: "src/core/load-mcp.ts",
    type: "WrittenServer",
  },
  {
    schema: "core-permissions.schema.json",
    at: "#/$defs/rules/items",
    file: "src/core/load-permissions.ts",
    type: "WrittenRule",
  },
];

function program(): ts.Program {
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
  };
  return ts.createProgram([...new Set(pairs.map((p) => join(packageRoot, p.file)))], options);
}

function declaredType(checker: ts.TypeChecker, source: ts.SourceFile, name: string): ts.Type {
  const declaration = source.statements.find(
    (s) => (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && s.name.text === name,
  ) as ts.InterfaceDeclaration | ts.TypeAliasDeclaration | undefined;
  assert.ok(declaration, `${source.fileName} declares no ${name}`);
  return checker.getTypeAtLocation(declaration.name);
}

type Schema = Record<string, unknown>;
const readSchema = (file: string) =>
  JSON.parse(readFileSync(join(packageRoot, "schemas", file), "utf8")) as Schema;
readSchemasWith(readSchema);

function schemaAt(file: string, at = "#"): { root: Schema; node: unknown } {
  const root = readSchema(file);
  const node = at
    .replace(/^#\/?/, "")
    .split("/")
    .filter(Boolean)
    .reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], root);
  return { root, node };
}

/**
 * Where the type is wider than the schema on purpose. The compiler knows no assistant by name (a test keeps
 * assistant names out of src/), so the runtimes a capability may require are listed by the schema only.
 */
const onPurpose = [
  "CapabilityManifest $.requires[].runtime: the schema lists claude, pi, the type takes any string",
];

describe("the hand-written types agree with the JSON Schemas", () => {
  const built = program();
  const checker = built.getTypeChecker();
  for (const pair of pairs) {
    it(`${pair.type} (${pair.file}) = schemas/${pair.schema}${pair.at ?? ""}`, () => {
      const source = built.getSourceFile(join(packageRoot, pair.file));
      assert.ok(source, pair.file);
      const { root, node } = schemaAt(pair.schema, pair.at);
      const differences = shapeDifferences(
        typeShape(checker, declaredType(checker, source, pair.type)),
        schemaShape(root, node),
      );
      assert.deepEqual(
        differences.filter((d) => !onPurpose.includes(`${pair.type} ${d}`)),
        [],
      );
    });
  }
});
