import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "./testdir.js";

export const seedFixtures = join(packageRoot, "test", "fixtures", "seeds");

/**
 * A registry of its own adapters builds without the built-in ones once they step aside (issue 12,
 * h-first). Until that rule is on main, copies of the seed-000 fixtures get builtin_adapters "none"
 * so that what they test here can run; the fixtures themselves stay as the seed writes them.
 */
let builtinsStepAside: boolean | undefined;
async function ownAdaptersStandAlone(): Promise<boolean> {
  if (builtinsStepAside !== undefined) return builtinsStepAside;
  const dir = testdir();
  cpSync(join(seedFixtures, "000-rule-file"), dir, { recursive: true });
  const compiled = await compileRegistry(dir);
  builtinsStepAside = !compiled.diagnostics.some((d) => d.id === "AGC022");
  return builtinsStepAside;
}

/** A copy of test/fixtures/seeds/<name> in a temporary folder, with files replaced or added. */
export async function seedRegistry(name: string, files: Record<string, string> = {}): Promise<string> {
  const dir = testdir();
  cpSync(join(seedFixtures, name), dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  if (!(await ownAdaptersStandAlone())) {
    const targets = JSON.parse(readFileSync(join(dir, "targets.json"), "utf8"));
    writeFileSync(join(dir, "targets.json"), JSON.stringify({ builtin_adapters: "none", ...targets }));
  }
  return dir;
}
