import { writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { startFirst } from "./slow-tests.js";

/**
 * Test files that need a process of their own, and why: they change the process for good when loaded, or
 * what they test is the process's own start. Each runs alone, as a file of no group.
 */
export const ownProcess: Record<string, string> = {
  "guard/guard-paths.test.js": "sets HOME when loaded",
  "guard/guard-ordinary.test.js": "sets HOME when loaded",
  "guard/guard-content.test.js":
    "calls the guard module's content scan, whose first deadline runs from the process's start",
  "clients/builtin-pack-fields.test.js": "must run before anything parses the built-in client packs",
};

/** Files per group: enough that a group loads the compiler's modules once for many files, few enough to share two runners evenly. */
const groupSize = 16;

/**
 * The entries `node --test` runs for `files` (absolute paths below `testDir`, in the order they should
 * start). A test process loads the compiler's 400-odd modules in about 0.4 s of CPU before its first test,
 * and most files run in a fraction of that: so the files run in groups, each group one process that loads
 * the modules once. Each file of a group is a suite named after it: its hooks stay its own (node:test ties
 * `before`, `beforeEach` and `after` called while the file loads to that suite). The slow files
 * (slow-tests.ts) and those of `ownProcess` run alone, each in its own process, first.
 * Every entry is a file written to `scratch` (a folder the caller removes after the run), named with its
 * place: node --test sorts the files it is given by path, so the names are what keeps the order.
 */
export function testEntries(testDir: string, files: string[], scratch: string): string[] {
  const name = (file: string) => relative(testDir, file).split("\\").join("/");
  const alone = (file: string) => startFirst.includes(name(file)) || name(file) in ownProcess;
  const grouped = files.filter((file) => !alone(file));
  const runs = files.filter(alone).map((file) => [file]);
  for (let start = 0; start < grouped.length; start += groupSize)
    runs.push(grouped.slice(start, start + groupSize));
  return runs.map((members, index) => {
    const label = name(members[0] as string)
      .replace(/\.test\.js$/, "")
      .replace(/[^\w-]+/g, "-");
    const file = join(scratch, `${String(index + 1).padStart(3, "0")}-${label}.test.mjs`);
    writeFileSync(file, groupProgram(members.map((m) => [name(m), pathToFileURL(m).href])));
    return file;
  });
}

function groupProgram(members: [string, string][]): string {
  return [
    'import { describe } from "node:test";',
    `for (const [name, url] of ${JSON.stringify(members)}) describe(name, () => import(url));`,
    "",
  ].join("\n");
}
