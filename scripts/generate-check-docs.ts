import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkDocsTree } from "../src/check-list/check-docs-tree.js";
import { checkDocsDir } from "../src/shared/package-paths.js";

/** Writes docs/checks/ from the check objects and removes pages of checks that no longer exist. */
function generateCheckDocs(): void {
  const tree = checkDocsTree();
  mkdirSync(checkDocsDir, { recursive: true });
  for (const name of readdirSync(checkDocsDir)) {
    if (name.endsWith(".md") && !tree.has(name)) rmSync(join(checkDocsDir, name));
  }
  for (const [name, text] of tree) writeFileSync(join(checkDocsDir, name), text);
  process.stdout.write(`wrote ${tree.size} files to ${checkDocsDir}\n`);
}

generateCheckDocs();
