import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { packageRoot } from "../src/shared/package-paths.js";
import { commandArgs, copiedSecret, InProcess, problemOf } from "./fuzz-run.js";

/**
 * One hostile input of a class that once broke agentc (issue 27): a seed folder, the files written over it,
 * the command, and the check that must report it. Every case must end with that diagnostic, exit 0 or 1,
 * no internal error and no hang; a build must copy no secret file.
 */
export interface CorpusCase {
  name: string;
  /** Package-relative folder the case starts from. */
  seed: string;
  command: "check" | "build" | "import";
  /** Files written over the seed, folder-relative. */
  files: Record<string, string>;
  /** The check id that must be among the diagnostics. */
  expect: string;
}

export interface CorpusOutcome {
  name: string;
  code: number | null;
  /** Why the case failed; undefined when it passed. */
  problem?: string;
}

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const braces = `"src/${"{a,b}".repeat(40)}/*.ts"`;
const keys = (count: number, separator = ": ") =>
  Array.from({ length: count }, (_, i) => `k${i}${separator}v`).join("\n");
const team = "examples/team";
const claude = "test/fixtures/import/claude-code";
const gemini = "test/fixtures/import/gemini-cli";
const codex = "test/fixtures/import/codex";
const key = "-----BEGIN OPENSSH PRIVATE KEY-----\nAGENTC-CORPUS-SECRET\n";

export const corpus: CorpusCase[] = [
  {
    name: "40 brace groups in a rule's globs",
    seed: team,
    command: "build",
    files: {
      "rules/brace.md": `---\nscope: scoped\nglobs: [${braces}]\ndescription: Brace groups.\n---\n# Brace\n\nText.\n`,
    },
    expect: "AGC188",
  },
  {
    name: "40 brace groups in a core rule's globs",
    seed: team,
    command: "build",
    files: { "core/rules/brace.md": `---\ntrigger: glob\nglobs: [${braces}]\n---\n# Brace\n\nText.\n` },
    expect: "AGC188",
  },
  {
    name: "a rule frontmatter with 60,000 keys",
    seed: team,
    command: "build",
    files: { "rules/keys.md": `---\nscope: global\n${keys(60_000)}\n---\n# Keys\n\nText.\n` },
    expect: "AGC106",
  },
  {
    name: "a skill frontmatter with 60,000 keys in one flow mapping",
    seed: team,
    command: "check",
    files: {
      "core/skills/keys/SKILL.md": `---\nname: keys\ndescription: Keys.\nmetadata: {${keys(60_000).replace(/\n/g, ", ")}}\n---\n# Keys\n`,
    },
    expect: "AGC106",
  },
  {
    name: "JSON nested 100,000 deep behind a comment that holds a quote",
    seed: team,
    command: "check",
    files: { "core/mcp.json": `// "\n{"version": 1, "servers": {"x": ${nested(100_000)}}}\n` },
    expect: "AGC106",
  },
  {
    name: "secret files in a skill folder and a capability package",
    seed: team,
    command: "build",
    files: {
      "core/skills/code-review/id_rsa": key,
      "core/skills/code-review/.env": "TOKEN=secret\n",
      "core/skills/code-review/certs/server.pem": key,
      "capabilities/team-notes/.env.production": "TOKEN=secret\n",
      "capabilities/team-notes/skills/team-notes/id_ed25519": key,
    },
    expect: "AGC189",
  },
  {
    name: "import: .mcp.json nested 100,000 deep",
    seed: claude,
    command: "import",
    files: { ".mcp.json": `{"mcpServers": {"x": {"command": "a", "args": ${nested(100_000)}}}}\n` },
    expect: "AGC127",
  },
  {
    name: "import: .claude/settings.json nested 100,000 deep after a comment with a quote",
    seed: claude,
    command: "import",
    files: { ".claude/settings.json": `// "\n{"permissions": {"deny": ${nested(100_000)}}}\n` },
    expect: "AGC127",
  },
  {
    name: "import: .gemini/settings.json nested 100,000 deep",
    seed: gemini,
    command: "import",
    files: { ".gemini/settings.json": `{"mcpServers": ${nested(100_000)}}\n` },
    expect: "AGC127",
  },
  {
    name: "import: TOML with a dotted key 100,000 deep",
    seed: codex,
    command: "import",
    files: { ".codex/config.toml": `model = "x"\ndeep${".k".repeat(100_000)} = 1\n` },
    expect: "AGC127",
  },
  {
    name: "import: a skill frontmatter with 60,000 keys",
    seed: claude,
    command: "import",
    files: {
      ".claude/skills/keys/SKILL.md": `---\nname: keys\ndescription: Keys.\n${keys(60_000)}\n---\n# Keys\n`,
    },
    expect: "AGC127",
  },
];

/** Runs every corpus case in a worker (a case past `timeoutMs` is a hang) and judges it. */
export async function runCorpus(cases: readonly CorpusCase[], timeoutMs: number): Promise<CorpusOutcome[]> {
  const work = mkdtempSync(join(tmpdir(), "agentc-corpus-"));
  const pool = new InProcess(timeoutMs);
  const outcomes: CorpusOutcome[] = [];
  try {
    for (const [index, corpusCase] of cases.entries()) {
      const dir = join(work, `case-${index}`);
      cpSync(join(packageRoot, corpusCase.seed), dir, {
        recursive: true,
        filter: (source) => !/[\\/](build|\.agentc-cache)$/.test(source),
      });
      for (const [path, text] of Object.entries(corpusCase.files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      const result = await pool.run(commandArgs(corpusCase.command, dir));
      const copied = corpusCase.command === "build" ? copiedSecret(`${dir}-out`) : undefined;
      const problem = result.hang
        ? `no result within ${timeoutMs} ms`
        : (problemOf(result).problem ??
          (copied ? `the build copied a secret file: ${copied}` : missing(result.out, corpusCase.expect)));
      outcomes.push({ name: corpusCase.name, code: result.code, ...(problem ? { problem } : {}) });
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}-out`, { recursive: true, force: true });
    }
  } finally {
    await pool.close();
    rmSync(work, { recursive: true, force: true });
  }
  return outcomes;
}

function missing(out: string, id: string): string | undefined {
  const diagnostics = (JSON.parse(out) as { diagnostics?: { id: string }[] }).diagnostics ?? [];
  return diagnostics.some((d) => d.id === id) ? undefined : `no ${id} among ${diagnostics.map((d) => d.id).join(", ")}`;
}
