import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import ts from "typescript";
import { parse } from "yaml";
import { validateAgainstSchema } from "../../src/documents/schema-validation.js";
import {
  csvGlobs,
  renderFrontmatter,
  type SlotInput,
  templateLines,
} from "../../src/emit/adapters/frontmatter-template.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { alwaysOnPath } from "../../src/registry/install-files.js";
import type { Adapter, Slot } from "../../src/registry/model.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "../support/testdir.js";

const adaptersDir = join(packageRoot, "adapters");
const adapters = readdirSync(adaptersDir)
  .filter((n) => n.endsWith(".json"))
  .sort()
  .map((file) => ({ file, adapter: JSON.parse(readFileSync(join(adaptersDir, file), "utf8")) as Adapter }));

describe("built-in adapter files", () => {
  for (const { file, adapter } of adapters) {
    describe(file, () => {
      it("validates against adapter.schema.json", () =>
        assert.deepEqual(validateAgainstSchema("adapter", adapter), []));
      it("is named after its id", () => assert.equal(file, `${adapter.id}.json`));
      it("names its readers, its limits and its sources", () => {
        assert.ok(adapter.name, "name");
        assert.ok((adapter.readers ?? []).length > 0, "readers");
        assert.ok((adapter.notes ?? "").length > 40, "notes");
        assert.ok(
          (adapter.sources ?? []).some((s) => s.startsWith("formats.md §")),
          "a formats.md section",
        );
      });
      it("owns a specific folder, never a shared top-level one like .claude or .github", () => {
        const dir = adapter.output_dir ?? "";
        assert.ok(dir === "" || dir.split("/").length >= 2, `output_dir "${dir}"`);
      });
    });
  }

  it("has exactly one single_file adapter, AGENTS.md, and every link points at its file", () => {
    const singles = adapters.filter((a) => a.adapter.global_placement === "single_file");
    assert.deepEqual(
      singles.map((a) => a.adapter.id),
      ["agents-md"],
    );
    const target = alwaysOnPath(singles[0]?.adapter ?? { id: "none" });
    assert.equal(target, "AGENTS.md");
    for (const { adapter } of adapters) {
      for (const link of adapter.install?.adapter_symlinks ?? [])
        assert.equal(link.target, target, adapter.id);
    }
  });

  it("writes no two adapters into one folder or one inside another", () => {
    const dirs = adapters.map((a) => a.adapter.output_dir ?? "").filter((d) => d !== "");
    for (const [i, a] of dirs.entries()) {
      for (const b of dirs.slice(i + 1))
        assert.ok(a !== b && !a.startsWith(`${b}/`) && !b.startsWith(`${a}/`), `${a} / ${b}`);
    }
  });
});

/** Inputs a YAML writer gets wrong easily: braces, '*' and '!' first, '#', ': ', quotes, YAML 1.1 words. */
const hardInputs: SlotInput[] = [
  {
    alwaysApply: false,
    globs: ["src/**/*.{ts,tsx}", "*.config.ts", "!generated/**", "docs/#drafts/**", "a b/**"],
    description: 'Use when: "strict" mode # not a comment',
    slug: "typescript-style",
  },
  { alwaysApply: false, globs: ["**/*"], description: "yes", slug: "2024-01-31" },
  {
    alwaysApply: false,
    globs: ["- odd/**"],
    description: "- starts with a dash\nand spans lines",
    slug: "on",
  },
];

const slotLine = /^([A-Za-z][\w-]*):\s*\{(\w+)\}$/;
const staticLine = /^([A-Za-z][\w-]*):\s*([^{}\s][^{}]*)$/;

function intended(slot: Slot, input: SlotInput): unknown {
  switch (slot) {
    case "globs":
    case "globs_yaml":
      return input.globs;
    case "globs_csv":
      return csvGlobs(input.globs);
    case "description":
      return input.description?.replace(/\s*\n\s*/g, " ");
    case "slug":
      return input.slug;
    case "alwaysApply":
      return input.alwaysApply;
  }
}

