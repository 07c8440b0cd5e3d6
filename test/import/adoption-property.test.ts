import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { it } from "node:test";
import fc from "fast-check";
import { adoptionCycle, assertIdentity } from "../support/adoption-cycle.js";
import { testdir } from "../support/testdir.js";

/**
 * Issue 29, part 10: projects generated in the native formats import reads (always-on files, rule folders
 * with each glob form) go through import → build → install → uninstall as the identity. Bounded runs.
 */
const word = fc.constantFrom("tests", "build", "review", "docs", "api", "deploy", "style", "db");
const line = fc
  .array(fc.constantFrom("Use", "tabs", "small", "commits", "every", "change", "runs", "lint", "first"), {
    minLength: 2,
    maxLength: 7,
  })
  .map((words) => `${words.join(" ")}.`);
const body = fc.array(line, { minLength: 1, maxLength: 4 }).map((lines) => `${lines.join("\n")}\n`);
const glob = fc.constantFrom("src/**/*.ts", "**/*.py", "docs/**", "*.css", "web/**/*.{ts,tsx}");

/** One native file: its path and text, in one of the formats import reads. */
const nativeFile = fc.oneof(
  fc.tuple(word, body).map(([w, b]) => [`AGENTS.md`, `# ${w}\n\n${b}`] as const),
  fc.tuple(word, body).map(([w, b]) => [`CLAUDE.md`, `# ${w}\n\n${b}`] as const),
  fc
    .tuple(word, glob, body)
    .map(([w, g, b]) => [`.claude/rules/${w}.md`, `---\npaths:\n  - "${g}"\n---\n${b}`] as const),
  fc
    .tuple(word, glob, body)
    .map(
      ([w, g, b]) =>
        [
          `.cursor/rules/${w}.mdc`,
          `---\ndescription: ${w}\nglobs: ["${g}"]\nalwaysApply: false\n---\n${b}`,
        ] as const,
    ),
  fc
    .tuple(word, body)
    .map(([w, b]) => [`.cursor/rules/${w}-all.mdc`, `---\nalwaysApply: true\n---\n${b}`] as const),
  fc
    .tuple(word, glob, body)
    .map(
      ([w, g, b]) =>
        [`.github/instructions/${w}.instructions.md`, `---\napplyTo: "${g}"\n---\n${b}`] as const,
    ),
  fc
    .tuple(word, glob, body)
    .map(
      ([w, g, b]) => [`.windsurf/rules/${w}_rule.md`, `---\ntrigger: glob\nglobs: ${g}\n---\n${b}`] as const,
    ),
  fc.tuple(word, body).map(([w, b]) => [`.clinerules/${w}.md`, b] as const),
  fc
    .tuple(word, body)
    .map(([w, b]) => [`.kiro/steering/${w}.md`, `---\ninclusion: always\n---\n${b}`] as const),
  // assistants without a client pack, which read their own rule folder alone
  fc.tuple(word, body).map(([w, b]) => [`.amazonq/rules/${w}.md`, `# ${w}\n\n${b}`] as const),
  fc.tuple(word, body).map(([w, b]) => [`.continue/rules/${w}.md`, `# ${w}\n\n${b}`] as const),
  fc
    .tuple(word, glob, body)
    .map(
      ([w, g, b]) =>
        [
          `.continue/rules/${w}-scoped.md`,
          `---\nname: ${w}\ndescription: ${w}\nglobs: ["${g}"]\nalwaysApply: false\n---\n# ${w}\n\n${b}`,
        ] as const,
    ),
);

it("generated native projects: the adoption cycle is the identity (issue 29, part 10)", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.uniqueArray(nativeFile, { minLength: 1, maxLength: 5, selector: ([path]) => path }),
      async (files) => {
        const project = join(testdir({}, "agentc-adopt-gen-"), "project");
        for (const [path, text] of files) {
          mkdirSync(dirname(join(project, path)), { recursive: true });
          writeFileSync(join(project, path), text);
        }
        assertIdentity(await adoptionCycle(project));
      },
    ),
    { numRuns: 12 },
  );
});
