import { AgentcError } from "../shared/agentc-error.js";
import { parseJson } from "../shared/nesting-limit.js";
import type { SourceFiles } from "./model.js";
import { movedFiles } from "./moved-files.js";
import { pluginCommandFiles } from "./plugin-commands.js";

/**
 * The Agent Plugins versions whose packages agentc reads (https://github.com/agentplugins/agent-plugins-spec,
 * spec/1.0.0.md, checked 2026-12-06): a client must reject a package declaring any other.
 */
export const agentPluginSchemas = ["https://agent-plugins.org/schemas/1.0.0/plugin.schema.json"];

/** §5.5: 1–64 of a-z, 0-9, `-`, `.`; alphanumeric at both ends; no `--` or `..`. */
const pluginName = /^(?!.*(--|\.\.))[a-z0-9](?:[a-z0-9.-]{0,62}[a-z0-9])?$/;

interface Manifest {
  $schema?: unknown;
  name?: unknown;
  license?: unknown;
}

/**
 * The skills of an Agent Plugins package (plugin.json at its root): each immediate folder of `skills/`
 * holding a SKILL.md, placed under core/skills/; and its mcp.json, where the registry stage reads it
 * (`pluginCommandFiles`). Its client extension folders are left out.
 */
export function agentPluginParts(content: SourceFiles): SourceFiles & { licence?: string } {
  const manifest = readManifest(content.files.get("plugin.json"));
  const skills = new Set(
    [...content.files.keys()]
      .map((path) => /^skills\/([^/]+)\/SKILL\.md$/.exec(path)?.[1])
      .filter((name): name is string => name !== undefined),
  );
  const placed = movedFiles(content, (path) => {
    const folder = /^skills\/([^/]+)\//.exec(path)?.[1];
    return folder !== undefined && skills.has(folder) ? `core/${path}` : undefined;
  });
  const servers = pluginCommandFiles(content, "agent-plugin");
  if (placed.files.size === 0 && servers.files.size === 0)
    throw new AgentcError(
      "dependency",
      `the Agent Plugin "${manifest.name}" has no skills/<name>/SKILL.md and no mcp.json`,
      "agentc takes an Agent Plugin's skills and MCP servers; its client extensions are left out.",
    );
  return {
    files: new Map([...placed.files, ...servers.files]),
    executables: placed.executables,
    ...(typeof manifest.license === "string" ? { licence: manifest.license } : {}),
  };
}

function readManifest(bytes: Uint8Array | undefined): Manifest & { name: string } {
  if (!bytes)
    throw new AgentcError(
      "dependency",
      "it has no plugin.json, so it is no Agent Plugins package",
      "Point 'path' at the plugin's root, the folder holding plugin.json.",
    );
  let manifest: Manifest;
  try {
    manifest = parseJson(Buffer.from(bytes).toString("utf8")) as Manifest;
  } catch (error) {
    throw new AgentcError(
      "dependency",
      `its plugin.json is not JSON (${(error as Error).message})`,
      "Fix the plugin.",
    );
  }
  if (typeof manifest !== "object" || manifest === null || Array.isArray(manifest))
    throw new AgentcError("dependency", "its plugin.json is not an object", "Fix the plugin.");
  if (typeof manifest.$schema !== "string" || !agentPluginSchemas.includes(manifest.$schema))
    throw new AgentcError(
      "dependency",
      `its plugin.json declares ${JSON.stringify(manifest.$schema ?? null)} as "$schema", not an Agent Plugins version agentc reads`,
      `agentc reads ${agentPluginSchemas.join(", ")}; pin a version of the plugin that declares it.`,
    );
  if (typeof manifest.name !== "string" || !pluginName.test(manifest.name))
    throw new AgentcError(
      "dependency",
      `its plugin.json has the name ${JSON.stringify(manifest.name ?? null)}, which Agent Plugins does not allow`,
      "A name is 1 to 64 of a-z, 0-9, '-' and '.', starting and ending with a letter or digit.",
    );
  return manifest as Manifest & { name: string };
}
