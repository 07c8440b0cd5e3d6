import { type Diagnostic, sortDiagnostics } from "../diagnostics/diagnostic.js";
import { RegistryReader } from "../documents/registry-reader.js";
import { sharedSlashNameFindings } from "./checks/core-name-unique.js";
import { strayEntry } from "./core-names.js";
import { loadAgents } from "./load-agents.js";
import { loadCommands } from "./load-commands.js";
import { loadHooks } from "./load-hooks.js";
import { loadMcpServers } from "./load-mcp.js";
import { loadPermissions } from "./load-permissions.js";
import { loadRules } from "./load-rules.js";
import { loadSkills } from "./load-skills.js";
import { type Core, emptyCore } from "./model.js";

/**
 * Loads the tool-neutral core/ of a registry; a registry without core/ has an empty core and no diagnostics.
 * Given a folder, what its own reader refuses is among the diagnostics; given a reader, the reader keeps it.
 */
export function loadCore(from: string | RegistryReader): { core: Core; diagnostics: Diagnostic[] } {
  const dir = typeof from === "string" ? new RegistryReader(from) : from;
  const diagnostics: Diagnostic[] = [];
  const core = loadCoreFolder(dir, diagnostics);
  if (typeof from === "string") diagnostics.push(...dir.diagnostics);
  return { core, diagnostics: sortDiagnostics(diagnostics) };
}

function loadCoreFolder(dir: RegistryReader, diagnostics: Diagnostic[]): Core {
  const kind = dir.resolve("core").kind;
  if (kind !== "folder") {
    if (kind === "file") strayEntry("core", "is a file", "the tool-neutral core", diagnostics);
    return emptyCore();
  }
  const core: Core = {
    rules: loadRules(dir, diagnostics),
    skills: loadSkills(dir, diagnostics),
    agents: loadAgents(dir, diagnostics),
    commands: loadCommands(dir, diagnostics),
    permissions: loadPermissions(dir, diagnostics),
    hooks: loadHooks(dir, diagnostics),
    mcpServers: loadMcpServers(dir, diagnostics),
  };
  diagnostics.push(...sharedSlashNameFindings(core));
  return core;
}
