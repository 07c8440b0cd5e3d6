import type { CaseResult } from "./compiler-case.js";

/** A target from the benchmark issue, judged against the measured figures. */
export interface TargetVerdict {
  target: string;
  measured: string;
  pass: boolean;
}

export const exampleCase = "example";
const oneThousand = caseName(1000);
const tenThousand = caseName(10000);
const maxExampleMs = 150;
const maxCopyFactor = 2;
const maxLargeMs = 10_000;
const maxLargeRssKb = 1024 * 1024;

export function caseName(rules: number): string {
  return `${rules} rules`;
}

export function verdicts(results: CaseResult[]): TargetVerdict[] {
  const out: TargetVerdict[] = [];
  const byName = new Map(results.map((r) => [r.name, r]));
  const example = byName.get(exampleCase);
  if (example)
    out.push({
      target: `example registry, all adapters: < ${maxExampleMs} ms wall incl. Node start-up`,
      measured: ms(example.buildMs),
      pass: example.buildMs < maxExampleMs,
    });
  const thousand = byName.get(oneThousand);
  if (thousand)
    out.push({
      target: `1,000 rules: <= ${maxCopyFactor}x the time of cp -r of the output`,
      measured: `${ms(thousand.buildMs)} = ${(thousand.buildMs / thousand.copyMs).toFixed(2)}x cp (${ms(thousand.copyMs)})`,
      pass: thousand.buildMs <= maxCopyFactor * thousand.copyMs,
    });
  const large = byName.get(tenThousand);
  if (large)
    out.push({
      target: "10,000 rules: < 10 s wall and < 1 GB peak memory",
      measured: `${ms(large.buildMs)}, ${mb(large.peakRssKb)}`,
      pass: large.buildMs < maxLargeMs && large.peakRssKb < maxLargeRssKb,
    });
  for (const r of results)
    out.push({
      target: `${r.name}: a rebuild with unchanged input writes no file`,
      measured: `${r.rebuildWritten.length} reported written, ${r.rebuildTouched.length} mtimes changed`,
      pass: r.rebuildWritten.length === 0 && r.rebuildTouched.length === 0,
    });
  return out;
}

export function measurementTable(results: CaseResult[]): string {
  const head = [
    "registry",
    "rules",
    "files",
    "build",
    "build CPU",
    "files/s",
    "peak RSS",
    "cp -r",
    "cp CPU",
    "rebuild",
  ];
  const rows = results.map((r) => [
    r.name,
    r.rules === undefined ? "-" : String(r.rules),
    String(r.files),
    ms(r.buildMs),
    ms(r.buildCpuMs),
    Math.round(r.filesPerSecond).toString(),
    mb(r.peakRssKb),
    ms(r.copyMs),
    ms(r.copyCpuMs),
    ms(r.rebuildMs),
  ]);
  return table(head, rows);
}

export function verdictTable(list: TargetVerdict[]): string {
  return table(
    ["target", "measured", "result"],
    list.map((v) => [v.target, v.measured, v.pass ? "PASS" : "FAIL"]),
  );
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]): string =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const rule = `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  return [line(head), rule, ...rows.map(line)].join("\n");
}

function ms(value: number): string {
  if (Number.isNaN(value)) return "n/a";
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(0)} ms`;
}

function mb(kb: number): string {
  return Number.isNaN(kb) ? "n/a" : `${(kb / 1024).toFixed(0)} MB`;
}
