import { skillFileName } from "../core/load-skills.js";
import type { JsonPath } from "../documents/json-document.js";
import { baseName, joinPath } from "../shared/posix-path.js";
import { commandWords } from "./command-words.js";
import type { CapabilityPackage } from "./model.js";
import { packagePath } from "./package-path.js";

export const soulFiles = ["soul.yaml", "AGENTS.md"] as const;

/** A skill or soul folder the manifest names, package-relative. */
export interface NamedFolder {
  name: string;
  dir: string;
  /** Index of the manifest entry that names it. */
  index: number;
}

/** Something the manifest names that is not in the package, with the JSON path of the value. */
export interface ContentProblem {
  path: JsonPath;
  message: string;
  hint: string;
}

/** What the manifest's paths resolve to inside the package. */
export interface PackageContents {
  skills: NamedFolder[];
  agents: NamedFolder[];
  inject?: string;
  /** Package files the hooks and commands run (first word with a '/'), sorted. */
  programs: string[];
  problems: ContentProblem[];
}

const resolved = new WeakMap<CapabilityPackage, PackageContents>();

export function packageContents(pkg: CapabilityPackage): PackageContents {
  let contents = resolved.get(pkg);
  if (!contents) {
    contents = resolve(pkg);
    resolved.set(pkg, contents);
  }
  return contents;
}

function resolve(pkg: CapabilityPackage): PackageContents {
  const problems: ContentProblem[] = [];
  const skills = uniqueNames(skillFolders(pkg, problems), "skills", "skill", problems);
  const agents = uniqueNames(soulFolders(pkg, problems), "agents", "agent", problems);
  const inject = injectFile(pkg, problems);
  const programs = [...new Set(programFiles(pkg, problems))].sort();
  return { skills, agents, ...(inject !== undefined ? { inject } : {}), programs, problems };
}

/** The package-relative paths of the files below a folder ("" is the whole package). */
export function filesBelow(pkg: CapabilityPackage, dir: string): string[] {
  if (dir === "") return [...pkg.files.keys()];
  return [...pkg.files.keys()].filter((path) => path.startsWith(`${dir}/`));
}

const leaves = (written: string): string => `"${written}" leaves the package folder`;
const keepInside = "Use a path relative to the package folder that stays inside it.";

function skillFolders(pkg: CapabilityPackage, problems: ContentProblem[]): NamedFolder[] {
  return (pkg.manifest.skills ?? []).flatMap((written, index) => {
    const path = ["skills", index];
    const dir = packagePath(written);
    if (dir === undefined) return problem(problems, path, leaves(written), keepInside);
    if (dir !== "" && pkg.files.has(joinPath(dir, skillFileName)))
      return [{ name: baseName(dir), dir, index }];
    const children = [...new Set(filesBelow(pkg, dir).map((file) => childFolder(dir, file)))]
      .filter(
        (child): child is string => child !== undefined && pkg.files.has(joinPath(child, skillFileName)),
      )
      .sort();
    if (children.length > 0) return children.map((child) => ({ name: baseName(child), dir: child, index }));
    return problem(
      problems,
      path,
      `"${written}" is neither a skill folder (holding ${skillFileName}) nor a folder of skill folders`,
      `Point it at a folder of the package that holds ${skillFileName}, or at a folder of such folders.`,
    );
  });
}

/** The folder directly below dir that holds file, if any. */
function childFolder(dir: string, file: string): string | undefined {
  const rest = dir === "" ? file : file.slice(dir.length + 1);
  const slash = rest.indexOf("/");
  return slash > 0 ? joinPath(dir, rest.slice(0, slash)) : undefined;
}

function soulFolders(pkg: CapabilityPackage, problems: ContentProblem[]): NamedFolder[] {
  return (pkg.manifest.agents ?? []).flatMap((written, index) => {
    const path = ["agents", index];
    const dir = packagePath(written);
    if (dir === undefined || dir === "") return problem(problems, path, leaves(written), keepInside);
    const missing = soulFiles.filter((name) => !pkg.files.has(joinPath(dir, name)));
    if (missing.length === 0) return [{ name: baseName(dir), dir, index }];
    return problem(
      problems,
      path,
      `the soul folder "${written}" has no ${missing.join(" and no ")}`,
      "A soul folder of the package holds soul.yaml and AGENTS.md.",
    );
  });
}

function uniqueNames(
  entries: NamedFolder[],
  key: string,
  what: string,
  problems: ContentProblem[],
): NamedFolder[] {
  const seen = new Map<string, NamedFolder>();
  for (const entry of entries) {
    const earlier = seen.get(entry.name);
    if (!earlier) seen.set(entry.name, entry);
    else if (earlier.dir !== entry.dir)
      problem(
        problems,
        [key, entry.index],
        `two ${what}s are named "${entry.name}" (${earlier.dir} and ${entry.dir})`,
        `Rename one folder: an instance holds one ${what} of each name.`,
      );
  }
  return [...seen.values()];
}

function injectFile(pkg: CapabilityPackage, problems: ContentProblem[]): string | undefined {
  const written = pkg.manifest.inject;
  if (written === undefined) return undefined;
  const file = packagePath(written);
  if (file === undefined || file === "") {
    problem(problems, ["inject"], leaves(written), keepInside);
    return undefined;
  }
  if (pkg.files.has(file)) return file;
  problem(
    problems,
    ["inject"],
    `the inject file "${written}" is not in the package`,
    "Add the file to the package folder, or fix the path.",
  );
  return undefined;
}

function programFiles(pkg: CapabilityPackage, problems: ContentProblem[]): string[] {
  const commands: [JsonPath, string][] = [
    ...pkg.hooks.map((hook): [JsonPath, string] => [
      typeof pkg.manifest.hooks?.[hook.event] === "string"
        ? ["hooks", hook.event]
        : ["hooks", hook.event, "command"],
      hook.command,
    ]),
    ...Object.entries(pkg.manifest.commands ?? {}).map(([name, command]): [JsonPath, string] => [
      ["commands", name],
      command,
    ]),
  ];
  return commands.flatMap(([path, command]) => {
    const program = programOf(pkg, path, command, problems);
    return program === undefined ? [] : [program];
  });
}

function programOf(
  pkg: CapabilityPackage,
  path: JsonPath,
  command: string,
  problems: ContentProblem[],
): string | undefined {
  const split = commandWords(command);
  if (!split.ok) {
    problem(
      problems,
      path,
      `the command "${command}" ${split.problem}`,
      "Write the program, then its arguments.",
    );
    return undefined;
  }
  const first = split.words[0];
  if (!first.includes("/")) return undefined;
  const file = packagePath(first);
  if (file === undefined || file === "") {
    problem(problems, path, leaves(first), `${keepInside} A program on PATH is named without a '/'.`);
    return undefined;
  }
  if (pkg.files.has(file)) return file;
  problem(
    problems,
    path,
    `the program "${first}" is not in the package`,
    "Add it to the package folder, fix the path, or name a program on PATH without a '/'.",
  );
  return undefined;
}

function problem(problems: ContentProblem[], path: JsonPath, message: string, hint: string): never[] {
  problems.push({ path, message, hint });
  return [];
}
