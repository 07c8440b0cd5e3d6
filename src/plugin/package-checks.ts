import { countWords } from "../checks/output/budget-respected.js";
import { frontmatterDescription } from "../checks/output/roster-budget-respected.js";
import { writtenServerName } from "../core/model.js";
import type { Position } from "../diagnostics/diagnostic.js";
import { parseJson } from "../shared/nesting-limit.js";
import type { AssembledPackage, BuildInput } from "./assemble-package.js";
import { unstartedTypeFinding } from "./checks/plugin-mcp-portable.js";
import { nameFinding } from "./checks/plugin-names-valid.js";
import { namedPathFinding, unsafePathFinding } from "./checks/plugin-paths-inside.js";
import { rosterFinding } from "./checks/plugin-roster-budget.js";
import { stringsOf } from "./composed-value.js";
import { coreHookOf } from "./package-hooks.js";
import type { PackageFile } from "./package-parts.js";
import type { PluginFinding, PluginKey, Report } from "./report.js";

/** The package's own checks: names per host, paths that stay inside, the roster budget of its skills. */
export function checkPackage(pkg: AssembledPackage, input: BuildInput, report: Report): void {
  checkNames(pkg, input, report);
  checkPaths(pkg, input, report);
  checkRoster(pkg, input, report);
  checkPortableTypes(pkg, input, report);
}

function checkNames(pkg: AssembledPackage, input: BuildInput, report: Report): void {
  const seen = new Set<string>();
  const once = (where: PluginKey | Position, key: string, found: PluginFinding | undefined) => {
    if (!found || seen.has(key)) return;
    seen.add(key);
    report(where, found);
  };
  for (const host of pkg.hosts) {
    once(
      ["name"],
      `${host.host}:plugin`,
      nameFinding("plugin", input.config.name, host.name, host.names.plugin),
    );
    for (const [name, file] of skillsOf(pkg, host.skills_dir))
      once(
        skillSource(file, input),
        `${host.host}:${name}`,
        nameFinding("skill", name, host.name, host.names.skill),
      );
  }
}

/** Skill folder name → its SKILL.md, for the skills folder of a host. */
export function skillsOf(pkg: AssembledPackage, skillsDir: string | undefined): Map<string, PackageFile> {
  const out = new Map<string, PackageFile>();
  if (!skillsDir) return out;
  for (const [path, file] of pkg.files) {
    const match = /^([^/]+)\/SKILL\.md$/.exec(
      path.startsWith(`${skillsDir}/`) ? path.slice(skillsDir.length + 1) : "",
    );
    if (match?.[1]) out.set(match[1], file);
  }
  return out;
}

function skillSource(file: PackageFile, input: BuildInput): Position | PluginKey {
  const core = input.registry.core.skills.find((s) => s.name === file.from?.client?.name);
  if (core) return core.positionOf(["name"]);
  const rule = file.from?.rules[0];
  if (rule) return { file: rule.file, line: rule.heading.line, column: 1 };
  return ["skills_from"];
}

function checkPaths(pkg: AssembledPackage, input: BuildInput, report: Report): void {
  for (const path of pkg.files.keys()) {
    const unsafe = unsafePathFinding(pkg.archive, path);
    if (unsafe) report(["layout"], unsafe);
  }
  const roots = [...new Set(pkg.hosts.map((h) => h.variables.root))];
  const paths = [...pkg.files.keys()];
  for (const written of pkg.written) {
    const file = pkg.files.get(written);
    if (!file) continue;
    for (const { key, text } of stringsOf(parseJson(file.bytes.toString("utf8")))) {
      for (const named of namedPaths(key, text, roots)) {
        const missing = namedPathFinding(named, { written, archive: pkg.archive }, paths);
        if (missing) report(sourceOfText(text, input), missing);
      }
    }
  }
}

const pathToken = /^[^\s"'`;|&()<>$]*/;

/** Package paths a string names: after a root variable, or a `./` value of a path field. */
function namedPaths(key: string, text: string, roots: string[]): string[] {
  const out: string[] = [];
  for (const root of roots) {
    let at = text.indexOf(`${root}/`);
    while (at >= 0) {
      out.push(pathToken.exec(text.slice(at + root.length + 1))?.[0] ?? "");
      at = text.indexOf(`${root}/`, at + 1);
    }
  }
  if (["command", "cwd", "icon", "source", "path"].includes(key) && text.startsWith("./"))
    out.push(text.slice(2));
  return out.map((p) => p.replace(/\/+$/, "")).filter((p) => p !== "");
}

function sourceOfText(text: string, input: BuildInput): PluginKey | Position {
  const i = (input.config.hook_path_rewrites ?? []).findIndex(([, to]) => text.includes(to));
  if (i >= 0) return ["hook_path_rewrites", i, 1];
  const hook = coreHookOf(text, input.registry);
  return hook ? hook.position : ["layout"];
}

function checkRoster(pkg: AssembledPackage, input: BuildInput, report: Report): void {
  const budget = input.registry.targets.roster_budget;
  if (!budget) return;
  const skills = new Map<string, PackageFile>();
  for (const host of pkg.hosts)
    for (const [name, file] of skillsOf(pkg, host.skills_dir)) skills.set(name, file);
  let total = 0;
  for (const file of skills.values()) {
    const text = file.bytes.toString("utf8");
    if (budget.dead_marker && text.includes(budget.dead_marker)) continue;
    total += countWords(frontmatterDescription(text));
  }
  const over = rosterFinding(pkg.archive, { total, skills: skills.size, budget: budget.owned_words });
  if (over) report(input.registry.targetsDocument.positionOf(["roster_budget", "owned_words"]), over);
}

/** A host that starts only some types of the portable mcp.json's servers: each other server is reported. */
function checkPortableTypes(pkg: AssembledPackage, input: BuildInput, report: Report): void {
  const portable = pkg.hosts.find((h) => h.portable && h.mcp?.file);
  const file = portable?.mcp?.file ? pkg.files.get(portable.mcp.file) : undefined;
  if (!portable?.mcp || !file) return;
  const servers = (parseJson(file.bytes.toString("utf8")) as Record<string, unknown>)[
    portable.mcp.key[0] ?? ""
  ];
  for (const reader of pkg.hosts) {
    const types = reader.reads_portable_types;
    if (!types) continue;
    for (const [name, server] of Object.entries((servers ?? {}) as Record<string, { type?: string }>)) {
      if (types.includes(server.type ?? "")) continue;
      const core = input.registry.core.mcpServers.find((s) => writtenServerName(s) === name);
      report(
        core ? core.position : ["mcp_seed"],
        unstartedTypeFinding(reader.name, name, server.type, types),
      );
    }
  }
}
