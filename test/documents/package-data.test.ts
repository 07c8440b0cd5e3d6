import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import fc from "fast-check";
import { type ParseError, parseTree } from "jsonc-parser";
import { builtinClientPacks, checkBuiltinClientPacks } from "../../src/clients/load-client-packs.js";
import { parseJsonDocument } from "../../src/documents/json-document.js";
import { builtinAdapters, checkBuiltinAdapters } from "../../src/registry/builtin-adapters.js";
import { loadConfigFile } from "../../src/registry/config-file.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "../support/testdir.js";

describe("built-in data read as trusted package data", () => {
  it("every built-in adapter and client pack passes the full check", () => {
    assert.deepEqual(checkBuiltinAdapters(), []);
    assert.deepEqual(checkBuiltinClientPacks().diagnostics, []);
  });

  it("gives the same adapters, in the same order, as the full check's reading", () => {
    const trusted = builtinAdapters();
    assert.ok(trusted.length >= 10);
    for (const { adapter, origin } of trusted) {
      const checked = loadConfigFile(join(packageRoot, "adapters"), `${adapter.id}.json`, "adapter", []);
      assert.deepEqual(adapter, checked?.value);
      assert.equal(origin.document.file, `<agentc>/adapters/${adapter.id}.json`);
      assert.equal(origin.builtin, true);
    }
    assert.deepEqual(
      trusted.map((a) => a.adapter.id),
      trusted.map((a) => a.adapter.id).sort(),
    );
  });

  it("gives the same client packs as the full check's reading", () => {
    const checked = checkBuiltinClientPacks().packs;
    const trusted = builtinClientPacks();
    assert.deepEqual(
      trusted.map((p) => [p.pack, p.file, p.origin, p.document.file]),
      checked.map((p) => [p.pack, p.file, p.origin, p.document.file]),
    );
  });

  it("still points diagnostics at the line and column inside a built-in file", () => {
    const cursor = builtinAdapters().find((a) => a.adapter.id === "cursor");
    assert.ok(cursor);
    const text = readFileSync(join(packageRoot, "adapters", "cursor.json"), "utf8");
    const lines = text.split("\n");
    const line = lines.findIndex((l) => l.includes('"output_dir"')) + 1;
    const column = (lines[line - 1] ?? "").indexOf('"output_dir"') + 1;
    assert.deepEqual(cursor.origin.document.positionOf(["output_dir"], "key"), {
      file: "<agentc>/adapters/cursor.json",
      line,
      column,
      end: { line, column: column + '"output_dir"'.length },
    });
  });
});

describe("npm run build's check of the package data (scripts/check-package-data.js)", () => {
  /** A copy of the built package whose data can be broken without touching the real one. */
  function packageCopy(): string {
    const root = testdir({}, "agentc-package-data-");
    for (const entry of [
      "package.json",
      "adapters",
      "assistants",
      "clients",
      "plugin-hosts",
      "schemas",
      "assets/hooks",
      "dist/src",
      "dist/scripts",
    ]) {
      cpSync(join(packageRoot, entry), join(root, entry), { recursive: true });
    }
    symlinkSync(join(packageRoot, "node_modules"), join(root, "node_modules"));
    return root;
  }
  const run = (root: string) =>
    spawnSync(process.execPath, [join(root, "dist", "scripts", "check-package-data.js")], {
      encoding: "utf8",
    });

  it("passes on the package as built", () => {
    const result = run(packageCopy());
    assert.equal(result.status, 0, result.stderr);
  });

  it("fails, naming the file, line and column, when a built-in adapter breaks its schema", () => {
    const root = packageCopy();
    const file = join(root, "adapters", "cursor.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"output_dir"', '"output_folder"'));
    const result = run(root);
    assert.equal(result.status, 1);
    assert.match(
      result.stderr,
      /<agentc>\/adapters\/cursor\.json:\d+:\d+: error AGC\d+ Unexpected key "output_folder"/,
    );
  });

  it("fails when a built-in client pack is not JSON", () => {
    const root = packageCopy();
    writeFileSync(join(root, "clients", "cursor.json"), '{"client": "cursor",}\n');
    const result = run(root);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /<agentc>\/clients\/cursor\.json:1:\d+: error AGC\d+ malformed JSON/);
  });

  it("fails, naming the line, when a built-in plugin host breaks its schema", () => {
    const root = packageCopy();
    const file = join(root, "plugin-hosts", "gemini-cli.json");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace('"skills_dir": "skills"', '"skills_dir": "../skills"'),
    );
    const result = run(root);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /<agentc>\/plugin-hosts\/gemini-cli\.json:\d+:\d+: error AGC002 /);
  });

  it("fails, naming the line, when an assistant names an adapter that is not built in", () => {
    const root = packageCopy();
    const file = join(root, "assistants", "cursor.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('"cursor"\n  ]', '"cursorr"\n  ]'));
    const result = run(root);
    assert.equal(result.status, 1);
    assert.match(
      result.stderr,
      /<agentc>\/assistants\/cursor\.json:\d+:\d+: error AGC002 <agentc>\/assistants\/cursor\.json: no built-in adapter "cursorr"/,
    );
  });
});

