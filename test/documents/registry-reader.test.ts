import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { withNotes } from "../../src/capabilities/checks/capability-fixtures.js";
import { clientFixture } from "../../src/diagnostics/client-fixture.js";
import { reviewSkill } from "../../src/diagnostics/core-fixtures.js";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { sourcesWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { RegistryReader } from "../../src/documents/registry-reader.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const withSkill = (files: Record<string, string> = {}) =>
  testdir(clientFixture({ "core/skills/review/SKILL.md": reviewSkill, ...files }));

async function diagnosticsOf(dir: string): Promise<Diagnostic[]> {
  return (await compileRegistry(dir, { offline: true })).diagnostics;
}

/** Stops a test that would hang (a walk of the whole file system, an endless read); never a time it must beat. */
const hang = 300_000;

const brief = (list: Diagnostic[], ids = ["AGC003", "AGC024", "AGC104", "AGC105", "AGC106"]) =>
  list.filter((d) => ids.includes(d.id)).map((d) => `${d.id} ${d.file}:${d.line}:${d.column} ${d.message}`);

describe("the registry reader: links out of the registry", () => {
  it("refuses a core skill file linked to /etc/passwd, through the real CLI: exit 1, nothing written", async () => {
    const dir = withSkill();
    symlinkSync("/etc/passwd", join(dir, "core/skills/review/notes.md"));
    const out = join(dir, "build");
    const result = await runAgentc(["build", dir, "--out", out, "--format", "json", "--offline"]);
    assert.equal(result.status, 1, result.stderr);
    const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
    assert.deepEqual(brief(diagnostics), [
      "AGC104 core/skills/review/notes.md:1:1 core/skills/review/notes.md is a link to /etc/passwd, outside the registry folder",
    ]);
    assert.equal(existsSync(out), false);
  });

  it("refuses a seed whose folder is a link out of the registry, and AGC024 says the seed is missing", async () => {
    const outside = testdir({ "settings.json": '{"secret": true}\n' });
    const dir = testdir(
      withBase({
        "targets.json": `${JSON.stringify({
          version: 1,
          builtin_adapters: ["agents-md"],
          targets: [
            {
              id: "agents-md",
              install: { seeds: { source_dir: "seeds", install_dir: ".vscode", files: ["settings.json"] } },
            },
          ],
        })}\n`,
      }),
    );
    symlinkSync(outside, join(dir, "seeds"));
    const found = brief(await diagnosticsOf(dir));
    assert.equal(found.length, 2, found.join("\n"));
    assert.equal(found[0], `AGC104 seeds:1:1 seeds is a link to ${outside}, outside the registry folder`);
    assert.match(
      found[1] ?? "",
      /^AGC024 targets\.json:1:\d+ Unexpected missing file "seeds\/settings\.json"/,
    );
  });

  it("refuses a source folder path that leads out of the registry, at its position in sources.json", async () => {
    const outside = testdir({ "rule.md": "# Outside\n\nText.\n" });
    const dir = testdir(
      withBase({
        "sources.json": sourcesWith({
          sources: [
            { name: "custom", kind: "custom", path: "rules" },
            { name: "far", kind: "community", path: `../${outside.split("/").at(-1)}` },
          ],
        }),
      }),
    );
    const found = (await diagnosticsOf(dir)).filter((d) => d.id === "AGC104");
    const pathLine = readFileSync(join(dir, "sources.json"), "utf8")
      .split("\n")
      .findIndex((l) => l.includes('"../'));
    assert.deepEqual(
      found.map((d) => [d.file, d.line]),
      [["sources.json", pathLine + 1]],
    );
    assert.match(
      found[0]?.message ?? "",
      /^The folder "\.\.\/.*" of source "far" leads outside the registry folder$/,
    );
  });

  it("refuses a registry client pack and core/permissions.json linked out of the registry", async () => {
    const outside = testdir({ "pack.json": "{}\n", "permissions.json": '{"version": 1}\n' });
    const dir = withSkill();
    mkdirSync(join(dir, "clients"), { recursive: true });
    symlinkSync(join(outside, "pack.json"), join(dir, "clients/other.json"));
    symlinkSync(join(outside, "permissions.json"), join(dir, "core/permissions.json"));
    assert.deepEqual(brief(await diagnosticsOf(dir)), [
      `AGC104 clients/other.json:1:1 clients/other.json is a link to ${outside}/pack.json, outside the registry folder`,
      `AGC104 core/permissions.json:1:1 core/permissions.json is a link to ${outside}/permissions.json, outside the registry folder`,
    ]);
  });

  it("ends at once on a capability skill folder linked to /, instead of walking the file system", {
    timeout: hang,
  }, async () => {
    const dir = testdir(withNotes({}));
    symlinkSync("/", join(dir, "capabilities/notes/skills/take-notes/root"));
    const found = brief(await diagnosticsOf(dir));
    assert.deepEqual(found, [
      "AGC104 capabilities/notes/skills/take-notes/root:1:1 capabilities/notes/skills/take-notes/root is a link to /, outside the package folder capabilities/notes",
    ]);
  });

  it("fences a capability package to its own folder: a link to a registry file outside the package is refused", async () => {
    const dir = testdir({ ...withNotes({}), "shared/team-notes.txt": "team secret\n" });
    symlinkSync(join(dir, "shared/team-notes.txt"), join(dir, "capabilities/notes/team-notes.txt"));
    const result = await compileRegistry(dir, { offline: true });
    assert.deepEqual(brief(result.diagnostics), [
      `AGC104 capabilities/notes/team-notes.txt:1:1 capabilities/notes/team-notes.txt is a link to ${dir}/shared/team-notes.txt, outside the package folder capabilities/notes`,
    ]);
    assert.ok(!result.tree?.files.some((f) => f.path.endsWith("team-notes.txt")));
  });
});

describe("the registry reader: links inside the registry keep working", () => {
  it("follows a linked skill folder and a linked supporting file, and copies what they lead to", async () => {
    const dir = testdir(
      clientFixture({
        "shared/review/SKILL.md": reviewSkill,
        "shared/checklist.md": "- Tests pass.\n",
        "sources-extra/more.md": "# More Rules\n\nKeep it short.\n",
      }),
    );
    mkdirSync(join(dir, "core/skills"), { recursive: true });
    symlinkSync("../../shared/review", join(dir, "core/skills/review"));
    symlinkSync("../checklist.md", join(dir, "shared/review/checklist.md"));
    const result = await compileRegistry(dir, { offline: true });
    assert.deepEqual(
      result.diagnostics.filter((d) => d.severity === "error"),
      [],
    );
    const copied = result.tree?.files.find((f) => f.path === ".example/skills/review/checklist.md");
    assert.equal(copied?.bytes.toString("utf8"), "- Tests pass.\n");
  });

  it("follows a linked folder of rules inside a source folder", async () => {
    const dir = testdir(
      withBase({ "shared-rules/testing.md": "# Testing\n\nRun the tests before you push.\n" }),
    );
    symlinkSync("../shared-rules", join(dir, "rules/shared"));
    const result = await compileRegistry(dir, { offline: true });
    assert.ok(
      result.registry?.rules.some((r) => r.slug === "testing" && r.file === "rules/shared/testing.md"),
    );
  });
});

describe("the registry reader: loops, special files and sizes", () => {
  it("refuses a link loop in a capability package", async () => {
    const dir = testdir(withNotes({}));
    symlinkSync(".", join(dir, "capabilities/notes/loop"));
    const result = await compileRegistry(dir, { offline: true });
    assert.deepEqual(brief(result.diagnostics), [
      "AGC105 capabilities/notes/loop:1:1 capabilities/notes/loop is a link to capabilities/notes, a folder that holds the link, so reading it would never end",
    ]);
  });

  it("refuses a rule file that is a link to itself, and a chain of two links", async () => {
    const dir = testdir(withBase({}));
    symlinkSync("self.md", join(dir, "rules/self.md"));
    symlinkSync("b.md", join(dir, "rules/a.md"));
    symlinkSync("a.md", join(dir, "rules/b.md"));
    assert.deepEqual(brief(await diagnosticsOf(dir)), [
      "AGC105 rules/a.md:1:1 rules/a.md is a link that leads back to itself through a loop of links",
      "AGC105 rules/b.md:1:1 rules/b.md is a link that leads back to itself through a loop of links",
      "AGC105 rules/self.md:1:1 rules/self.md is a link that leads back to itself through a loop of links",
    ]);
  });

  it("bounds a walk through links that fan out (2^17 paths) by the entry limit", {
    timeout: hang,
  }, async () => {
    const dir = testdir(withBase({}));
    for (let level = 0; level < 17; level++) {
      mkdirSync(join(dir, `fan/${level}`), { recursive: true });
      for (const name of ["a", "b"]) symlinkSync(`../${level + 1}`, join(dir, `fan/${level}/${name}`));
    }
    mkdirSync(join(dir, "fan/17"));
    writeFileSync(join(dir, "fan/17/rule.md"), "# Deep\n\nText.\n");
    symlinkSync("../fan/0", join(dir, "rules/fan"));
    const found = brief(await diagnosticsOf(dir));
    assert.deepEqual(found, [
      "AGC106 rules:1:1 rules holds more than 100000 files and folders (links counted as what they lead to); the rest is not read",
    ]);
  });

  it("reports a named pipe in a skill folder instead of blocking on it", async (t) => {
    const dir = withSkill();
    const made = spawnSync("mkfifo", [join(dir, "core/skills/review/pipe.md")]);
    if (made.status !== 0) return t.skip("mkfifo is not available");
    assert.deepEqual(brief(await diagnosticsOf(dir)), [
      "AGC003 core/skills/review/pipe.md:1:1 core/skills/review/pipe.md is not a regular file",
    ]);
  });

  it("reports a supporting file over the asset limit, without reading it", async () => {
    const dir = withSkill({ "core/skills/review/big.bin": "" });
    truncateSync(join(dir, "core/skills/review/big.bin"), 65 * 1024 * 1024);
    assert.deepEqual(brief(await diagnosticsOf(dir)), [
      "AGC003 core/skills/review/big.bin:1:1 core/skills/review/big.bin is 65.0 MiB, larger than the limit of 64.0 MiB",
    ]);
  });

  it("does not read a fetch-cache entry linked to /dev/zero (a remote source, offline)", {
    timeout: hang,
  }, async () => {
    const url = "https://rules.example.invalid/team.md";
    const dir = testdir(
      withBase({
        "sources.json": sourcesWith({ sources: [{ name: "custom", kind: "custom", path: "rules", url }] }),
      }),
    );
    const name = `${createHash("sha256").update(url).digest("hex").slice(0, 32)}.json`;
    mkdirSync(join(dir, ".agentc-cache/sources"), { recursive: true });
    symlinkSync("/dev/zero", join(dir, ".agentc-cache/sources", name));
    const result = await compileRegistry(dir, { offline: true });
    assert.ok(
      result.diagnostics.some((d) => d.id === "AGC012"),
      JSON.stringify(result.diagnostics),
    );
  });

  it("reports each refused link once, whichever loader met it first", () => {
    const dir = withSkill();
    symlinkSync("/etc/hostname", join(dir, "core/skills/review/host.md"));
    const reader = new RegistryReader(dir);
    reader.filesBelow("core/skills/review");
    reader.readText("core/skills/review/host.md", 1024);
    reader.entries("core/skills/review");
    assert.equal(reader.diagnostics.length, 1);
    assert.equal(readFileSync(join(dir, "core/skills/review/SKILL.md"), "utf8"), reviewSkill);
  });

  it("refuses a listed plain file that became a link out of the registry before it was read", () => {
    const dir = withSkill({ "core/skills/review/notes.md": "notes\n" });
    const reader = new RegistryReader(dir);
    assert.deepEqual(reader.filesBelow("core/skills/review"), [
      "core/skills/review/SKILL.md",
      "core/skills/review/notes.md",
    ]);
    rmSync(join(dir, "core/skills/review/notes.md"));
    symlinkSync("/etc/hostname", join(dir, "core/skills/review/notes.md"));
    const read = reader.readText("core/skills/review/notes.md", 1024);
    assert.equal(read.ok, false);
    assert.deepEqual(brief(reader.diagnostics), [
      "AGC104 core/skills/review/notes.md:1:1 core/skills/review/notes.md is a link to /etc/hostname, outside the registry folder",
    ]);
    assert.equal(reader.readText("core/skills/review/SKILL.md", 100_000).ok, true);
  });
});
