import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { eachMarkdownFile, folderHolds } from "./core-names.js";
import type { CoreAgent, Verb } from "./model.js";
import { loadNamedMarkdown } from "./named-markdown.js";

export const agentsFolder = "core/agents";

interface AgentFrontmatter {
  /** The client packs that compile it, when not every chosen one (read in core-markdown.ts). */
  clients?: string[];
  name: string;
  description: string;
  tools?: Verb[];
  permissions?: unknown;
  model?: string;
}

/** core/agents/<name>.md: one subagent per file, its body the system prompt. */
export function loadAgents(reader: RegistryReader, diagnostics: Diagnostic[]): CoreAgent[] {
  return eachMarkdownFile(reader, agentsFolder, folderHolds.agents, diagnostics, (name, path) =>
    loadAgent(reader, name, path, diagnostics),
  );
}

function loadAgent(
  reader: RegistryReader,
  fileName: string,
  file: string,
  diagnostics: Diagnostic[],
): CoreAgent | undefined {
  const loaded = loadNamedMarkdown<AgentFrontmatter>(
    reader,
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
