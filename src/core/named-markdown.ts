import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { RegistryReader } from "../documents/registry-reader.js";
import type { SchemaName } from "../documents/schema-validation.js";
import { type LoadedMarkdown, loadCoreMarkdown } from "./core-markdown.js";
import { checkNameMatchesPath } from "./core-names.js";
import type { PermissionLists, Verb } from "./model.js";
import { frontmatterPermissions } from "./permission-lists.js";

/** The frontmatter fields skills and agents share: a name that must match the path, tools, permissions. */
export interface NamedFrontmatter {
  name: string;
  tools?: Verb[];
  permissions?: unknown;
}

export interface NamedMarkdown<T extends NamedFrontmatter> {
  located: Omit<LoadedMarkdown, "values">;
  matter: T;
  permissions: PermissionLists;
}

/** Loads a skill or agent file: schema-checked frontmatter, its name against its path, its permissions. */
export function loadNamedMarkdown<T extends NamedFrontmatter>(
  reader: RegistryReader,
  file: string,
  schema: SchemaName,
  path: { name: string; what: "folder" | "file" },
  diagnostics: Diagnostic[],
): NamedMarkdown<T> | undefined {
  const markdown = loadCoreMarkdown(reader, file, schema, diagnostics);
  if (!markdown) return undefined;
  const { values, ...located } = markdown;
  const matter = values as unknown as T;
  checkNameMatchesPath(matter.name, path.name, path.what, located.positionOf(["name"]), diagnostics);
  const permissions = frontmatterPermissions(
    matter.permissions,
    matter.tools,
    located.positionOf,
    diagnostics,
  );
  return { located, matter, permissions };
}
