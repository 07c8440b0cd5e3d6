import type { SignerPolicy } from "../install/index.js";
import { readSignerFile } from "../packaging/signature/signer-file.js";
import { AgentcError } from "../shared/agentc-error.js";
import type { CliOption } from "./cli-option.js";
import { type CommandIo, exitCodes, type ParsedArgs, UsageError } from "./command.js";
import { commandMessage } from "./report/command-message.js";

/** The options install and update take about the bundle's signature (docs/installer.md, "Signatures"). */
export const signerOptions: Record<"signer" | "require-signature" | "allow-unsigned", CliOption> = {
  signer: {
    value: "FILE",
    text: "accept only a bundle signed by a key in FILE (a .pub or allowed_signers file); the key is recorded, replacing a recorded one",
    default: "the signer the install record names; none on a first install",
  },
  "require-signature": {
    text: "refuse an unsigned bundle (a first install; later ones need the recorded signer anyway)",
  },
  "allow-unsigned": {
    text: "install an unsigned bundle although the install record names a signer, and drop that signer",
  },
};

/**
 * The person's signature options, read before any download: a --signer file that cannot be used is
 * reported with its line and column (exit 2); asking for a signature and allowing none is a usage error.
 */
export function signerPolicy(args: ParsedArgs, io: CommandIo, command: string): SignerPolicy | number {
  const file = args.values.signer;
  const requireSignature = args.values["require-signature"] === true;
  const allowUnsigned = args.values["allow-unsigned"] === true;
  if (allowUnsigned && (requireSignature || typeof file === "string"))
    throw new UsageError(
      "--allow-unsigned takes away what --signer and --require-signature ask for: give one of them",
    );
  try {
    return {
      ...(typeof file === "string" ? { signers: readSignerFile(file) } : {}),
      ...(requireSignature ? { requireSignature } : {}),
      ...(allowUnsigned ? { allowUnsigned } : {}),
    };
  } catch (error) {
    if (!(error instanceof AgentcError)) throw error;
    io.err(commandMessage(command, error));
    return exitCodes.usage;
  }
}
