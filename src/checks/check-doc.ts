import type { CheckMeta, Fixture } from "../diagnostics/check-meta.js";
import { baseFixture } from "../diagnostics/fixture-base.js";

/** The docs page of a check (docs/checks/<id>.md is generated from this; a test keeps them equal). */
export function renderCheckDoc(check: CheckMeta & { stage?: string }): string {
  return [
    `# ${check.id} ${check.slug}`,
    "",
    `**${check.title}** (default severity: ${check.severity})`,
    "",
    check.description,
    "",
    `**How to fix:** ${check.hint}`,
    "",
    "## Passing example",
    "",
    ...dependencyLines(check),
    ...fixtureBlocks(check.examples.passing),
    "## Failing example",
    "",
    ...dependencyLines(check),
    ...fixtureBlocks(check.examples.failing),
    ...linkLines(check.examples.failingLinks ?? {}),
    reportLine(check),
    "",
    "~~~text",
    ...check.examples.expected,
    "~~~",
    "",
  ].join("\n");
}

/** The command whose report the failing example's lines are, and what its paths are relative to. */
function reportLine(check: CheckMeta & { stage?: string }): string {
  if (check.examples.dependency)
    return "`agentc build` reports (a dependency's files as `<dependency>:<path>`):";
  if (check.stage === "import" || check.stage === "lint")
    return `\`agentc ${check.stage}\` reports (paths relative to the project):`;
  return "`agentc check` reports (paths relative to the registry):";
}

/** For examples that are a dependency's files rather than a registry: whose files they are. */
function dependencyLines(check: CheckMeta): string[] {
  const dependency = check.examples.dependency;
  if (!dependency) return [];
  return [`The files of a dependency \`${dependency.name}\` that the registry does not trust:`, ""];
}

/** Shows the files of an example that differ from the base registry (the base is in docs/checks/README.md). */
function fixtureBlocks(fixture: Fixture): string[] {
  const changed = Object.entries(fixture).filter(([path, text]) => baseFixture[path] !== text);
  if (changed.length === 0) return ["The base registry as it is (see docs/checks/README.md).", ""];
  return changed.flatMap(([path, text]) => {
    const lang = path.endsWith(".json") ? "json" : "markdown";
    return [`\`${path}\`:`, "", `~~~${lang}`, text.replace(/\n$/, ""), "~~~", ""];
  });
}

/** The symbolic links of an example, one line each. */
function linkLines(links: Record<string, string>): string[] {
  const lines = Object.entries(links).map(
    ([path, target]) => `- \`${path}\` is a symbolic link to \`${target}\``,
  );
  return lines.length === 0 ? [] : ["And the symbolic links:", "", ...lines, ""];
}
