import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { listFolder } from "./core-folder.js";
import { checkPathName, folderHolds, strayEntry } from "./core-names.js";
import type { CoreAgent, Verb } from "./model.js";
import { loadNamedMarkdown } from "./named-markdown.js";

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
  const loaded = loadNamedMarkdown<AgentFrontmatter>(
    root,
    file,
    "core-agent",
    { name: fileName, what: "file" },
    diagnostics,
  );
  if (!loaded) return undefined;
  const { located, matter, permissions } = loaded;
  return {
    ...located,
    name: matter.name,
    description: matter.description,
    ...(matter.tools ? { tools: matter.tools } : {}),
    permissions,
    ...(matter.model ? { model: matter.model } : {}),
  };
}
