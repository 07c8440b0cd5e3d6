import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { allChecks } from "../../src/check-list/index.js";
import type { Check } from "../../src/checks/check.js";
import { packageRoot } from "../../src/shared/package-paths.js";

/** Every file in a checks/ folder of src/, compiled (checks live beside the stage that raises them). */
function checkModules(dir = join(packageRoot, "dist", "src")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return checkModules(path);
    return entry.name.endsWith(".js") && /[\\/]checks[\\/]/.test(path) ? [path] : [];
  });
}

function isCheck(value: unknown): value is Check {
  const v = value as Partial<Check> | undefined;
  return (
    typeof v === "object" && v !== null && typeof v.id === "string" && /^AGC\d{3}$/.test(v.id) && "slug" in v
  );
}

describe("every check is registered", () => {
  it("lists each check object a checks/ folder exports in allChecks (src/check-list/index.ts), once", async () => {
    const found = new Map<Check, string>();
    for (const file of checkModules()) {
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const value of Object.values(module))
        if (isCheck(value))
          found.set(value, relative(join(packageRoot, "dist"), file).replace(/\.js$/, ".ts"));
    }
    const unlisted = [...found]
      .filter(([check]) => !allChecks.includes(check))
      .map(([c, file]) => `${c.id} (${file})`);
    assert.deepEqual(
      unlisted,
      [],
      "add these to the list of their folder's index (or src/checks/index.ts), then run npm run docs",
    );
    const notInAFile = allChecks.filter((c) => !found.has(c)).map((c) => c.id);
    assert.deepEqual(notInAFile, [], "every check lives in its own file in a checks/ folder");
    assert.equal(new Set(allChecks).size, allChecks.length, "a check is listed twice");
  });
});
