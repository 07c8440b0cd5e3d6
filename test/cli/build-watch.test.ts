import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { binPath, runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

const docsRule = (line: string): string => `---
scope: scoped
globs: ["docs/**"]
description: How to write docs. Use when editing documentation.
---
# Docs

- ${line}
`;

/**
 * Resolves once `seen()` is true: the watch works on its own time, so the test waits for what it does. Fails
 * at once if the watch ended, rather than waiting for what can no longer come.
 */
async function until(seen: () => boolean, child: ChildProcess): Promise<void> {
  while (!seen()) {
    if (child.exitCode !== null) throw new Error(`agentc build --watch ended with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const read = (file: string): string => (existsSync(file) ? readFileSync(file, "utf8") : "");

describe("agentc build --watch", () => {
  it("rebuilds on an edit and keeps the --install project in step; a broken edit is reported and the watch goes on", async () => {
    const work = testdir();
    const registry = join(work, "registry");
    const project = join(work, "app");
    mkdirSync(project);
    const init = await runAgentc(["init", registry, "--assistants", "claude-code,cursor"]);
    assert.equal(init.status, 0, init.stderr);
    const out = join(work, "build");
    const child = spawn(
      process.execPath,
      [binPath, "build", registry, "--out", out, "--watch", "--install", project],
      {
        env: { ...process.env, NO_COLOR: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      await until(() => stderr.includes("watching"), child);
      assert.match(stdout, /^built \d+ artifacts? .* into .*build/m);
      assert.match(stdout, /^install: \d+ changes applied$/m);
      const agents = join(project, "AGENTS.md");
      assert.ok(read(agents).length > 0, "the first build is installed");

      appendFileSync(join(registry, "sources", "team", "project.md"), "- Edited while watching.\n");
      await until(() => read(agents).includes("Edited while watching."), child);
      assert.match(stderr, /sources\/team\/project\.md changed; building again/);
      assert.ok(read(join(out, "AGENTS.md")).includes("Edited while watching."));

      const docs = join(registry, "sources", "team", "docs.md");
      writeFileSync(docs, docsRule("Short sentences."));
      const cursorDocs = join(project, ".cursor", "rules", "docs.mdc");
      await until(() => read(cursorDocs).includes("Short sentences."), child);

      const before = stdout.length;
      writeFileSync(docs, "---\nscope: sideways\n---\n# Docs\n\n- Broken.\n");
      await until(() => /\d+ error\(s\)/.test(stdout.slice(before)), child);
      const report = stdout.slice(before);
      assert.match(
        report,
        /docs\.md:2:8: error AGC005 .*scope/,
        "the diagnostic, with file, line and column",
      );
      assert.doesNotMatch(report, /^built /m, "nothing is written from a broken registry");
      assert.ok(read(cursorDocs).includes("Short sentences."), "the project keeps the last good build");

      writeFileSync(docs, docsRule("Fixed sentences."));
      await until(() => read(cursorDocs).includes("Fixed sentences."), child);
      assert.equal(child.exitCode, null, "still watching");
    } finally {
      child.kill("SIGTERM");
    }
    assert.equal(await exited, 0);
    assert.match(stderr, /agentc build --watch: stopped\n$/);
    assert.doesNotMatch(stderr, /\n\s+at /, "no stack trace");
  });

  it("with --take-imported, keeps in step a project the registry was imported from and edited since", async () => {
    const work = testdir();
    const project = join(work, "app");
    cpSync(join(packageRoot, "test", "fixtures", "adoption", "20-many-assistants"), project, {
      recursive: true,
      verbatimSymlinks: true,
    });
    const registry = join(work, "registry");
    assert.equal((await runAgentc(["import", project, "--out", registry])).status, 0);
    appendFileSync(
      join(registry, "sources", "imported", "01-AGENTS.md"),
      "\n- Edited before the first install.\n",
    );
    const child = spawn(
      process.execPath,
      [
        binPath,
        "build",
        registry,
        "--out",
        join(work, "build"),
        "--watch",
        "--install",
        project,
        "--take-imported",
      ],
      { env: { ...process.env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      await until(() => stderr.includes("watching"), child);
      assert.match(read(join(project, "AGENTS.md")), /Edited before the first install\./);
      assert.ok(existsSync(join(project, ".agentc", "originals", "AGENTS.md")), "the project's own, kept");
    } finally {
      child.kill("SIGTERM");
    }
    assert.equal(await exited, 0);
  });

  it("refuses --install without --watch, --take-imported without --install, and a --install folder that does not exist", async () => {
    const once = await runAgentc(["build", testdir(), "--install", testdir()]);
    assert.equal(once.status, 2);
    assert.match(once.stderr, /--install keeps a project in step while watching: add --watch/);
    const alone = await runAgentc(["build", testdir(), "--take-imported"]);
    assert.equal(alone.status, 2);
    assert.match(alone.stderr, /--take-imported is for the install that --install makes/);
    const missing = join(testdir(), "nowhere");
    const gone = await runAgentc(["build", testdir(), "--watch", "--install", missing]);
    assert.equal(gone.status, 2);
    assert.match(gone.stderr, /the project folder .*nowhere does not exist/);
  });
});
