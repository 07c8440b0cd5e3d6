import type { EmittedFile } from "../../emit/emitted-tree.js";
import type { OutputCheck } from "../check.js";
import { agentsMdAdapter, targetsWith, withBase } from "../fixture-base.js";
import { adapterPosition } from "./output-paths-agree.js";

export const budgetProfiles = {
  global: { maxLines: 100, maxWordsExclusive: 200 },
  scoped: { maxLines: 80, maxWordsExclusive: Number.POSITIVE_INFINITY },
} as const;

export function countLines(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

const longRule = `---\nscope: global\n---\n# Long Rule\n\n${Array.from({ length: 120 }, (_, i) => `- item ${i}`).join("\n")}\n`;

export const budgetRespected: OutputCheck = {
  id: "AGC026",
  slug: "budget-respected",
  stage: "output",
  severity: "error",
  title: "Emitted files must stay within their adapter's budget profile",
  description:
    "Always-on text costs context in every request. budget_profile 'global' allows at most 100 lines and under 200 words per file; 'scoped' allows at most 80 lines per file.",
  hint: "Split the rule, move detail into a scoped rule or a skill, or cut text.",
  examples: {
    passing: withBase({}),
    failing: withBase({ "targets.json": targetsWith([agentsMdAdapter]), "rules/long.md": longRule }),
  },
  *run(registry, tree) {
    for (const file of tree.files) {
      if (file.role !== "always-on" && file.role !== "scoped") continue;
      const adapter = registry.adapters.find((a) => a.adapter.id === file.component)?.adapter;
      const profile = adapter?.budget_profile;
      if (!profile) continue;
      yield* overBudget(file, profile, () => adapterPosition(registry, file.component));
    }
  },
};

function* overBudget(
  file: EmittedFile,
  profile: "global" | "scoped",
  adapterAt: () => ReturnType<typeof adapterPosition>,
) {
  const text = file.bytes.toString("utf8");
  const limits = budgetProfiles[profile];
  const lines = countLines(text);
  const words = Number.isFinite(limits.maxWordsExclusive) ? countWords(text) : 0;
  const position = file.rules.length === 1 && file.rules[0] ? file.rules[0].heading : adapterAt();
  const carried = file.rules.length > 1 ? ` (carries ${file.rules.map((r) => r.slug).join(", ")})` : "";
  if (lines > limits.maxLines) {
    yield {
      position,
      message: `${file.path} has ${lines} lines, over the ${profile} budget of ${limits.maxLines}${carried}`,
    };
  }
  if (words >= limits.maxWordsExclusive) {
    yield {
      position,
      message: `${file.path} has ${words} words; the ${profile} budget is under ${limits.maxWordsExclusive}${carried}`,
    };
  }
}
