import { cpSync, existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { packageRoot } from "../../package-paths.js";
import { type Command, exitCodes } from "../command.js";

const templateDir = join(packageRoot, "templates", "init");

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
  usage: "agentc init [dir] [--format pretty|json]",
  options: {},
  formats: ["pretty", "json"],
  async run(args, io) {
    const dir = args.positionals[0] ?? ".";
    const files = listFiles(templateDir);
    const existing = files.filter((f) => existsSync(join(dir, f)));
    const json = args.values.format === "json";
    if (existing.length > 0) {
      const message = `agentc init: not writing anything, these files exist already in ${dir}: ${existing.join(", ")}`;
      if (json) io.out(JSON.stringify({ ok: false, existing }, null, 2));
      else io.err(`${message}\n  hint: choose an empty folder, e.g. 'agentc init my-registry'`);
      return exitCodes.inputErrors;
    }
    for (const file of files)
      cpSync(join(templateDir, file), join(dir, file), { errorOnExist: true, force: false });
    if (json) io.out(JSON.stringify({ ok: true, dir, files }, null, 2));
    else
      io.out(
        `wrote ${files.length} files into ${dir}:\n${files.map((f) => `  ${f}`).join("\n")}\nnext: agentc build ${dir}`,
      );
    return exitCodes.ok;
  },
};
