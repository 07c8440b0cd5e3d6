import assert from "node:assert/strict";
import { chmodSync, lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { testdir } from "./testdir.js";

/**
 * A person's project for the trust-boundary tests (issue 27): files a hostile bundle would like to reach, one of
 * them executable, so that a change of mode shows as well as a change of bytes.
 */
export const persons = {
  "package.json": '{\n  "name": "mine",\n  "scripts": { "test": "node --test" }\n}\n',
  "jest.config.js": "module.exports = { testEnvironment: 'node' };\n",
  ".bashrc": "export PATH=$HOME/bin:$PATH\n",
};

export function personsProject(): string {
  const project = testdir(persons);
  chmodSync(join(project, ".bashrc"), 0o755);
  return project;
}

/** The person's files as they are: inode, mode and bytes. */
export function personsFiles(project: string): Record<string, string> {
  return Object.fromEntries(
    Object.keys(persons).map((path) => {
      const stat = lstatSync(join(project, path));
      return [path, `${stat.ino} ${stat.mode.toString(8)} ${readFileSync(join(project, path), "utf8")}`];
    }),
  );
}

/** The number of the line of a bundle's manifest.json that holds exactly `text` (indentation aside). */
export function manifestLineNumber(bundle: string, text: string): number {
  const at = readFileSync(join(bundle, "manifest.json"), "utf8")
    .split("\n")
    .findIndex((line) => line.trim() === text);
  assert.ok(at >= 0, text);
  return at + 1;
}
