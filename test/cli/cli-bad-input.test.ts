import assert from "node:assert/strict";
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/** A copy of the init template: a registry that checks clean until a case breaks it. */
function templateRegistry(): string {
  const dir = join(testdir(), "registry");
  cpSync(join(packageRoot, "templates", "init"), dir, { recursive: true });
  return dir;
}

interface BadInput {
  name: string;
  /** Breaks the registry. */
  breakIt(dir: string): void;
  /** The folder to check, when it is not the registry itself. */
  checked?: (dir: string) => string;
  /** Registry-relative file the diagnostic must point at. */
  file: string;
  id: string;
  message: RegExp;
}

const trailingComma =
  '{\n  "version": 1,\n  "sources": [\n    { "name": "team", "kind": "custom", "path": "sources/team" },\n  ]\n}\n';

const cases: BadInput[] = [
  {
    name: "sources.json with a trailing comma",
    breakIt: (dir) => writeFileSync(join(dir, "sources.json"), trailingComma),
    file: "sources.json:5:3",
    id: "AGC001",
    message: /malformed JSON/,
  },
  {
    name: "a truncated sources.json",
    breakIt: (dir) => {
      const text = readFileSync(join(dir, "sources.json"), "utf8");
      writeFileSync(join(dir, "sources.json"), text.slice(0, text.indexOf('"sources"') + 14));
    },
    file: "sources.json:",
    id: "AGC001",
    message: /malformed JSON/,
  },
  {
    name: "an empty targets.json",
    breakIt: (dir) => writeFileSync(join(dir, "targets.json"), ""),
    file: "targets.json:1:1",
    id: "AGC001",
    message: /JSON/,
  },
  {
    name: "sources.json holding an array",
    breakIt: (dir) => writeFileSync(join(dir, "sources.json"), "[]\n"),
    file: "sources.json:1:1",
    id: "AGC002",
    message: /object/,
  },
  {
    name: "malformed YAML frontmatter",
    breakIt: (dir) =>
      writeFileSync(join(dir, "sources/team/bad.md"), "---\nscope: [global\nglobs: x\n---\n# Bad\n"),
    file: "sources/team/bad.md:3:1",
    id: "AGC004",
    message: /YAML/,
  },
  {
    name: "frontmatter that is a list, not a mapping",
    breakIt: (dir) => writeFileSync(join(dir, "sources/team/bad.md"), "---\n- scope\n---\n# Bad\n"),
    file: "sources/team/bad.md:2:1",
    id: "AGC004",
    message: /must be a mapping/,
  },
  {
    name: "unclosed frontmatter",
    breakIt: (dir) => writeFileSync(join(dir, "sources/team/bad.md"), "---\nscope: global\n# Bad\n\nText.\n"),
    file: "sources/team/bad.md:1:1",
    id: "AGC004",
    message: /never closed/,
  },
  {
    name: "a missing registry folder",
    breakIt: () => {},
    checked: (dir) => join(dir, "no-such-registry"),
    file: "sources.json:1:1",
    id: "AGC003",
    message: /does not exist/,
  },
  {
    name: "a missing source folder",
    breakIt: (dir) => rmSync(join(dir, "sources"), { recursive: true }),
    file: "sources.json:6:",
    id: "AGC003",
    message: /folder "sources\/team" of source "team" does not exist/,
  },
  {
    name: "a binary rule file",
    breakIt: (dir) => writeFileSync(join(dir, "sources/team/logo.md"), Buffer.from([0x89, 0x50, 0, 0, 1, 2])),
    file: "sources/team/logo.md:1:1",
    id: "AGC003",
    message: /binary/,
  },
  {
    name: "a rule file that is not valid UTF-8",
    breakIt: (dir) =>
      writeFileSync(join(dir, "sources/team/latin1.md"), Buffer.from("# Caf\xe9\n\nR\xe8gle.\n", "latin1")),
    file: "sources/team/latin1.md:1:1",
    id: "AGC003",
    message: /not valid UTF-8/,
  },
  {
    name: "a folder named like a rule file",
    breakIt: (dir) => mkdirSync(join(dir, "sources/team/notes.md")),
    file: "sources/team/notes.md:1:1",
    id: "AGC003",
    message: /is a folder, expected a file/,
  },
  {
    name: "sources.json that is a folder",
    breakIt: (dir) => {
      rmSync(join(dir, "sources.json"));
      mkdirSync(join(dir, "sources.json"));
    },
    file: "sources.json:1:1",
    id: "AGC003",
    message: /is a folder/,
  },
];

/** The output names the file with line and column, the check id, a hint, and shows no stack trace. */
async function assertDiagnosed(
  dir: string,
  expected: Pick<BadInput, "file" | "id" | "message">,
): Promise<void> {
  const result = await runAgentc(["check", dir]);
  const output = result.stdout + result.stderr;
  assert.equal(result.status, 1, output);
  const head = `${dir}/${expected.file}`;
  const line = output.split("\n").find((l) => l.startsWith(head) && l.includes(` ${expected.id}`));
  assert.ok(line, `no diagnostic at ${head} with ${expected.id} in:\n${output}`);
  assert.match(line, /^.+:\d+:\d+: error AGC\d{3} /);
  assert.match(line, expected.message);
  assert.match(output, /^ {2}hint: \S/m);
  assert.doesNotMatch(output, /^\s+at \S/m, "stack trace printed");
  assert.doesNotMatch(output, /internal error/);
}

describe("bad input: exit 1 with file:line:col, an AGC id and a hint, never a crash", () => {
  for (const bad of cases) {
    it(bad.name, async () => {
      const dir = templateRegistry();
      bad.breakIt(dir);
      await assertDiagnosed(bad.checked?.(dir) ?? dir, bad);
    });
  }

  it("an unreadable rule file", async (t) => {
    const dir = templateRegistry();
    const file = join(dir, "sources/team/secret.md");
    writeFileSync(file, "# Secret\n");
    chmodSync(file, 0o000);
    try {
      readFileSync(file);
      t.skip("this user reads files with mode 000 (running as root), so the case cannot be built");
      return;
    } catch {
      // Unreadable, as intended.
    }
    await assertDiagnosed(dir, {
      file: "sources/team/secret.md:1:1",
      id: "AGC003",
      message: /permission denied/,
    });
  });

  it("a 50 MB rule file is rejected by its size, without reading it", async () => {
    const dir = templateRegistry();
    writeFileSync(join(dir, "sources/team/huge.md"), Buffer.alloc(50 * 1024 * 1024, "# Huge\n"));
    await assertDiagnosed(dir, {
      file: "sources/team/huge.md:1:1",
      id: "AGC003",
      message: /50\.0 MiB, larger than the limit of 4\.0 MiB/,
    });
  });

  it("build fails the same way and writes nothing", async () => {
    const dir = templateRegistry();
    writeFileSync(join(dir, "sources/team/bad.md"), "---\nscope: global\n# Bad\n");
    const result = await runAgentc(["build", dir, "--format", "json"]);
    assert.equal(result.status, 1);
    const report = JSON.parse(result.stdout);
    assert.equal(report.ok, false);
    assert.ok(
      report.diagnostics.some(
        (d: { id: string; file: string }) => d.id === "AGC004" && d.file === "sources/team/bad.md",
      ),
    );
    assert.throws(() => readFileSync(join(dir, "build/manifest.json")), /ENOENT/);
  });
});
