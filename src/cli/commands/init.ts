import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { makeFolders } from "../../shared/make-folders.js";
import { packageRoot } from "../../shared/package-paths.js";
import { type Command, type CommandIo, exitCodes } from "../command.js";
import { initHelp } from "../help/init.js";
import { schemasPathFrom, withSchemaPaths } from "../init-schema-paths.js";

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
  usage: "agentc init [dir] [--yes] [--format pretty|json]",
  options: { yes: { type: "boolean", short: "y" } },
  maxPositionals: 1,
  formats: ["pretty", "json"],
  help: initHelp,
  async run(args, io) {
    const dir = args.positionals[0] ?? ".";
    const json = args.values.format === "json";
    if (existsSync(dir) && !statSync(dir).isDirectory()) {
      io.err(
        `agentc init: ${dir} is a file, expected a folder\n  hint: choose a new folder, e.g. 'agentc init my-registry'`,
      );
      return exitCodes.usage;
    }
    const present = listFiles(templateDir).filter((f) => existsSync(join(dir, f)));
    const existing = present.filter((f) => !keptIfPresent.has(f));
    if (existing.length > 0) return refuse(dir, existing, json, io);
    const kept = present.filter((f) => keptIfPresent.has(f));
    const files = listFiles(templateDir).filter((f) => !kept.includes(f));
    const failed = writeTemplate(dir, files);
    if (failed) {
      io.err(`agentc init: cannot write ${failed}\n  hint: choose a folder you can write to`);
      return exitCodes.usage;
    }
    if (json) io.out(JSON.stringify({ ok: true, dir, files, kept }, null, 2));
    else
      io.out(
        `wrote ${files.length} files into ${dir}:\n${files.map((f) => `  ${f}`).join("\n")}\n${kept.map((f) => `kept your ${f}\n`).join("")}next: agentc build ${dir}`,
      );
    return exitCodes.ok;
  },
};

function refuse(dir: string, existing: string[], json: boolean, io: CommandIo): number {
  if (json) io.out(JSON.stringify({ ok: false, existing }, null, 2));
  else
    io.err(
      `agentc init: not writing anything, these files exist already in ${dir}: ${existing.join(", ")}\n  hint: choose an empty folder, e.g. 'agentc init my-registry'`,
    );
  return exitCodes.inputErrors;
}

/** Copies the template without overwriting; returns "<path> (<code>)" for the first file that fails. */
function writeTemplate(dir: string, files: string[]): string | undefined {
  const schemas = schemasPathFrom(dir);
  for (const file of files) {
    const target = join(dir, file);
    try {
      makeFolders(dirname(target));
      writeFileSync(target, withSchemaPaths(file, readFileSync(join(templateDir, file)), schemas), {
        flag: "wx",
      });
    } catch (error) {
      return `${target} (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    }
  }
  return undefined;
}
