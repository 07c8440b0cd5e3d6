import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { EmittedTree } from "../../src/emit/emitted-tree.js";
import { compileRegistry } from "../../src/pipeline/compile.js";
import { seedFixtures, seedRegistry } from "../support/seed-fixtures.js";

type Pack = Record<string, unknown>;

const packPath = "clients/claude-code/manifest.json";
const seedPack: Pack = JSON.parse(readFileSync(join(seedFixtures, "001-client-pack", packPath), "utf8"));
const completion = {
  events: { before_tool: "PreToolUse" },
  matcher_join: "|",
  entry: { matcher: "{matcher}", hooks: [{ type: "command", command: "{command}" }] },
};
/** The seed pack with the hook events it does not state, so that its hook_* fields are written. */
const withHooks: Pack = { ...seedPack, hooks: completion };
/** The seed with ask not beating allow: a single MCP tool allowed beside mcp__* in ask is written. */
const allowBeforeAsk: Pack = set(seedPack, ["mcp_permission_rule", "rueckfrage_schlaegt_freigabe"], false);

/** What a build shows of one field: a file's text, a composed value, a capability row, a diagnostic. */
interface View {
  text(path: string): string;
  role(path: string): string;
  settings(): string;
  rows(): string;
  diagnostics(): string;
}

async function view(pack: Pack): Promise<View> {
  const dir = await seedRegistry("001-client-pack", { [packPath]: JSON.stringify(pack) });
  const result = await compileRegistry(dir);
  const tree: EmittedTree = result.tree ?? { files: [], composed: [], capabilities: [] };
  const file = (path: string) => tree.files.find((f) => f.path === path);
  return {
    text: (path) => file(path)?.bytes.toString("utf8") ?? "(none)",
    role: (path) => `${file(path)?.role ?? "(none)"} ${file(path)?.client?.kind ?? ""}`,
    settings: () => JSON.stringify(tree.composed.map((c) => [c.path, c.entries.map((e) => e.value)])),
    rows: () => tree.capabilities.map((r) => `${r.promise}: ${r.enforcement} (${r.reason})`).join("\n"),
    diagnostics: () => result.diagnostics.map((d) => `${d.id} ${d.message}`).join("\n"),
  };
}

