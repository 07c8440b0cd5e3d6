import { resolve } from "node:path";
import { registryFileIn } from "../../registry/registry-folder.js";
import { isFolder } from "../../shared/make-folders.js";
import { nearestName } from "../../shared/nearest-name.js";
import { type JsonSchema, ToolInputError } from "./tool.js";

/** The input properties the tools share. */
export const folderProperty = (what: string) => ({
  type: "string",
  description: `the ${what} folder, absolute or relative to the folder the server was started in (default: that folder)`,
});

export const clientsProperty = {
  type: "array",
  items: { type: "string" },
  description: "client ids to limit the answer to (default: every client)",
};

export function objectSchema(properties: Record<string, unknown>): JsonSchema {
  return { type: "object", properties, additionalProperties: false };
}

/** The folder an input names (default "."), which must exist. */
export function existingFolder(input: Record<string, unknown>, key: string): string {
  const given = typeof input[key] === "string" ? input[key] : ".";
  if (!isFolder(given)) throw new ToolInputError(`${given} is not a folder (${key}; from ${resolve(".")})`);
  return given;
}

/** The registry folder an input names: a folder holding sources.json or targets.json. */
export function registryFolder(input: Record<string, unknown>): string {
  const folder = existingFolder(input, "registry");
  if (registryFileIn(folder)) return folder;
  throw new ToolInputError(
    `${folder} is not an agentc registry (it has no sources.json or targets.json); for a project's own assistant files use the lint or loads tool, to start a registry run agentc init or agentc import`,
  );
}

/** The client ids an input names, each one of `known`; all of `known` when it names none. */
export function chosenClientIds(
  input: Record<string, unknown>,
  known: readonly string[],
  none = "none",
): string[] {
  const wanted = Array.isArray(input.clients) ? input.clients.map(String) : undefined;
  if (!wanted) return [...known];
  const unknown = wanted.filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    const named = unknown.map((id) => {
      const near = nearestName(id, known);
      return `"${id}"${near ? ` (did you mean "${near}"?)` : ""}`;
    });
    throw new ToolInputError(
      `unknown client ${named.join(", ")}; known clients: ${known.length > 0 ? known.join(", ") : none}`,
    );
  }
  return [...new Set(wanted)];
}
