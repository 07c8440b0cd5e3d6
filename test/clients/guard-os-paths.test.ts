import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import {
  guardOsPaths,
  guardOsTemplates,
  guardRulesWithoutOsPath,
} from "../../src/packs/os-read-deny/guard-paths.js";
import { packageRoot } from "../../src/shared/package-paths.js";
import { secretPathRule } from "../../src/shared/secret-path-rule.js";

/** The guard program's own rule lists, as the hook runs them. */
const guard = (await import(
  pathToFileURL(join(packageRoot, "assets", "hooks", "agentc-guard.mjs")).href
)) as {
  SECRET_NAME_RULES: { id: string }[];
  SECRET_DIR_RULES: { id: string }[];
};

/** A path a glob of the list stands for: each * a plain name, in a folder of the project or of home. */
function sample(entry: (typeof guardOsPaths)[number]): string {
  const name = entry.path.replaceAll("*", "x");
  return entry.where === "home" ? `/home/dev/${name}` : `src/deep/${name}`;
}

describe("the guard's secret paths as a sandbox takes them (src/packs/os-read-deny/guard-paths.ts)", () => {
  it("names only paths the guard blocks, each under the rule it says", () => {
    const wrong = guardOsPaths
      .map((entry) => ({ entry, found: secretPathRule(sample(entry)) }))
      .filter(({ entry, found }) => found !== entry.rule)
      .map(
        ({ entry, found }) =>
          `${entry.path}: the guard says ${found ?? "not secret"}, the list ${entry.rule}`,
      );
    assert.deepEqual(wrong, []);
  });

  it("has paths for every rule of the guard but the /proc ones, which a sandbox cannot take", () => {
    const rules = [...guard.SECRET_NAME_RULES, ...guard.SECRET_DIR_RULES].map((rule) => rule.id);
    const listed = new Set(guardOsPaths.map((entry) => entry.rule));
    const missing = rules.filter((id) => !listed.has(id) && !guardRulesWithoutOsPath.includes(id));
    assert.deepEqual(missing, [], "a new guard rule needs its paths in packs/os-read-deny/guard-paths.ts");
    for (const id of guardRulesWithoutOsPath) assert.ok(rules.includes(id), `${id} is still a guard rule`);
  });

  it("reads again only the .env templates the guard lets through", () => {
    for (const name of guardOsTemplates) assert.equal(secretPathRule(`src/${name}`), undefined, name);
  });
});
