import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { alwaysOnPath, hasAlwaysOnFile, seedSets } from "../../registry/install-files.js";
import type { Adapter, Registry, Rule } from "../../registry/model.js";
import { joinPath } from "../../shared/posix-path.js";
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
  const globals = registry.rules.filter((r) => r.scope === "global");
  const scoped = registry.rules.filter((r) => r.scope === "scoped" && !skipped(adapter, r));
  for (const rule of registry.rules.filter((r) => r.scope === "scoped" && skipped(adapter, r))) {
    diagnostics.push(scopeLossFinding(adapter, rule, "skip"));
  }
  const canWriteScoped = (adapter.scoped_layout ?? "none") !== "none";
  const fold = !canWriteScoped && adapter.scoped_fallback === "fold" && hasAlwaysOnFile(adapter);
  const files: EmittedFile[] = [];
  const alwaysOn = emitAlwaysOn(adapter, globals, fold ? scoped : []);
  if (alwaysOn) files.push(alwaysOn);
  if (canWriteScoped) {
    files.push(...scoped.map((rule) => emitScoped(adapter, rule)));
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

function emitAlwaysOn(adapter: Adapter, globals: Rule[], folded: Rule[]): EmittedFile | undefined {
  const path = alwaysOnPath(adapter);
  if (!path || globals.length + folded.length === 0) return undefined;
  const frontmatter = renderFrontmatter(adapter, {
    alwaysApply: true,
    globs: [],
    slug: adapter.pinned_global_name ?? "",
  });
  const sections = [...globals.map((r) => r.text), ...folded.map(foldedText)];
  const text = `${frontmatter}${sections.join("\n\n")}\n`;
  return file(adapter, path, text, "always-on", [...globals, ...folded]);
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
