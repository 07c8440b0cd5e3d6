import { statSync } from "node:fs";
import { join, relative } from "node:path";
import { defaultBundlePath, packBundle } from "../../packaging/bundle-zip.js";
import { PackError } from "../../packaging/pack-error.js";
import { type Command, exitCodes } from "../command.js";
import { packHelp } from "../help/pack.js";

export const packCommand: Command = {
  name: "pack",
  summary: "pack a build folder into a deterministic bundle.zip plus bundle.zip.sha256",
  usage: "agentc pack [build-dir] [--out FILE|DIR] [--payloads] [--format pretty|json] [--quiet]",
  options: { out: { type: "string" }, payloads: { type: "boolean" } },
  formats: ["pretty", "json"],
  help: packHelp,
  async run(args, io) {
    const buildDir = args.positionals[0] ?? "build";
    const file =
      typeof args.values.out === "string" ? bundleFileFor(args.values.out) : defaultBundlePath(buildDir);
    const json = args.values.format === "json";
    try {
      const result = packBundle(buildDir, file, { payloads: args.values.payloads === true });
      if (json) io.out(JSON.stringify({ ok: true, ...result }, null, 2));
      else if (args.values.quiet !== true)
        io.out(
          `packed ${result.entries} files into ${relative(".", result.file)} (${result.bytes} bytes)\nsha256 ${result.sha256}  written to ${relative(".", result.sha256File)}`,
        );
      return exitCodes.ok;
    } catch (error) {
      if (!(error instanceof PackError)) throw error;
      if (json) io.out(JSON.stringify({ ok: false, message: error.message, hint: error.hint }, null, 2));
      else io.err(`agentc pack: ${error.message}\n  hint: ${error.hint}`);
      return exitCodes.inputErrors;
    }
  },
};

/** --out may name the zip file, or an existing folder to put bundle.zip into. */
function bundleFileFor(out: string): string {
  return statSync(out, { throwIfNoEntry: false })?.isDirectory() ? join(out, "bundle.zip") : out;
}
