import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { listFolder } from "./core-folder.js";
import { loadCoreMarkdown } from "./core-markdown.js";
import { checkNameMatchesPath, checkPathName, folderHolds, strayEntry } from "./core-names.js";
import type { CoreAgent, Verb } from "./model.js";
import { frontmatterPermissions } from "./permission-lists.js";

export const agentsFolder = "core/agents";

interface AgentFrontmatter {
  name: string;
  description: string;
  tools?: Verb[];
  permissions?: unknown;
  model?: string;
}

/** core/agents/<name>.md: one subagent per file, its body the system prompt. */
export function loadAgents(root: string, diagnostics: Diagnostic[]): CoreAgent[] {
  return listFolder(root, agentsFolder).flatMap((entry) => {
    if (entry.isFolder || !entry.name.endsWith(".md")) {
      strayEntry(
        entry.path,
        entry.isFolder ? "is a folder" : "is not a .md file",
        folderHolds.agents,
        diagnostics,
      );
      return [];
    }
    const fileName = entry.name.slice(0, -".md".length);
    checkPathName(fileName, entry.path, diagnostics);
    const agent = loadAgent(root, fileName, entry.path, diagnostics);
    return agent ? [agent] : [];
  });
}

function loadAgent(
  root: string,
  fileName: string,
  file: string,
  diagnostics: Diagnostic[],
): CoreAgent | undefined {
  const markdown = loadCoreMarkdown(root, file, "core-agent", diagnostics);
  if (!markdown) return undefined;
  const { values, ...located } = markdown;
  const matter = values as unknown as AgentFrontmatter;
  checkNameMatchesPath(matter.name, fileName, "file", located.positionOf(["name"]), diagnostics);
  const permissions = frontmatterPermissions(
    matter.permissions,
    matter.tools,
    located.positionOf,
    diagnostics,
  );
  return {
    ...located,
    name: matter.name,
    description: matter.description,
    ...(matter.tools ? { tools: matter.tools } : {}),
    permissions,
    ...(matter.model ? { model: matter.model } : {}),
  };
}
