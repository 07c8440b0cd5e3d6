import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A generated benchmark registry. Deterministic: the same rule count gives the same bytes.
 *
 * Budget choice: global rules all land in the always-on AGENTS.md (100 lines, under 200 words), so every
 * size has the same three short global rules (router + two) and the rest are scoped rules, which each get
 * their own file per adapter. About 5% of the rules live in a lower-priority community source, and one in
 * a hundred of those redefines a custom slug (resolved by kind), so duplicate resolution runs too.
 */
export interface GeneratedRegistry {
  dir: string;
  rules: number;
  ruleFiles: number;
}

const rulesPerFile = 4;
const triggers = ["any-code", "docs", "tests"] as const;

const areas = ["payments", "search", "billing", "identity", "reports", "storage", "gateway", "mobile"];
const topics = ["errors", "logging", "naming", "queries", "caching", "retries", "config", "imports"];
const sentences = [
  "Return typed errors from service boundaries and never throw raw strings.",
  "Log one structured line per request with the correlation id and the outcome.",
  "Name functions after what they return, not after how they compute it.",
  "Keep database queries in the repository layer and give each one a test.",
  "Cache only values that are safe to serve stale for the documented time.",
  "Retry idempotent calls at most three times with exponential backoff.",
  "Read configuration once at start-up and pass it down explicitly.",
  "Import from the package entry point, never from another module's internals.",
  "Prefer small pure functions; move input and output to the edges.",
  "Write the failing test first and keep it next to the code it checks.",
  "Document every public function with one sentence that says when to use it.",
  "Validate input at the boundary and trust it afterwards.",
];

/** Writes a registry with `count` rules (at least 4) into `dir`. */
export function generateRegistry(dir: string, count: number): GeneratedRegistry {
  const scopedCount = Math.max(1, count - 3);
  const vendorShare = Math.floor(scopedCount / 20);
  writeJson(join(dir, "sources.json"), sourcesJson());
  writeJson(join(dir, "targets.json"), { version: 1, registry_version: `bench-${count}`, targets: [] });
  writeRule(join(dir, "sources/custom/00-global.md"), globalRules());
  const customFiles = writeScoped(join(dir, "sources/custom"), 0, scopedCount - vendorShare, "custom");
  const vendorFiles = writeScoped(
    join(dir, "sources/community"),
    scopedCount - vendorShare,
    vendorShare,
    "vendor",
  );
  return { dir, rules: scopedCount + 3, ruleFiles: 1 + customFiles + vendorFiles };
}

function sourcesJson(): object {
  return {
    version: 1,
    trigger_keys: [...triggers],
    router_slug: "skill-router",
    sources: [
      { name: "custom", kind: "custom", path: "sources/custom", enabled: true },
      { name: "community", kind: "community", path: "sources/community", enabled: true },
    ],
  };
}

function globalRules(): string {
  const rows = [
    ["any-code", "code-style"],
    ["docs", "payments-0000-errors"],
    ["tests", "reports-0004-caching"],
  ];
  return [
    "---\nscope: global\ndescription: Which rule to read for which kind of work.\n---",
    "# Skill Router\n\nFind the moment that fits the task and read the rule it names.\n",
    "| trigger | rule |\n|---|---|",
    ...rows.map(([key, slug]) => `| ${key} | ${slug} |`),
    "\n## Code Style\n---\ntrigger: any-code\n---\n",
    `- ${sentences[2]}\n- ${sentences[8]}\n`,
    "## Secrets\n\n- Never commit secrets; use the secret store.",
  ].join("\n");
}

/** Writes `count` scoped rules numbered from `first`, four to a file; returns the number of files. */
function writeScoped(folder: string, first: number, count: number, prefix: string): number {
  mkdirSync(folder, { recursive: true });
  let files = 0;
  for (let start = 0; start < count; start += rulesPerFile) {
    const numbers = range(first + start, Math.min(rulesPerFile, count - start));
    const name = `${prefix}-${String(files).padStart(5, "0")}.md`;
    writeRule(join(folder, areaOf(numbers[0] ?? 0), name), scopedFile(numbers, prefix === "vendor"));
    files++;
  }
  return files;
}

function scopedFile(numbers: number[], vendor: boolean): string {
  const [head = 0] = numbers;
  const area = areaOf(head);
  const trigger = head === 0 ? "trigger: docs\n" : head === 4 ? "trigger: tests\n" : "";
  const covers = numbers.map((n) => topics[n % topics.length]).join(", ");
  const matter = `---\nscope: scoped\nglobs: ["src/${area}/**/*.ts", "test/${area}/**"]\ndescription: Rules ${numbers.join(", ")} for the ${area} code (${covers}). Use when editing files under src/${area}.\n${trigger}---\n`;
  const sections = numbers.map((n, i) =>
    section(vendor && n % 100 === 0 && n >= 1000 ? n - 1000 : n, i === 0, i === 2),
  );
  return `${matter}${sections.join("\n")}`;
}

/** One rule; a third rule of a file narrows its globs with its own frontmatter. */
function section(number: number, first: boolean, ownMatter: boolean): string {
  const title = `${areaOf(number)} ${String(number).padStart(4, "0")} ${topics[number % topics.length]}`;
  const heading = `${first ? "#" : "##"} ${title}`;
  const topic = topics[number % topics.length];
  const matter = ownMatter ? `\n---\nglobs: ["src/${areaOf(number)}/${topic}/r${number}/**"]\n---` : "";
  const bullets = range(0, 3 + (number % 6)).map(
    (i) => `- ${sentences[(number * 7 + i * 5) % sentences.length]}`,
  );
  return `${heading}${matter}\n\n${bullets.join("\n")}\n`;
}

function areaOf(n: number): string {
  return areas[n % areas.length] ?? "core";
}

function range(start: number, length: number): number[] {
  return Array.from({ length }, (_, i) => start + i);
}

function writeRule(path: string, text: string): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text.endsWith("\n") ? text : `${text}\n`);
}

function writeJson(path: string, value: object): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}
