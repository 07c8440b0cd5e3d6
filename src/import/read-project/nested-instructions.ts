import { type Diagnostic, groupFile } from "../../diagnostics/diagnostic.js";
import { parentPath } from "../../shared/posix-path.js";
import { leftOutFinding } from "../checks/native-content-imported.js";
import type { AssistantData } from "../model.js";
import { start } from "../read-context.js";
import type { ProjectReader } from "./project-reader.js";
import { instructionFiles } from "./read-instructions.js";

/** Folders no assistant's instruction file is looked for in: installed packages, not the project's own. */
const notSearched = new Set(["node_modules"]);

/** How deep below the root the search goes (a monorepo's packages/<group>/<name>/ and a little more). */
const maxDepth = 6;

/** The kind of the finding, for the grouped report. */
const nestedGroup = `${groupFile} is an instruction file of a sub-folder: not imported, it stays the project's own file`;

/**
 * Instruction files below the project's root under a name an assistant reads at the root, by its always-on
 * files and read model (a monorepo's packages/api/AGENTS.md): their clients read such a file for the folder
 * it lies in, but the registry carries always-on text for the whole project only; and so are a sub-folder's
 * rule folders (apps/web/.cursor/rules). Each is reported once; they stay the project's own files, which
 * agentc install leaves alone.
 */
export function nestedInstructionFiles(reader: ProjectReader, assistants: AssistantData[]): Diagnostic[] {
  const names = new Set(
    assistants
      .flatMap((a) => [
        ...instructionFiles(a),
        ...(a.pack?.reads?.instructions ?? []).map((read) => read.path),
      ])
      .filter((path) => !path.includes("/")),
  );
  const ruleDirs = [
    ...new Set(
      assistants.flatMap((a) => [
        ...(a.pack?.rules_dir ? [a.pack.rules_dir] : []),
        ...(a.pack?.reads?.rules ?? []).map((read) => read.dir),
      ]),
    ),
  ].filter((dir) => dir.includes("/"));
  const found: string[] = [];
  const ruleFolders: { folder: string; files: number }[] = [];
  const visit = (folder: string, depth: number) => {
    for (const dir of folder === "" ? [] : ruleDirs) {
      const rules = `${folder}/${dir}`;
      if (reader.entry(rules).kind === "folder")
        ruleFolders.push({ folder: rules, files: reader.filesBelow(rules).length });
    }
    for (const path of reader.list(folder)) {
      const name = path.slice(path.lastIndexOf("/") + 1);
      const kind = reader.entry(path).kind;
      if (kind === "file" && folder !== "" && names.has(name)) found.push(path);
      else if (kind === "folder" && depth < maxDepth && !notSearched.has(name)) visit(path, depth + 1);
    }
  };
  visit("", 0);
  return [
    ...found.map((path) =>
      leftOutFinding({
        position: start(path),
        message: `${path} is an instruction file of ${parentPath(path)}/: the registry carries instruction files for the whole project only, so it is not imported and stays the project's own file`,
        hint: 'agentc install leaves it alone, and the assistants that read it keep reading it. To carry its text in the registry, make it a core rule with globs: ["<its folder>/**"].',
        group: nestedGroup,
      }),
    ),
    ...ruleFolders.map(({ folder, files }) =>
      leftOutFinding({
        position: start(folder),
        message: `${folder}/ holds rules of a sub-folder (${files} file${files === 1 ? "" : "s"}): the registry carries the rule folders at the project's root only, so they are not imported and stay the project's own files`,
        hint: 'agentc install leaves them alone, and the assistants that read them keep reading them. To carry a rule in the registry, make it a core rule with globs: ["<its folder>/**"].',
        group: nestedRulesGroup,
      }),
    ),
  ];
}

const nestedRulesGroup = "holds rules of a sub-folder: not imported, they stay the project's own files";
