import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { alwaysOnPath, hasAlwaysOnFile, seedSets } from "../../registry/install-files.js";
import type { Adapter, Registry, Rule } from "../../registry/model.js";
import type { NativeCopy } from "../../registry/native-copies.js";
import { rulesOf } from "../../registry/rule-scope.js";
import { baseName, isAtOrBelow, joinPath } from "../../shared/posix-path.js";
import { scopeLossFinding } from "../checks/scope-expressed-by-adapter.js";
import type { EmittedFile } from "../emitted-tree.js";
import { textThenBytes } from "./file-bytes.js";
import { renderFrontmatter, usesGlobSlot } from "./frontmatter-template.js";
import { scopedParts } from "./scoped-parts.js";

export interface AdapterOutput {
  files: EmittedFile[];
  diagnostics: Diagnostic[];
}

/** Pure: one adapter × the resolved rules → files (path → bytes) and what the format could not express. */
export function emitAdapter(adapter: Adapter, registry: Registry): AdapterOutput {
  const diagnostics: Diagnostic[] = [];
  const rules = rulesOf(adapter.id, registry.rules);
  const globals = rules.filter((r) => r.scope === "global");
  const scoped = rules.filter((r) => r.scope === "scoped" && !skipped(adapter, r));
  for (const rule of rules.filter((r) => r.scope === "scoped" && skipped(adapter, r))) {
    diagnostics.push(scopeLossFinding(adapter, rule, "skip"));
  }
  const canWriteScoped = (adapter.scoped_layout ?? "none") !== "none";
  const fold = !canWriteScoped && adapter.scoped_fallback === "fold" && hasAlwaysOnFile(adapter);
  const files: EmittedFile[] = [];
  const scopedFiles = canWriteScoped ? scoped.map((rule) => emitScoped(adapter, rule)) : [];
  const taken = new Set(scopedFiles.map((f) => f.path));
  files.push(
    ...emitAlwaysOn(adapter, globals, fold ? scoped : [], ownFiles(adapter, registry.natives, taken)),
  );
  if (canWriteScoped) {
    files.push(...scopedFiles);
    if (!usesGlobSlot(adapter))
      for (const rule of scoped) diagnostics.push(scopeLossFinding(adapter, rule, "globs"));
  } else for (const rule of scoped) diagnostics.push(scopeLossFinding(adapter, rule, fold ? "fold" : "omit"));
  files.push(...emitInstallFiles(adapter, registry));
  return { files, diagnostics };
}

export function skipped(adapter: Adapter, rule: Rule): boolean {
  // Asked for every rule and adapter, most of which skip nothing: nothing is allocated for those.
  const skip = adapter.skip_globs;
  if (skip === undefined || skip.length === 0 || rule.globs.length === 0) return false;
  return rule.globs.every((g) => skip.includes(g));
}

export function scopedPath(adapter: Adapter, rule: Rule): string {
  const dir = adapter.output_dir ?? "";
  if (adapter.scoped_layout === "per_rule_dir")
    return joinPath(joinPath(dir, rule.slug), adapter.per_rule_filename ?? "README.md");
  return joinPath(dir, `${rule.slug}${adapter.extension ?? ".md"}`);
}

function emitAlwaysOn(
  adapter: Adapter,
  globals: Rule[],
  folded: Rule[],
  own: readonly NativeCopy[],
): EmittedFile[] {
  const path = alwaysOnPath(adapter);
  if (!path) return [];
  const module = (at: string, name: string, rules: Rule[]): EmittedFile[] => {
    if (rules.length === 0) return [];
    const frontmatter = renderFrontmatter(adapter, { alwaysApply: true, globs: [], slug: name });
    const sections = rules.map((r) => (folded.includes(r) ? foldedText(r) : r.text));
    return [file(adapter, at, `${frontmatter}${sections.join("\n\n")}\n`, "always-on", rules)];
  };
  let rest = [...globals, ...folded];
  const files: EmittedFile[] = [];
  for (const copy of own) {
    const mine = rest.filter((rule) => named(copy.from, rule.file));
    if (mine.length === 0) continue;
    rest = rest.filter((rule) => !mine.includes(rule));
    files.push(...module(copy.path, stem(adapter, copy.path), mine));
  }
  return [...module(path, adapter.pinned_global_name ?? "", rest), ...files];
}

/**
 * The native copies (native.json) of files of a pinned module's own folder other than the module, which agentc
 * import read as always-on text (every file there is, to an assistant that reads the folder): the rules each
 * became are written at that file's path, in the module's form, and the pinned module holds the rest, or is
 * not written when none is left. So the folder keeps the files the person had, which src/emit/native-copies.ts
 * writes back byte for byte while their registry files are unchanged, and no rule is in two of its files.
 */
function ownFiles(adapter: Adapter, natives: readonly NativeCopy[] | undefined, taken: ReadonlySet<string>) {
  const pinned = alwaysOnPath(adapter);
  const dir = (adapter.output_dir ?? "").replace(/\/+$/, "");
  if (adapter.global_placement !== "pinned_module" || !pinned || dir === "" || !natives) return [];
  const extension = adapter.extension ?? ".md";
  return natives.filter(
    (copy) =>
      copy.component === adapter.id &&
      !copy.folder &&
      copy.path !== pinned &&
      !taken.has(copy.path) &&
      copy.path.startsWith(`${dir}/`) &&
      copy.path.endsWith(extension) &&
      copy.path.length > dir.length + 1 + extension.length,
  );
}

function named(from: readonly string[], path: string): boolean {
  return from.some((f) => isAtOrBelow(path, f));
}

/** A file's name without the adapter's extension: the module's name slot. */
function stem(adapter: Adapter, path: string): string {
  const name = baseName(path);
  return name.slice(0, name.length - (adapter.extension ?? ".md").length);
}

function foldedText(rule: Rule): string {
  const [heading = "", ...rest] = rule.text.split("\n");
  const globs = rule.globs.map((g) => `\`${g}\``).join(", ");
  return [heading, "", `Applies when working on files matching ${globs}.`, ...rest].join("\n");
}

function emitScoped(adapter: Adapter, rule: Rule): EmittedFile {
  const shared = scopedParts(rule);
  const bytes = textThenBytes(renderFrontmatter(adapter, shared.input), shared.body);
  return file(adapter, scopedPath(adapter, rule), bytes, "scoped", [rule]);
}

function emitInstallFiles(adapter: Adapter, registry: Registry): EmittedFile[] {
  const out: EmittedFile[] = [];
  for (const set of seedSets(adapter)) {
    for (const name of set.files) {
      const source = joinPath(set.source_dir, name);
      const bytes = registry.files.get(source);
      if (bytes) out.push({ ...file(adapter, joinPath(set.install_dir, name), bytes, "seed", []), source });
    }
  }
  for (const asset of adapter.install?.owned_assets ?? []) {
    const bytes = registry.files.get(asset.source);
    if (bytes)
      out.push({
        ...file(adapter, asset.install, bytes, "asset", []),
        executable: asset.kind === "program",
        source: asset.source,
      });
  }
  return out;
}

function file(
  adapter: Adapter,
  path: string,
  content: string | Buffer,
  role: EmittedFile["role"],
  rules: Rule[],
): EmittedFile {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return { path, bytes, component: adapter.id, role, rules, executable: false };
}