/** What each template line should read back as, keyed by YAML key; raw lines are checked as text. */
function expectations(adapter: Adapter, input: SlotInput) {
  const raw = new Set<Slot>(adapter.raw_slots ?? []);
  const keys: Record<string, unknown> = {};
  const rawLines: string[] = [];
  for (const line of templateLines(adapter)) {
    const slotted = slotLine.exec(line);
    const fixed = staticLine.exec(line);
    if (slotted?.[1] && slotted[2]) {
      const slot = slotted[2] as Slot;
      if (raw.has(slot)) rawLines.push(`${slotted[1]}: ${String(intended(slot, input))}`);
      else keys[slotted[1]] = intended(slot, input);
    } else if (fixed?.[1] && fixed[2]) keys[fixed[1]] = parse(fixed[2]);
    else
      assert.ok(line === "---" || line.endsWith(":{globs_yaml}"), `template line "${line}" has a known form`);
  }
  for (const line of templateLines(adapter)) {
    const m = /^([A-Za-z][\w-]*):\{globs_yaml\}$/.exec(line);
    if (m?.[1]) keys[m[1]] = input.globs;
  }
  return { keys, rawLines };
}

describe("emitted frontmatter reads back as the intended values", () => {
  for (const { adapter } of adapters.filter((a) => a.adapter.frontmatter !== undefined)) {
    it(adapter.id, () => {
      for (const input of hardInputs) {
        const text = renderFrontmatter(adapter, input);
        const { keys, rawLines } = expectations(adapter, input);
        const lines = text.split("\n").slice(1, -2);
        assert.equal(text.startsWith("---\n") && text.endsWith("\n---\n"), true, text);
        for (const rawLine of rawLines)
          assert.ok(lines.includes(rawLine), `${adapter.id}: line "${rawLine}" in\n${text}`);
        const yamlText = lines.filter((l) => !rawLines.includes(l)).join("\n");
        for (const version of ["1.2", "1.1"] as const) {
          assert.deepEqual(
            parse(yamlText, { version }) ?? {},
            keys,
            `${adapter.id} (YAML ${version}):\n${text}`,
          );
        }
      }
    });
  }
});

/**
 * The compiler knows no assistant by name. Names come from the adapters' data plus well-known ones.
 * Words that are also ordinary programming English (cursor, continue, augment, amp, warp) count only as a
 * string literal that is the word or has it as a path segment (".cursor/rules"). src/checks holds each
 * check's docs text and example registries, so only its code (not its strings and comments) is scanned.
 */
const genericWords = new Set(
  "agent agents and cli code coding desktop developer extensions factory github ide local plugins review skills".split(
    " ",
  ),
);
const ambiguousWords = new Set(["amp", "augment", "continue", "cursor", "warp"]);
const wellKnown =
  "aider amazonq ampcode antigravity augmentcode claude codex continuedev gemini opencode".split(" ");
/** Reported to the lead; each entry must still be needed, so the list cannot go stale. */
const knownViolations = new Map<string, string[]>();

/** Each built-in client pack's id and display name: the assistants that have no adapter of their own. */
function clientPackNames(): string[] {
  const dir = join(packageRoot, "clients");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => {
      const pack = JSON.parse(readFileSync(join(dir, f), "utf8")) as { client: string; name?: string };
      return [pack.client, pack.name ?? ""];
    });
}

function vendorWords(): { strict: string[]; ambiguous: string[] } {
  const words = new Set(wellKnown);
  const texts = [
    ...adapters.flatMap(({ adapter }) => [adapter.id, adapter.name ?? "", ...(adapter.readers ?? [])]),
    ...clientPackNames(),
  ];
  for (const text of texts) {
    for (const w of text
      .replace(/\([^)]*\)/g, "")
      .toLowerCase()
      .split(/[^a-z0-9]+/)) {
      if (w.length >= 3 && !genericWords.has(w)) words.add(w);
    }
  }
  return {
    strict: [...words].filter((w) => !ambiguousWords.has(w)).sort(),
    ambiguous: [...words].filter((w) => ambiguousWords.has(w)).sort(),
  };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/**
 * Whether namesIn can find a name in the text: one of the words is written in it, or may be behind an escape
 * sequence of a literal. Most files are then left unparsed.
 */
function mayName(text: string, words: ReturnType<typeof vendorWords>): boolean {
  const lower = text.toLowerCase();
  return [...words.strict, ...words.ambiguous].some((w) => lower.includes(w)) || /\\(?:u|x|[0-7])/.test(text);
}

