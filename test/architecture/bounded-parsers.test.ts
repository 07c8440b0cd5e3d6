import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";

/**
 * Files that call a parser directly, and why that is safe. Everything else reads JSON, TOML and YAML
 * through the bounded readers: parseJson (src/shared/nesting-limit.ts), parseToml (src/shared/bounded-toml.ts),
 * parseJsonDocument and parseYamlBlock (src/documents/), which refuse nesting past 64 levels and YAML past
 * 1,000 entries before any recursive code sees the value.
 */
const rawParsers: Record<string, string> = {
  "src/shared/nesting-limit.ts": "the bounded JSON reader itself",
  "src/shared/bounded-toml.ts": "the bounded TOML reader itself",
  "src/documents/yaml-frontmatter.ts": "the bounded YAML reader itself",
  "src/documents/json-document.ts": "the bounded registry JSON reader: depth is checked first",
  "src/documents/duplicate-keys.ts": "runs on text parseJsonDocument has read",
  "src/documents/package-data.ts": "agentc's own data files, checked at build",
  "src/documents/schema-set.ts": "agentc's own schemas",
  "src/shared/package-version.ts": "agentc's own package.json",
  "src/install/capability/runtime-data.ts": "agentc's own runtime data",
  "src/cli/commands/init.ts": "agentc's own template",
  "src/clients/builtin-pack-fields.ts": "writes agentc's own built-in pack fields as a module at build time",
  "src/diagnostics/fixture-base.ts": "the checks' example registries",
  "src/plugin/checks/plugin-inputs-exist.ts": "the checks' example registries",
  "src/plugin/composed-value.ts": "text composeJson just wrote",
  "src/compose/compose-json.ts": "depth is checked first (parseRoot)",
  "src/compose/json-containers.ts": "text composeJson has read and written",
  "src/compose/compose-toml.ts": "reads back values it stringified; the file goes through parseToml",
  "src/compose/toml-tables.ts": "one quoted key, no nesting",
  "src/install/project/shared-file.ts": "depth is checked first",
  "src/install/plan/trust-keys-present.ts": "depth is checked first",
  "src/session-load/client-loads.ts": "depth is checked first (settings files may hold comments)",
  "src/emit/native-values.ts": "depth is checked first (settings files may hold comments)",
  "src/import/read-project/native-json.ts":
    "runs only on text parseJsonDocument found within the depth limit",
  "src/checks/output/settings-grant-no-self-trust.ts": "the build's own emitted files",
  "src/checks/clients/frontmatter-field-documented.ts": "the build's own emitted files",
  "src/dependencies/declare-dependency.ts": "sources.json that agentc add has read with parseJson first",
};

const rawCall = [
  /JSON\.parse\(/,
  /import \{[^}]*\b(parse|parseTree)\b[^}]*\} from "jsonc-parser"/,
  /import \{[^}]*\bparse\b[^}]*\} from "smol-toml"/,
  /import \{[^}]*\b(parse|parseDocument|parseAllDocuments)\b[^}]*\} from "yaml"/,
  /\{[^}]*\b(parse|parseDocument|parseAllDocuments)\b[^}]*\} = yamlLibrary\(\)/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("parsers of outside input are bounded", () => {
  it("calls JSON.parse, jsonc-parser, smol-toml and yaml directly only where the list says why it is safe", () => {
    const callers = sourceFiles(join(packageRoot, "src"))
      .filter((file) => {
        const text = readFileSync(file, "utf8").replace(/^\s*(\/\/|\*).*$/gm, "");
        return rawCall.some((pattern) => pattern.test(text));
      })
      .map((file) => relative(packageRoot, file).split("\\").join("/"))
      .sort();
    const unlisted = callers.filter((file) => !(file in rawParsers));
    assert.deepEqual(
      unlisted,
      [],
      "read outside input with parseJson, parseToml, parseJsonDocument or parseYamlBlock",
    );
    const stale = Object.keys(rawParsers).filter((file) => !callers.includes(file));
    assert.deepEqual(stale, [], "these no longer call a parser directly: take them off the list");
  });
});
