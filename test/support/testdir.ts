import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { writeFiles } from "./fixture-files.js";

export { writeFiles, writeLinks } from "./fixture-files.js";

const made: string[] = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Writes files (relative path → text) into a fresh temporary folder, removed when the test file ends. */
export function testdir(files: Record<string, string | Buffer> = {}, prefix = "agentc-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  writeFiles(dir, files);
  return dir;
}
