import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { eachMarkdownFile, folderHolds } from "./core-names.js";
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
  return eachMarkdownFile(root, agentsFolder, folderHolds.agents, diagnostics, (name, path) =>
    loadAgent(root, name, path, diagnostics),
  );
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
