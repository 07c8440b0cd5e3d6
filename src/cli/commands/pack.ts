import { dirname, join, relative, sep } from "node:path";
import { defaultBundlePath, type PackResult, packBundle } from "../../packaging/bundle-zip.js";
import { AgentcError } from "../../shared/agentc-error.js";
import { isFolder, makeFolders } from "../../shared/make-folders.js";
import { type Command, exitCodes, UsageError } from "../command.js";
import { packHelp } from "../help/pack.js";
import { commandMessage } from "../report/command-message.js";

export const packCommand: Command = {
  name: "pack",
  summary: "pack a build folder into a deterministic bundle.zip plus bundle.zip.sha256",
  formats: ["pretty", "json"],
  help: packHelp,
  async run(args, io) {
    const buildDir = args.positionals[0] ?? "build";
    const file =
      typeof args.values.out === "string" ? bundleFileFor(args.values.out) : defaultBundlePath(buildDir);
    const json = args.values.format === "json";
    try {
      folderFor(file);
      const result = packBundle(buildDir, file, {
        payloads: args.values.payloads === true,
        ...(typeof args.values.sign === "string" ? { signingKey: args.values.sign } : {}),
      });
      if (json) io.out(JSON.stringify({ ok: true, ...result }, null, 2));
      else if (args.values.quiet !== true)
        io.out(
          [
            `packed ${result.entries} files into ${relative(".", result.file)} (${result.bytes} bytes)`,
            `sha256 ${result.sha256}  written to ${relative(".", result.sha256File)}`,
            ...signatureLines(result),
          ].join("\n"),
        );
      return exitCodes.ok;
    } catch (error) {
      if (!(error instanceof AgentcError)) throw error;
      if (json) io.out(JSON.stringify({ ok: false, message: error.message, hint: error.hint }, null, 2));
      else io.err(commandMessage("pack", error));
      return exitCodes.inputErrors;
    }
  },
};

/** What happened to <zip>.sig: signed now, an earlier one kept because it still signs this build, or removed. */
function signatureLines(result: PackResult): string[] {
  if (result.removedStale)
    return [
      `removed ${relative(".", result.removedStale)}: it signed another build (sign again with --sign KEY)`,
    ];
  if (!result.signatureFile) return [];
  return [`signed by ${result.signer}  written to ${relative(".", result.signatureFile)}`];
}

/**
 * --out names the zip (FILE.zip), or a folder to put bundle.zip into: one that exists, or any path ending
 * in "/". Anything else would be a zip without .zip, named like a folder: asked to be said plainly.
 */
function bundleFileFor(out: string): string {
  if (isFolder(out) || out.endsWith("/") || out.endsWith(sep)) return join(out, "bundle.zip");
  if (out.toLowerCase().endsWith(".zip")) return out;
  throw new UsageError(
    `--out ${out} is neither an existing folder nor a .zip file name; write ${out}/ for a folder, or ${out}.zip for the file`,
  );
}

/** Makes the zip's folder when it is missing; a folder that cannot be made is the user's to fix. */
function folderFor(file: string): void {
  try {
    makeFolders(dirname(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new AgentcError(
      "pack",
      `cannot make the folder ${dirname(file)} (${code})`,
      "choose an --out you can write to",
    );
  }
}
