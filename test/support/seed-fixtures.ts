import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../src/shared/package-paths.js";
import { testdir } from "./testdir.js";

export const seedFixtures = join(packageRoot, "test", "fixtures", "seeds");

/** A copy of test/fixtures/seeds/<name> in a temporary folder, with files replaced or added. */
export async function seedRegistry(name: string, files: Record<string, string> = {}): Promise<string> {
  const dir = testdir();
  cpSync(join(seedFixtures, name), dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}
