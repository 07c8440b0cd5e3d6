import { realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";

/** What to start for a hook: argv[0] is a file inside the home, the running Node, or a name looked up on PATH. */
export type HookProgram =
  | { ok: true; argv: [string, ...string[]]; name: string }
  | { ok: false; problem: string };

const nodeScript = /\.(js|mjs|cjs)$/i;

/** `home` is absolute. A first word with '/' is a path inside the home; one without is looked up on PATH. */
export function hookProgram(words: readonly [string, ...string[]], home: string): HookProgram {
  const [name, ...args] = words;
  if (!statSync(home, { throwIfNoEntry: false })?.isDirectory())
    return { ok: false, problem: `cannot run: its home folder is missing (${home})` };
  if (!name.includes("/")) return { ok: true, argv: [name, ...args], name };
  const file = resolve(home, name);
  if (isAbsolute(name) || !inside(home, file))
    return { ok: false, problem: `names a program outside the capability home: ${name}` };
  if (!statSync(file, { throwIfNoEntry: false })?.isFile())
    return { ok: false, problem: `was not found: ${name}` };
  if (!inside(realpathSync(home), realpathSync(file)))
    return { ok: false, problem: `names a program linked to outside the capability home: ${name}` };
  const argv: [string, ...string[]] = nodeScript.test(name)
    ? [process.execPath, file, ...args]
    : [file, ...args];
  return { ok: true, argv, name };
}

function inside(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return (
    rest !== "" && rest !== ".." && !rest.startsWith("../") && !rest.startsWith("..\\") && !isAbsolute(rest)
  );
}
