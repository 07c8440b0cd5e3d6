import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { adoptionCycle, assertIdentity } from "../support/adoption-cycle.js";

/**
 * Issue 29, part 1: the round trip is the identity, on the realistic projects of test/fixtures/adoption (each
 * one shape people's repositories have). import → build → install --yes into the same project exits 0 at each
 * step; every assistant loads every line as often as before; no file appears beside the person's; status
 * shows no drift; uninstall gives back every byte, mode and link.
 */
const corpus = join(packageRoot, "test", "fixtures", "adoption");
const projects = readdirSync(corpus).sort();

describe("the adoption corpus: import → build → install → uninstall is the identity (issue 29, part 1)", () => {
  test("the corpus has at least 20 projects", () => assert.ok(projects.length >= 20, `${projects.length}`));
  for (const name of projects)
    test(name, async () => {
      const cycle = await adoptionCycle(join(corpus, name));
      assertIdentity(cycle);
    });
});
