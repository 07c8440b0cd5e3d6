import { readFileSync } from "node:fs";
import { join } from "node:path";
import { manifestFileNames } from "../../capabilities/model.js";
import { parseJson } from "../../shared/nesting-limit.js";

/** The `commands` of an installed package's manifest, sorted by name, or why they cannot be read. */
export type PackageCommands =
  | { ok: true; commands: [name: string, line: string][] }
  | { ok: false; problem: string };

/** Reads `<home>/capability.json` (or `oats.json`, its OATS name): the copy installed into the project. */
export function packageCommands(root: string, home: string): PackageCommands {
  for (const name of manifestFileNames) {
    const file = `${home}/${name}`;
    let text: string;
    try {
      text = readFileSync(join(root, file), "utf8");
    } catch {
      continue;
    }
    return commandsOf(file, text);
  }
  return { ok: false, problem: `${home} holds no ${manifestFileNames.join(" or ")}` };
}

function commandsOf(file: string, text: string): PackageCommands {
  let manifest: unknown;
  try {
    manifest = parseJson(text);
  } catch (error) {
    return { ok: false, problem: `${file} is not valid JSON (${(error as Error).message})` };
  }
  const commands = (manifest as { commands?: unknown } | null)?.commands ?? {};
  if (typeof commands !== "object" || commands === null || Array.isArray(commands))
    return { ok: false, problem: `${file}: "commands" is not an object of named command lines` };
  const lines = Object.entries(commands);
  const bad = lines.find(([, line]) => typeof line !== "string");
  if (bad) return { ok: false, problem: `${file}: command "${bad[0]}" is not a command line (a string)` };
  return { ok: true, commands: (lines as [string, string][]).sort(([a], [b]) => (a < b ? -1 : 1)) };
}
