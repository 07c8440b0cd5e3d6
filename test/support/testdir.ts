import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeFiles } from "./fixture-files.js";

export { writeFiles, writeLinks } from "./fixture-files.js";

const made: string[] = [];
// When the process ends, not when a file's tests end: in a group (scripts/test-groups.ts) one process runs
// many test files, and a folder one file's module made may serve another's (a fixture kept per process).
process.on("exit", () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Writes files (relative path → text) into a fresh temporary folder, removed when the test process ends. */
export function testdir(files: Record<string, string | Buffer> = {}, prefix = "agentc-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  writeFiles(dir, files);
  return dir;
}
