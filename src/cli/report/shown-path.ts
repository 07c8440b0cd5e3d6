import { join } from "node:path";

/**
 * A dependency's file: `<dependency>:<path>` (as git names a file of a commit; a transitive dependency's name
 * holds '/'), or `@<dependency>/<path>` (its sources.json, targets.json and plugin files as layering reads them).
 */
const dependencyFile = /^(?:[A-Za-z0-9][A-Za-z0-9._/-]*:(?!\/\/)|@[A-Za-z0-9])/;

/**
 * A diagnostic's file as the user can open it from the cwd: registry-relative paths are joined to the
 * registry folder as typed; URLs, a dependency's files and placeholders such as "<builtin>" are shown as
 * they are.
 */
export function shownPath(file: string, registryDir: string): string {
  if (file.startsWith("<") || /^[a-z][a-z0-9+.-]*:\/\//i.test(file) || dependencyFile.test(file)) return file;
  return join(registryDir, file);
}
