import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { builtinAssistants, findAssistants } from "../../registry/assistants.js";
import { makeFolders } from "../../shared/make-folders.js";
import { packageRoot } from "../../shared/package-paths.js";
import { schemasPathFrom, withSchemaPaths } from "../../shared/schema-paths.js";
import { type Command, type CommandIo, exitCodes, type ParsedArgs, UsageError } from "../command.js";
import { initHelp } from "../help/init.js";
import { promptAssistants } from "../prompts/assistants-prompt.js";
import { commandMessage } from "../report/command-message.js";

const templateDir = join(packageRoot, "templates", "init");
/** Template files that only explain the registry: an existing one is kept, not a reason to stop. */
const keptIfPresent = new Set(["README.md"]);

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? listFiles(join(dir, e.name), base) : [relative(base, join(dir, e.name))],
    )
    .sort();
}

export const initCommand: Command = {
  name: "init",
  summary: "write a small working registry (never overwrites a file)",
  maxPositionals: 1,
  formats: ["pretty", "json"],
  help: initHelp,
  async run(args, io) {
    const dir = args.positionals[0] ?? ".";
    const json = args.values.format === "json";
    if (existsSync(dir) && !statSync(dir).isDirectory()) {
      io.err(
        commandMessage("init", {
          message: `${dir} is a file, expected a folder`,
          hint: "choose a new folder, e.g. 'agentc init my-registry'",
        }),
      );
      return exitCodes.usage;
    }
    const present = listFiles(templateDir).filter((f) => existsSync(join(dir, f)));
    const existing = present.filter((f) => !keptIfPresent.has(f));
    if (existing.length > 0) return refuse(dir, existing, json, io);
    const assistants = await chosenAssistants(args, io);
    if (assistants === "cancelled") {
      io.err(commandMessage("init", { message: "cancelled; nothing was written" }));
      return exitCodes.usage;
    }
    const kept = present.filter((f) => keptIfPresent.has(f));
    const files = listFiles(templateDir).filter((f) => !kept.includes(f));
    const failed = writeTemplate(dir, files, assistants);
    if (failed) {
      io.err(
        commandMessage("init", {
          message: `cannot write ${failed}`,
          hint: "choose a folder you can write to",
        }),
      );
      return exitCodes.usage;
    }
    if (json)
      io.out(JSON.stringify({ ok: true, dir, files, kept, ...(assistants ? { assistants } : {}) }, null, 2));
    else
      io.out(
        `wrote ${files.length} files into ${dir}:\n${files.map((f) => `  ${f}`).join("\n")}\n${kept.map((f) => `kept your ${f}\n`).join("")}${assistantsLine(assistants)}next: agentc build ${dir}`,
      );
    return exitCodes.ok;
  },
};

function refuse(dir: string, existing: string[], json: boolean, io: CommandIo): number {
  if (json) io.out(JSON.stringify({ ok: false, existing }, null, 2));
  else
    io.err(
      commandMessage("init", {
        message: `not writing anything, these files exist already in ${dir}: ${existing.join(", ")}`,
        hint: "choose an empty folder, e.g. 'agentc init my-registry'",
      }),
    );
  return exitCodes.inputErrors;
}

/**
 * --assistants a,b, else the multi-select on a terminal, else none (every built-in, as before). An
 * unknown id is a usage error with the nearest known one.
 */
async function chosenAssistants(
  args: ParsedArgs,
  io: CommandIo,
): Promise<string[] | undefined | "cancelled"> {
  const option = args.values.assistants;
  if (typeof option === "string") {
    const ids = option
      .split(",")
      .map((id) => id.trim())
      .filter((id) => id !== "");
    if (ids.length === 0) throw new UsageError("--assistants names no assistant");
    const found = findAssistants(ids);
    if (!found.ok) throw new UsageError(`--assistants: ${found.message}`);
    return found.chosen.map((a) => a.id);
  }
  if (args.values.yes === true || !io.isTty || process.stdin.isTTY !== true || args.values.format === "json")
    return undefined;
  return (await promptAssistants(builtinAssistants())) ?? "cancelled";
}

function assistantsLine(assistants: string[] | undefined): string {
  if (assistants) return `serves: ${assistants.join(", ")} (targets.json "assistants")\n`;
  return "serves every built-in assistant; choose yours with 'agentc init --assistants a,b' or targets.json \"assistants\"\n";
}

/** The template's targets.json with the chosen assistants after its version keys. */
function targetsText(template: Buffer, assistants: string[]): string {
  const { targets, ...head } = JSON.parse(template.toString("utf8")) as Record<string, unknown>;
  return `${JSON.stringify({ ...head, assistants, targets }, null, 2)}\n`;
}

/** Copies the template without overwriting; returns "<path> (<code>)" for the first file that fails. */
function writeTemplate(dir: string, files: string[], assistants: string[] | undefined): string | undefined {
  const schemas = schemasPathFrom(dir);
  for (const file of files) {
    const target = join(dir, file);
    try {
      makeFolders(dirname(target));
      const bytes = withSchemaPaths(file, readFileSync(join(templateDir, file)), schemas);
      const text = file === "targets.json" && assistants ? targetsText(bytes, assistants) : bytes;
      writeFileSync(target, text, { flag: "wx" });
    } catch (error) {
      return `${target} (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    }
  }
  return undefined;
}
