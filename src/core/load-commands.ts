import { diagnostic } from "../diagnostics/check-meta.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { commandUsesArguments } from "./checks/command-uses-arguments.js";
import { loadCoreMarkdown } from "./core-markdown.js";
import { eachMarkdownFile, folderHolds } from "./core-names.js";
import type { CoreCommand } from "./model.js";

export const commandsFolder = "core/commands";

/** Placeholders a command body may use: $ARGUMENTS for all input, $1..$9 for single words. */
export const argumentPlaceholder = /\$(ARGUMENTS|[1-9])/;

interface CommandFrontmatter {
  /** The client packs that compile it, when not every chosen one (read in core-markdown.ts). */
  clients?: string[];
  description: string;
  argument_hint?: string;
  model?: string;
}

/** core/commands/<name>.md: a prompt template run as /<name>. */
export function loadCommands(reader: RegistryReader, diagnostics: Diagnostic[]): CoreCommand[] {
  return eachMarkdownFile(reader, commandsFolder, folderHolds.commands, diagnostics, (name, path) =>
    loadCommand(reader, name, path, diagnostics),
  );
}

function loadCommand(
  reader: RegistryReader,
  name: string,
  file: string,
  diagnostics: Diagnostic[],
): CoreCommand | undefined {
  const markdown = loadCoreMarkdown(reader, file, "core-command", diagnostics);
  if (!markdown) return undefined;
  const { values, ...located } = markdown;
  const matter = values as unknown as CommandFrontmatter;
  if (matter.argument_hint && !argumentPlaceholder.test(located.body)) {
    diagnostics.push(
      diagnostic(commandUsesArguments, {
        position: located.positionOf(["argument_hint"], "key"),
        message: `${file} asks for arguments but its body uses neither $ARGUMENTS nor $1..$9`,
      }),
    );
  }
  return {
    ...located,
    name,
    description: matter.description,
    ...(matter.argument_hint ? { argumentHint: matter.argument_hint } : {}),
    ...(matter.model ? { model: matter.model } : {}),
  };
}
