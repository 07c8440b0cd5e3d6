import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { packageRoot } from "../src/shared/package-paths.js";

/**
 * npm run new:client <id> [-- --name "Display Name"] (after npm run build): the start of a new built-in client
 * pack (docs/architecture.md, "Adding an assistant"). Writes clients/<id>.json (valid: rules only, every
 * other place noted as missing), assistants/<id>.json (the assistant a registry chooses, served by the
 * AGENTS.md adapter and the new pack; an assistant of that id that exists gets the pack added), a section of
 * docs/clients.md, the id in the data test's list of packs, and the golden tree of test/golden/clients/<id>/;
 * then every fact is filled in and the golden reviewed.
 */
const usage = 'usage: npm run new:client <id>, or npm run new:client -- <id> --name "Display Name"';
const idPattern = /^[a-z][a-z0-9-]*$/;
const docsFile = join(packageRoot, "docs", "clients.md");
const dataTest = join(packageRoot, "test", "clients", "clients-data.test.ts");
const docsAnchor = "\n## Model names";
const listStart = "const expectedClients = [";

const missing = (place: string) =>
  `Say why the client has no place for ${place}, with the page that says so.`;

function packJson(id: string, name: string): string {
  const pack = {
    $schema: "../schemas/client-pack.schema.json",
    client: id,
    name,
    docs: ["https://example.com/docs"],
    _docs_note: "Every URL here is a page that states a fact this pack relies on; replace the example.",
    runtime_dir: `.${id}`,
    root_instruction_file: null,
    rules_dir: `.${id}/rules`,
    skills_dir: null,
    agents_dir: null,
    commands_dir: null,
    runtime_placeholders: {},
    shared_core: [],
    shared_seed: [],
    project_owned_hint: [],
    rule_file: { extension: ".md", documented_fields: ["paths"] },
    rule_triggers: {
      globs_format: "list",
      map: { always_on: { fields: {} }, glob: { fields: { paths: "{globs}" } } },
    },
    notes: {
      "agent-tools": missing("subagents"),
      command: missing("commands"),
      permission: missing("permission lists"),
      hook: missing("hooks"),
      guard: missing("the secret guard (it needs hooks)"),
      mcp: missing("MCP servers"),
    },
  };
  return `${JSON.stringify(pack, null, 2)}\n`;
}

interface AssistantFile {
  $schema: string;
  id: string;
  name: string;
  adapters: string[];
  clients: string[];
}

/** assistants/<id>.json: a new assistant served by the AGENTS.md adapter and the pack, or an existing one with the pack added. */
function writeAssistant(id: string, name: string): "written" | "added" {
  const file = join(packageRoot, "assistants", `${id}.json`);
  const existing = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as AssistantFile) : undefined;
  const assistant: AssistantFile = existing
    ? { ...existing, clients: [...new Set([...existing.clients, id])] }
    : { $schema: "../schemas/assistant.schema.json", id, name, adapters: ["agents-md"], clients: [id] };
  writeFileSync(file, `${JSON.stringify(assistant, null, 2)}\n`);
  return existing ? "added" : "written";
}

function docsSection(id: string, name: string): string {
  const row = (label: string, what: string) => `| ${label} | ${what} |`;
  return [
    `## ${name}`,
    "",
    "| | |",
    "|---|---|",
    row("Reads", `what ${name} reads of a project (clients/${id}.json)`),
    row("Rules", "the rule format, its fields and what a glob or trigger becomes"),
    row("Skills", "none yet: skills_dir is null"),
    row("Agents", "none yet: agents_dir is null"),
    row("Commands", "none yet: commands_dir is null"),
    row("Permissions", "none yet"),
    row("Hooks", "none yet"),
    row("MCP", "none yet"),
    row("Enforced", "what the assistant itself holds to"),
    row("Instruction", "what only reaches the model as text"),
    row("Sources", "the pages in the pack's docs"),
    "",
  ].join("\n");
}

function addToDataTest(id: string): void {
  const text = readFileSync(dataTest, "utf8");
  const start = text.indexOf(listStart);
  const end = text.indexOf("];", start);
  if (start < 0 || end < 0) throw new Error(`${dataTest} has no "${listStart}" list`);
  const ids = [...text.slice(start, end).matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? "");
  const list = [...ids, id].sort();
  const body = `${listStart}\n${list.map((c) => `  "${c}",`).join("\n")}\n`;
  writeFileSync(dataTest, text.slice(0, start) + body + text.slice(end));
}

/** UPDATE_GOLDEN on; and, when this runs under node --test itself, a test run of its own (not a subtest). */
function goldenEnv(): NodeJS.ProcessEnv {
  const { NODE_TEST_CONTEXT: _context, ...env } = process.env;
  return { ...env, UPDATE_GOLDEN: "1" };
}

function main(): number {
  const { values, positionals } = parseArgs({
    options: { name: { type: "string" } },
    allowPositionals: true,
  });
  const [id] = positionals;
  if (!id || positionals.length !== 1 || !idPattern.test(id)) {
    process.stderr.write(`${usage}\n  <id>: lower-case letters, digits and hyphens, e.g. zed\n`);
    return 2;
  }
  const packFile = join(packageRoot, "clients", `${id}.json`);
  if (existsSync(packFile)) {
    process.stderr.write(`clients/${id}.json exists already\n`);
    return 1;
  }
  const name = values.name ?? id;
  writeFileSync(packFile, packJson(id, name));
  const assistant = writeAssistant(id, name);
  const docs = readFileSync(docsFile, "utf8");
  const at = docs.indexOf(docsAnchor);
  writeFileSync(
    docsFile,
    at < 0
      ? `${docs}\n${docsSection(id, name)}`
      : `${docs.slice(0, at + 1)}${docsSection(id, name)}${docs.slice(at)}`,
  );
  addToDataTest(id);
  const golden = spawnSync(
    process.execPath,
    ["--test", `--test-name-pattern=^${id}: `, join("dist", "test", "emit", "clients-golden.test.js")],
    { cwd: packageRoot, env: goldenEnv(), encoding: "utf8" },
  );
  if (golden.status !== 0) process.stderr.write(golden.stdout + golden.stderr);
  process.stdout.write(
    [
      `wrote clients/${id}.json, its section in docs/clients.md, test/golden/clients/${id}/,`,
      assistant === "written"
        ? `assistants/${id}.json (served by the agents-md adapter and the pack: drop agents-md if ${name} does not read AGENTS.md),`
        : `the pack in the clients of assistants/${id}.json,`,
      `and added "${id}" to the packs of test/clients/clients-data.test.ts. Next: fill in every fact with its`,
      "source (docs/client-packs.md), run npm run build (it also writes the pack's folders and settings",
      "files into assets/install.sh) && UPDATE_GOLDEN=1 node --test dist/test/emit/clients-golden.test.js,",
      "and review the golden tree and assets/install.sh before committing.",
      "",
    ].join("\n"),
  );
  return golden.status === 0 ? 0 : 1;
}

process.exitCode = main();