describe("JSON documents parse natively and build the position tree only on demand", () => {
  const treeErrors = (text: string) => {
    const errors: ParseError[] = [];
    parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    return errors;
  };
  const jsonText = fc.json().chain((text) =>
    fc.oneof(
      fc.constant(text),
      fc
        .tuple(fc.nat(text.length), fc.constantFrom(",", "}", "]", "/", '"', " ", "\u00a0", "x", "0", "\\"))
        .map(([at, ch]) => text.slice(0, at) + ch + text.slice(at)),
      fc.nat(text.length).map((at) => text.slice(0, at)),
    ),
  );

  it("JSON the native parser takes is JSON the position tree takes, without errors", () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const { document, errors } = parseJsonDocument("x.json", text);
        if (document) {
          assert.deepEqual(errors, []);
          assert.deepEqual(treeErrors(text), []);
        } else {
          assert.ok(errors.length > 0);
          for (const e of errors) assert.match(e.message, /^malformed JSON: |^the file is empty$/);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("reports a syntax error where the tree parser finds it", () => {
    const { document, errors } = parseJsonDocument("x.json", '{\n  "a": 1,\n}\n');
    assert.equal(document, undefined);
    assert.deepEqual(errors[0], {
      position: { file: "x.json", line: 3, column: 1 },
      message: "malformed JSON: expected a property name in double quotes",
    });
  });

  it("reports a character JSON does not allow between tokens (a no-break space)", () => {
    const { document, errors } = parseJsonDocument("x.json", '{\n  "a":\u00a01\n}');
    assert.equal(document, undefined);
    assert.deepEqual(errors[0], {
      position: { file: "x.json", line: 2, column: 7 },
      message: "malformed JSON: unexpected character",
    });
  });

  it("locates keys and values of a valid document, with the end of what it found", () => {
    const { document } = parseJsonDocument("x.json", '{\n  "a": {\n    "b": [1, 2]\n  }\n}\n');
    assert.ok(document);
    const end = (line: number, column: number) => ({ end: { line, column } });
    assert.deepEqual(document.positionOf(["a", "b", 1]), {
      file: "x.json",
      line: 3,
      column: 14,
      ...end(3, 15),
    });
    assert.deepEqual(document.positionOf(["a", "b"], "key"), {
      file: "x.json",
      line: 3,
      column: 5,
      ...end(3, 8),
    });
    assert.deepEqual(document.positionOf(["a"]), { file: "x.json", line: 2, column: 8, ...end(4, 4) });
    // a path that is not there: the place of its nearest parent, without an end
    assert.deepEqual(document.positionOf(["a", "missing"]), { file: "x.json", line: 2, column: 8 });
  });
});
