import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { build, type Plugin } from "esbuild";
import { packageRoot } from "../src/shared/package-paths.js";
import { fflateTablesPrecomputed } from "./fflate-tables.js";

/**
 * Build step (npm "postbuild", after precompile-schemas): bundles the compiled CLI (dist/src/cli/main.js
 * and everything it imports, dependencies included) into the one script dist/agentc.cjs, then runs it
 * once on the example registry to record V8's code cache in dist/agentc.cjs.cache. bin/agentc.js loads
 * both; see docs/benchmark.md for why a CommonJS script rather than an ES module.
 */
const bundleFile = join(packageRoot, "dist", "agentc.cjs");
const codeCacheFile = `${bundleFile}.cache`;
const entryPoint = join(packageRoot, "dist", "src", "cli", "main.js");
const trainingRegistry = join(packageRoot, "examples", "registry");

/**
 * The bundle is one function expression taking CommonJS's module parameters, then its last line:
 * `// bundle id: <sha256 of the text above it>`; the code cache starts with that line (padded to 8 bytes).
 */
const idLinePrefix = "// bundle id: ";

/**
 * Modules that load a file or package on first use, with a `createRequire` esbuild cannot follow: a
 * literal require lets esbuild put it in the bundle, where it still runs only when first required.
 * schema-validation.js finds the precompiled validators (and their ajv runtime helpers) next to itself;
 * those of client packs and plugin hosts stay out of the bundle, read from dist/src when a registry has its
 * own (`__dirname` is dist/, as bin/agentc.js passes it); builtin-pack-fields.js the fields of the built-in
 * client packs it precomputed; on-first-use.js loads the libraries most builds never need (every one it names).
 */
const lazyRequires = [
  {
    file: /[\\/]documents[\\/]schema-validation\.js$/,
    rewrites: [
      {
        dynamic: /createRequire\(import\.meta\.url\)\(`\.\/\$\{precompiledFileName\}`\)/g,
        literal: 'require("./precompiled-schemas.cjs")',
      },
      {
        dynamic: /createRequire\(import\.meta\.url\)\(`\.\/\$\{precompiledPackFileName\}`\)/g,
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the code put into the bundle is a template
        literal: "require(`${__dirname}/src/documents/${precompiledPackFileName}`)",
      },
    ],
  },
  {
    file: /[\\/]clients[\\/]builtin-pack-fields\.js$/,
    rewrites: [
      {
        dynamic: /createRequire\(import\.meta\.url\)\(`\.\/\$\{precomputedFieldsFileName\}`\)/g,
        literal: 'require("./builtin-pack-fields.cjs")',
      },
    ],
  },
  {
    file: /[\\/]shared[\\/]on-first-use\.js$/,
    rewrites: [{ dynamic: /createRequire\(import\.meta\.url\)\(("[^"]+")\)/g, literal: "require($1)" }],
  },
];

const lazyRequiresLiteral: Plugin = {
  name: "lazy-requires-literal",
  setup(context) {
    for (const { file, rewrites } of lazyRequires) {
      context.onLoad({ filter: file }, (args) => {
        let contents = readFileSync(args.path, "utf8");
        for (const { dynamic, literal } of rewrites) {
          const rewritten = contents.replace(dynamic, literal);
          if (rewritten === contents) {
            throw new Error(
              `${args.path} no longer loads on first use as ${dynamic}; update ${import.meta.url}`,
            );
          }
          contents = rewritten;
        }
        return { contents, loader: "js" };
      });
    }
  },
};

/**
 * fflate's Node build differs from its browser build only in how its asynchronous functions start
 * workers, and loads worker_threads to do so; agentc calls only the synchronous ones.
 */
const fflateWithoutWorkers: Plugin = {
  name: "fflate-without-workers",
  setup(context) {
    const browserBuild = join(
      dirname(createRequire(import.meta.url).resolve("fflate")),
      "..",
      "esm",
      "browser.js",
    );
    context.onResolve({ filter: /^fflate$/ }, () => ({ path: browserBuild }));
  },
};

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [entryPoint],
    bundle: true,
    write: false,
    platform: "node",
    format: "cjs",
    target: "node20",
    // jsonc-parser's "main" is a UMD build whose dynamic requires esbuild cannot follow.
    mainFields: ["module", "main"],
    define: { "import.meta.url": "__agentcBundleUrl" },
    banner: { js: 'const __agentcBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    plugins: [lazyRequiresLiteral, fflateWithoutWorkers, fflateTablesPrecomputed],
    // The language and MCP servers' libraries (and the JSON Schema compiler for MCP tool input) stay in node_modules, loaded by `agentc lsp` and `agentc mcp`
    // alone: in the bundle they would be read and compiled at every start. The CycloneDX library's optional
    // plug-ins (XML, its validators) are not installed: it loads them only when asked for XML or validation,
    // and agentc asks for neither.
    external: [
      "vscode-languageserver",
      "vscode-languageserver/*",
      "@modelcontextprotocol/sdk/*",
      "ajv/dist/2020.js",
      "xmlbuilder2",
      "libxmljs2",
      "ajv-formats-draft2019",
      "spdx-expression-parse",
    ],
    legalComments: "none",
    // Half the bytes to read and a smaller code cache: about 5 ms less start-up. For stack traces with
    // the source's names, run the unbundled CLI (AGENTC_NO_BUNDLE=1).
    minify: true,
    logLevel: "warning",
  });
  const text = result.outputFiles[0]?.text;
  if (text === undefined) throw new Error("esbuild wrote no bundle");
  assertAscii(text);
  // Written as the function CommonJS wraps a module in, so bin/agentc.js compiles the file's text as it
  // is: wrapping it at start-up made a second copy of the whole text (about 1 ms).
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${text}\n})\n`;
  return `${wrapped}${idLinePrefix}${createHash("sha256").update(wrapped).digest("hex")}\n`;
}

/**
 * bin/agentc.js reads the bundle as latin1, which is cheaper than UTF-8 and gives the same string only
 * for ASCII text (otherwise V8 also refuses the code cache). esbuild escapes strings, but not regular
 * expression literals: write non-ASCII characters in those as \u escapes.
 */
function assertAscii(text: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: any ASCII character
  const at = text.search(/[^\u0000-\u007f]/);
  if (at < 0) return;
  throw new Error(
    `the bundle must be ASCII, but holds ${JSON.stringify(text[at])} in:\n${text.slice(Math.max(0, at - 150), at + 150)}\n` +
      "Write that character as a \\u escape in the source (likely a regular expression literal).",
  );
}

/** Runs the bundle through bin/agentc.js once, which then writes the code cache of what it compiled. */
function recordCodeCache(): void {
  const out = mkdtempSync(join(tmpdir(), "agentc-code-cache-"));
  try {
    const run = spawnSync(
      process.execPath,
      [join(packageRoot, "bin", "agentc.js"), "build", trainingRegistry, "--out", out, "--quiet"],
      { env: { ...process.env, AGENTC_WRITE_CODE_CACHE: "1" }, encoding: "utf8" },
    );
    if (run.status !== 0) {
      // The bundle works without its cache, only slower to start; test/cli/bundled-cli.test.ts then fails.
      rmSync(codeCacheFile, { force: true });
      process.stderr.write(`bundle-cli: no code cache, building examples/registry failed:\n${run.stderr}\n`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

async function bundleCli(): Promise<void> {
  rmSync(codeCacheFile, { force: true });
  writeFileSync(bundleFile, await bundle());
  recordCodeCache();
}

await bundleCli();
