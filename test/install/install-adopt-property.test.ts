import assert from "node:assert/strict";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import fc from "fast-check";
import { runInstall } from "../../src/install/install-run.js";
import { runUninstall } from "../../src/install/uninstall-run.js";
import { type BundleSpec, makeBundle } from "../support/install-fixture.js";
import { treeHash } from "../support/project-tree-hash.js";
import { testdir } from "../support/testdir.js";

/**
 * A person's AGENTS.md and CLAUDE.md against random sequences of their own edits (text above agentc's block,
 * text below it, a CLAUDE.md written or deleted), upgrades between three builds and uninstalls, checked
 * against a model of what the person wrote: agentc's block holds exactly the installed build's text, every
 * byte the person wrote stays in place, and an uninstall leaves exactly the person's files.
 */
const versions: BundleSpec[] = [1, 2, 3].map((v) => ({
  version: `${v}.0.0`,
  components: {
    core: { required: true, files: { "AGENTS.md": `# agentc rules v${v}\n` }, adopt: ["AGENTS.md :: block"] },
    claude: { adopt: [".claude/CLAUDE.md :: import:@../AGENTS.md :: CLAUDE.md,.claude/CLAUDE.md"] },
  },
}));

const begin = "<!-- agentc:begin (written by agentc install; agentc uninstall removes it) -->\n";
const end = "<!-- agentc:end -->\n";
const separator = (text: string): string => (text === "" ? "" : text.endsWith("\n") ? "\n" : "\n\n");

type Step =
  | { t: "install"; v: number }
  | { t: "uninstall" }
  | { t: "above" | "below"; text: string }
  | { t: "claude"; write: boolean };

const line = fc.constantFrom("note\n", "Money is integer cents.", "", "\n", "- a list item\n");
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ t: fc.constant("install" as const), v: fc.integer({ min: 0, max: 2 }) }),
  fc.constant({ t: "uninstall" as const }),
  fc.record({ t: fc.constantFrom("above" as const, "below" as const), text: line }),
  fc.record({ t: fc.constant("claude" as const), write: fc.boolean() }),
);

/** What the person wrote: their AGENTS.md text before and after agentc's block, and their CLAUDE.md. */
interface Model {
  before: string;
  after: string;
  claude: string | undefined;
  /** the installed build and the separator agentc put before its block */
  installed: { v: number; separator: string } | undefined;
  /** agentc wrote .claude/CLAUDE.md: at an install while the person had a CLAUDE.md */
  claudeImport: boolean;
}

function expectedAgents(m: Model): string {
  if (!m.installed) return m.before + m.after;
  const body = `# agentc rules v${m.installed.v + 1}\n`;
  return `${m.before}${m.installed.separator}${begin}${body}${end}${m.after}`;
}

function expectedTree(project: string, m: Model): void {
  assert.equal(readFileSync(join(project, "AGENTS.md"), "utf8"), expectedAgents(m));
  if (m.claude === undefined) assert.equal(existsSync(join(project, "CLAUDE.md")), false);
  else assert.equal(readFileSync(join(project, "CLAUDE.md"), "utf8"), m.claude);
  const claudeImport = join(project, ".claude/CLAUDE.md");
  if (m.claudeImport) assert.equal(readFileSync(claudeImport, "utf8"), "@../AGENTS.md\n");
  else
    assert.equal(
      existsSync(claudeImport),
      false,
      ".claude/CLAUDE.md only from an install that saw CLAUDE.md",
    );
}

describe("adoption: property-based sequences against a model of the person's files", () => {
  it("agentc's block holds the installed build; the person's bytes stay; uninstall leaves only theirs", async () => {
    const bundles = versions.map(makeBundle);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const m: Model = {
          before: "# Ours\n",
          after: "",
          claude: undefined,
          installed: undefined,
          claudeImport: false,
        };
        const project = testdir({ "AGENTS.md": m.before });
        const write = () => writeFileSync(join(project, "AGENTS.md"), expectedAgents(m));
        for (const s of steps) {
          if (s.t === "above") {
            m.before = s.text + m.before;
            write();
          } else if (s.t === "below") {
            m.after += s.text;
            write();
          } else if (s.t === "claude") {
            m.claude = s.write ? "Run make test.\n" : undefined;
            if (s.write) writeFileSync(join(project, "CLAUDE.md"), m.claude as string);
            else rmSync(join(project, "CLAUDE.md"), { force: true });
          } else if (s.t === "install") {
            const r = await runInstall({
              bundleDir: bundles[s.v] as string,
              projectDir: project,
              choice: { kind: "all" },
              moveAside: false,
              // the sequences go back to earlier builds as well as forward
              allowDowngrade: true,
              dryRun: false,
            });
            assert.equal(r.status, "ok", `${JSON.stringify(s)}: ${r.status} ${r.problems.join("; ")}`);
            if (!m.installed) {
              m.before += m.after;
              m.after = "";
              m.installed = { v: s.v, separator: separator(m.before) };
            } else m.installed = { ...m.installed, v: s.v };
            m.claudeImport = m.claude !== undefined;
          } else {
            const r = await runUninstall({ projectDir: project, dryRun: false });
            assert.equal(r.status, "ok", `uninstall: ${r.status} ${r.problems.join("; ")}`);
            // a line added below the block stays a line of its own when the text above had no final newline
            const joined = m.before !== "" && m.after !== "" && !m.before.endsWith("\n");
            if (m.installed && joined && !m.after.startsWith("\n")) m.before += "\n";
            m.installed = undefined;
            m.claudeImport = false;
            const tree = treeHash(project);
            assert.deepEqual(
              Object.keys(tree).sort(),
              ["AGENTS.md", ...(m.claude !== undefined ? ["CLAUDE.md"] : [])],
              "nothing of agentc's is left",
            );
          }
          expectedTree(project, m);
        }
      }),
      {
        numRuns: Number(process.env.AGENTC_PROPERTY_RUNS ?? 40),
        seed: Number(process.env.AGENTC_PROPERTY_SEED ?? 11),
      },
    );
  });
});
