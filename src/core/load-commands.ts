import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import { unusedArgumentsFinding } from "./checks/command-uses-arguments.js";
import { loadCoreMarkdown } from "./core-markdown.js";
import { eachMarkdownFile, folderHolds } from "./core-names.js";
import type { CoreCommand } from "./model.js";
import { frontmatterPermissions } from "./permission-lists.js";

export const commandsFolder = "core/commands";

interface CommandFrontmatter {
  /** The client packs that compile it, when not every chosen one (read in core-markdown.ts). */
  clients?: string[];
  description: string;
  argument_hint?: string;
  model?: string;
  permissions?: { allow?: string[] };
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
  const hintPosition = () => located.positionOf(["argument_hint"], "key");
  const unused = unusedArgumentsFinding(file, matter.argument_hint, located.body, hintPosition);
  if (unused) diagnostics.push(unused);
  const permissions = frontmatterPermissions(matter.permissions, undefined, located.positionOf, diagnostics);
  return {
    ...located,
    name,
    description: matter.description,
    ...(matter.argument_hint ? { argumentHint: matter.argument_hint } : {}),
    ...(matter.model ? { model: matter.model } : {}),
    permissions,
  };
}