function set(pack: Pack, path: string[], value: unknown): Pack {
  const copy = structuredClone(pack);
  let node = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path.at(-1) as string;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

interface FieldCase {
  field: string;
  /** The pack the field is seen in (default: the seed's pack as it is). */
  base?: Pack;
  /** The same pack with the field changed or left out. */
  changed: (pack: Pack) => Pack;
  /** What the build shows of the field; it must differ between base and changed. */
  observe: (v: View) => string;
  /** What the base build shows. */
  expected: RegExp;
}

const rules = ".claude/rules";
const cases: FieldCase[] = [
  {
    field: "runtime_dir",
    base: withHooks,
    changed: (p) => set(p, ["runtime_dir"], ".claude-code"),
    observe: (v) => v.settings(),
    expected: /\.claude\/hooks\/agentc-guard\.mjs/,
  },
  {
    field: "root_instruction_file",
    changed: (p) => set(p, ["root_instruction_file"], null),
    observe: (v) => v.role("CLAUDE.md"),
    expected: /root$/,
  },
  {
    field: "permissions_file",
    changed: (p) => set(p, ["permissions_file"], ".claude/permissions.json"),
    observe: (v) => v.settings(),
    expected: /^\[\["\.claude\/settings\.json"/,
  },
  {
    field: "skills_dir",
    changed: (p) => set(p, ["skills_dir"], ".skills"),
    observe: (v) => v.text(".claude/skills/fw-tests/SKILL.md"),
    expected: /^---\nname: fw-tests/,
  },
  {
    field: "agents_dir",
    changed: (p) => set(p, ["agents_dir"], ".agents-x"),
    observe: (v) => v.text(".claude/agents/fw-second-opinion.md"),
    expected: /name: fw-second-opinion/,
  },
  {
    field: "pack_runtime_dir",
    changed: (p) => set(p, ["pack_runtime_dir"], ".claude/policies"),
    observe: (v) => v.text(`${rules}/00-review-core.md`),
    expected: /# Review core/,
  },
  {
    field: "has_rule_triggers",
    changed: (p) => set(p, ["has_rule_triggers"], false),
    observe: (v) => v.text(`${rules}/40-tech-typescript.md`),
    expected: /^---\npaths:\n {2}- "src\/\*\*\/\*\.ts"/,
  },
  {
    field: "core_skill_prefix",
    changed: (p) => set(p, ["core_skill_prefix"], undefined),
    observe: (v) => v.text(".claude/skills/fw-code-review/SKILL.md"),
    expected: /name: fw-code-review/,
  },
  {
    field: "core_paths",
    changed: (p) => set(p, ["core_paths"], []),
    observe: (v) => v.role(".claude/README.md"),
    expected: /^asset shared-core$/,
  },
  {
    field: "seed_paths",
    base: { ...seedPack, core_paths: [], seed_paths: [".claude/README.md"] },
    changed: (p) => set(p, ["seed_paths"], []),
    observe: (v) => v.role(".claude/README.md"),
    expected: /^seed shared-seed$/,
  },
  {
    field: "project_owned_hint",
    changed: (p) => set(p, ["project_owned_hint"], []),
    observe: (v) => v.text("CAPABILITIES.md"),
    expected: /Overlay-Regelerweiterungen/,
  },
  {
    field: "runtime_placeholders",
    changed: (p) => set(p, ["runtime_placeholders", "<ROOT_INSTRUCTION_LOCAL>"], "LOCAL.md"),
    observe: (v) => v.text("CLAUDE.local.md.example"),
    expected: /# Personal instructions/,
  },
  {
    field: "skill_frontmatter.tools_format",
    changed: (p) => set(p, ["skill_frontmatter", "tools_format"], "space"),
    observe: (v) => v.text(".claude/skills/fw-code-review/SKILL.md"),
    expected: /disallowed-tools: Edit, Write, NotebookEdit\n/,
  },
  {
    field: "skill_frontmatter.tool_names",
    changed: (p) => set(p, ["skill_frontmatter", "tool_names"], undefined),
    observe: (v) => v.diagnostics(),
    expected: /AGC141 [^\n]*tool_names is read, but no tools_field/,
  },
  {
    field: "skill_frontmatter.model_invocation_field",
    changed: (p) => set(p, ["skill_frontmatter", "model_invocation_field"], undefined),
    observe: (v) => v.text(".claude/skills/fw-tests/SKILL.md"),
    expected: /disable-model-invocation: true/,
  },
  {
    field: "skill_frontmatter.skill_deny_field",
    changed: (p) => set(p, ["skill_frontmatter", "skill_deny_field"], undefined),
    observe: (v) => v.text(".claude/skills/fw-code-review/SKILL.md"),
    expected: /disallowed-tools: Edit, Write, NotebookEdit/,
  },
  {
    field: "skill_frontmatter.skill_deny_unmapped",
    changed: (p) => set(p, ["skill_frontmatter", "skill_deny_unmapped"], undefined),
    observe: (v) => v.rows(),
    expected: /Exec\(git push\): cannot \(Claude Code silently ignores argument patterns/,
  },
  {
    field: "skill_frontmatter.drop_fields",
    changed: (p) => set(p, ["skill_frontmatter", "drop_fields"], ["description"]),
    observe: (v) => v.diagnostics(),
    expected: /^(?![\s\S]*drop_fields)/,
  },
  {
    field: "skill_frontmatter.skill_permissions_ersatz",
    changed: (p) => set(p, ["skill_frontmatter", "skill_permissions_ersatz"], undefined),
    observe: (v) => v.rows(),
    expected:
      /skill code-review may not use edit: partial \(written to disallowed-tools, within its limits: \(1\) Die Schranke gilt nur fuer den aufrufenden Turn;[^\n]*\(2\)[^\n]*\(3\) Befehlsgenaue Verbote sind nicht ausdrueckbar/,
  },
  {
    field: "shared_core",
    changed: (p) => set(p, ["shared_core"], []),
    observe: (v) => v.role(`${rules}/00-framework-core.md`),
    expected: /^asset shared-core$/,
  },
  {
    field: "shared_seed",
    changed: (p) => set(p, ["shared_seed"], []),
    observe: (v) => v.role(`${rules}/20-project-overlay.md`),
    expected: /^seed shared-seed$/,
  },
  {
    field: "rule_frontmatter",
    changed: (p) => set(p, ["rule_frontmatter"], "toml"),
    observe: (v) => v.diagnostics(),
    expected: /^(?![\s\S]*rule_frontmatter)/,
  },
  {
    field: "rule_triggers.condition_format",
    changed: (p) => set(p, ["rule_triggers", "condition_format"], "csv"),
    observe: (v) => v.text(`${rules}/40-tech-typescript.md`),
    expected: /paths:\n {2}- "src\/\*\*\/\*\.ts"\n {2}- "test\/\*\*\/\*\.ts"/,
  },
  {
    field: "rule_triggers.condition_field",
    changed: (p) => set(p, ["rule_triggers", "condition_field"], "globs"),
    observe: (v) => v.diagnostics(),
    expected: /^(?![\s\S]*condition_field says)/,
  },
  {
    field: "rule_triggers.allowed_fields",
    changed: (p) => set(p, ["rule_triggers", "allowed_fields"], ["globs"]),
    observe: (v) => v.diagnostics(),
    expected: /^(?![\s\S]*not in documented_fields)/,
  },
  {
    field: "rule_triggers.map",
    changed: (p) => set(p, ["rule_triggers", "map", "glob"], undefined),
    observe: (v) => v.text(`${rules}/40-tech-typescript.md`),
    expected: /^---\npaths:/,
  },
  {
    field: "root_instruction_imports",
    base: { ...seedPack, root_instruction_imports: ["<RULES_DIR>/00-framework-core.md"] },
    changed: (p) => set(p, ["root_instruction_imports"], []),
    observe: (v) => v.text("CLAUDE.md"),
    expected: /rules\.\n\n@\.claude\/rules\/00-framework-core\.md\n$/,
  },
  {
    field: "agent_frontmatter",
    changed: (p) => set(p, ["agent_frontmatter", "tools_format"], "list"),
    observe: (v) => v.text(".claude/agents/fw-second-opinion.md"),
    expected: /tools: Read, Grep, Glob\n/,
  },
  {
    field: "agent_start_tools",
    changed: (p) => set(p, ["agent_start_tools"], undefined),
    observe: (v) => v.text(".claude/skills/fw-tests/SKILL.md"),
    expected: /disallowed-tools: Agent, Task\n/,
  },
  {
    field: "permission_tools",
    changed: (p) => set(p, ["permission_tools", "read"], []),
    observe: (v) => v.settings(),
    expected: /"Read\(\.\/\.env\)"/,
  },
  {
    field: "permission_name_tools",
    changed: (p) => set(p, ["permission_name_tools"], []),
    observe: (v) => v.settings(),
    expected: /"Skill\(fw-code-review\)"/,
  },
  {
    field: "mcp_permission_rule",
    base: allowBeforeAsk,
    changed: (p) => set(p, ["mcp_permission_rule", "werkzeug"], "mcp:{server}:{werkzeug}"),
    observe: (v) => v.settings(),
    expected: /"mcp__docs__search"/,
  },
  {
    field: "mcp_permission_rule.pauschal",
    changed: (p) => set(p, ["mcp_permission_rule", "pauschal"], "mcp__all"),
    observe: (v) => v.settings(),
    expected: /"mcp__\*"/,
  },
  {
    field: "mcp_permission_rule.rueckfrage_schlaegt_freigabe",
    changed: (p) => set(p, ["mcp_permission_rule", "rueckfrage_schlaegt_freigabe"], false),
    observe: (v) => v.rows(),
    expected:
      /allow Mcp\(docs\/search\): cannot \(not written: the client evaluates ask before allow, so the ask rule at line 10, written as mcp__\*, stops this call/,
  },
  {
    field: "permission_tools_bare",
    changed: (p) => set(p, ["permission_tools_bare"], []),
    observe: (v) => v.rows(),
    expected: /allow Fetch\(docs\.example\.com\) through WebFetch: cannot/,
  },
  {
    field: "permission_path_tools",
    changed: (p) => set(p, ["permission_path_tools"], ["Read"]),
    observe: (v) => v.settings(),
    expected: /"Edit\(\.\/\.env\)"/,
  },
  {
    field: "permission_path_prefix",
    changed: (p) => set(p, ["permission_path_prefix"], "/"),
    observe: (v) => v.settings(),
    expected: /"Read\(\.\/secrets\/\*\*\)"/,
  },
  {
    field: "permission_exec_match",
    changed: (p) => set(p, ["permission_exec_match"], "exact"),
    observe: (v) => v.settings(),
    expected: /"Bash\(npm test:\*\)"/,
  },
  {
    field: "permission_exec_suffix",
    changed: (p) => set(p, ["permission_exec_suffix"], " *"),
    observe: (v) => v.settings(),
    expected: /"Bash\(git push:\*\)"/,
  },
  {
    field: "permissions_extra",
    changed: (p) => set(p, ["permissions_extra"], {}),
    observe: (v) => v.settings(),
    expected: /"default"/,
  },
  {
    field: "settings_extra",
    changed: (p) => set(p, ["settings_extra"], {}),
    observe: (v) => v.settings(),
    expected: /"sessionUrl":false/,
  },
  {
    field: "hook_path_fields",
    base: withHooks,
    changed: (p) => set(p, ["hook_path_fields"], ["file_path"]),
    observe: (v) => v.settings(),
    expected: /--path-fields file_path,notebook_path,path/,
  },
  {
    field: "hook_tools",
    base: withHooks,
    changed: (p) => set(p, ["hook_tools", "mcp"], []),
    observe: (v) => v.settings(),
    expected: /"matcher":"Read\|Grep\|Glob\|Edit\|Write\|NotebookEdit\|Bash\|PowerShell\|mcp__\.\*"/,
  },
  {
    field: "hook_mcp_prefixes",
    base: withHooks,
    changed: (p) => set(p, ["hook_mcp_prefixes"], []),
    observe: (v) => v.settings(),
    expected: /--mcp-prefixes mcp__/,
  },
  {
    field: "hook_project_dir_var",
    base: withHooks,
    changed: (p) => set(p, ["hook_project_dir_var"], undefined),
    observe: (v) => v.settings(),
    expected: /node \\"\$CLAUDE_PROJECT_DIR\/\.claude\/hooks\/agentc-guard\.mjs\\"/,
  },
  {
    field: "hook_fail_closed",
    base: withHooks,
    changed: (p) => set(p, ["hook_fail_closed"], false),
    observe: (v) => v.settings(),
    expected: /agentc-guard\.mjs\\" --fail-closed /,
  },
];

describe("seed 001: every field of the client pack changes what the build writes", () => {
  for (const c of cases) {
    it(c.field, async () => {
      const base = await view(c.base ?? seedPack);
      const changed = await view(c.changed(c.base ?? seedPack));
      assert.match(c.observe(base), c.expected);
      assert.notEqual(c.observe(changed), c.observe(base), `changing ${c.field} changed nothing`);
    });
  }
});
