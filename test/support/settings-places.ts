import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runAgentc } from "./run-cli.js";
import { testdir } from "./testdir.js";

/**
 * A project with one local MCP server in each of `places` (settings files in OpenCode's form, `mcp.<name>`), each
 * named after its place, and those names sorted: what the client should list, and import should read.
 */
export function serverPerPlace(places: readonly string[]): { project: string; names: string[] } {
  const name = (place: string) => place.replace(/[^a-z]/g, "");
  const project = testdir(
    Object.fromEntries(
      places.map((place) => [
        place,
        JSON.stringify({ mcp: { [name(place)]: { type: "local", command: ["uvx", name(place)] } } }),
      ]),
    ),
  );
  return { project, names: places.map(name).sort() };
}

/** The names of the MCP servers `agentc import` reads from the project into core/mcp.json, sorted. */
export async function importedServerNames(project: string): Promise<string[]> {
  const registry = join(testdir(), "registry");
  const run = await runAgentc(["import", project, "--out", registry]);
  assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
  const core = JSON.parse(readFileSync(join(registry, "core", "mcp.json"), "utf8"));
  return Object.keys(core.servers).sort();
}