/** String and template literal texts, and the file text with literals and comments blanked out. */
function splitSource(path: string, text: string): { literals: string[]; code: string } {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const literals: string[] = [];
  const chars = [...text];
  const blank = (start: number, end: number) => {
    for (let i = start; i < end; i++) if (chars[i] !== "\n") chars[i] = " ";
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      literals.push(node.text);
      blank(node.getStart(source), node.getEnd());
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const code = chars.join("").replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (c) => c.replace(/[^\n]/g, " "));
  return { literals, code };
}

function namesIn(path: string, text: string, words: ReturnType<typeof vendorWords>): string[] {
  const inChecks = /^src\/(?:[^/]+\/)*checks\//.test(path);
  const { literals, code } = splitSource(path, text);
  const scanned = inChecks ? code : text;
  const found = words.strict.filter((w) => new RegExp(`\\b${w}\\b`, "i").test(scanned));
  if (inChecks) return found;
  const segment = (w: string) => new RegExp(`(?:^|[./])${w}(?:[./-]|$)`, "i");
  return [...found, ...words.ambiguous.filter((w) => literals.some((l) => segment(w).test(l)))];
}

describe("no assistant name in compiler code", () => {
  const words = vendorWords();

  it("collects the names from the adapters' data", () => {
    for (const w of ["claude", "copilot", "kiro", "qwen", "windsurf"]) assert.ok(words.strict.includes(w), w);
    // assistants with a client pack and no adapter of their own
    for (const w of ["droid", "kilo", "opencode", "junie"]) assert.ok(words.strict.includes(w), w);
    assert.ok(words.ambiguous.includes("cursor"));
  });

  it("finds them where they appear", () => {
    const words2 = { strict: ["claude"], ambiguous: ["cursor"] };
    assert.deepEqual(namesIn("src/x.ts", 'if (id === "claude") {}', words2), ["claude"]);
    assert.deepEqual(namesIn("src/x.ts", 'const dir = ".cursor/rules";', words2), ["cursor"]);
    assert.deepEqual(namesIn("src/x.ts", "let cursor = 0; // move the cursor", words2), []);
    assert.deepEqual(namesIn("src/checks/x.ts", 'const example = ".claude/skills"; // Claude', words2), []);
    assert.deepEqual(namesIn("src/checks/x.ts", "const claudeDir = 1;", words2), []);
    assert.deepEqual(namesIn("src/checks/x.ts", "const claude = 1;", words2), ["claude"]);
  });

  it("finds none in src/ outside the known, reported exceptions", () => {
    const found = new Map<string, string[]>();
    for (const file of sourceFiles(join(packageRoot, "src"))) {
      const path = relative(packageRoot, file).split("\\").join("/");
      const text = readFileSync(file, "utf8");
      if (!mayName(text, words)) continue;
      const names = namesIn(path, text, words);
      if (names.length > 0) found.set(path, names);
    }
    assert.deepEqual(Object.fromEntries(found), Object.fromEntries(knownViolations));
  });
});

describe("docs/adapters.md", () => {
  const docs = readFileSync(join(packageRoot, "docs", "adapters.md"), "utf8");

  it("lists every built-in adapter in its table, and no other", () => {
    const rows = [...docs.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
    assert.deepEqual(rows.sort(), adapters.map((a) => a.adapter.id).sort());
  });

  it("shows a targets.json example that compiles and does what the text says", async () => {
    const example = /```json\n([\s\S]*?)\n```/.exec(docs)?.[1];
    assert.ok(example, "the page has a json example");
    const fixture = join(packageRoot, "test", "fixtures", "golden-registry");
    const dir = testdir({
      "sources.json": readFileSync(join(fixture, "sources.json"), "utf8"),
      "targets.json": example,
      ...Object.fromEntries(
        readdirSync(join(fixture, "rules")).map((n) => [
          `rules/${n}`,
          readFileSync(join(fixture, "rules", n), "utf8"),
        ]),
      ),
    });
    const result = await compileRegistry(dir, { offline: true });
    assert.deepEqual(
      result.diagnostics.filter((d) => d.severity === "error"),
      [],
    );
    const paths = (result.tree?.files ?? []).map((f) => `${f.component} ${f.path}`);
    assert.ok(paths.includes("warp WARP.md"), "warp writes WARP.md");
    assert.ok(paths.includes("claude-code .claude/rules/team/testing.md"));
    assert.ok(paths.includes("team-wiki docs/rules/testing.md"));
    assert.ok(!paths.some((p) => p.startsWith("cline ")), "cline was not chosen");
  });
});
