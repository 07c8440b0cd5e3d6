/** One hook of a run as the install result shows it. */
export interface SpawnReport {
  capability: string;
  event: "spawn" | "retire" | "soul-scaffold";
  command: string;
  required: boolean;
  /** soul-scaffold: the soul it ran for */
  soul?: string;
  /**
   * planned: a dry run would start it; ran; failed; skipped: hooks were not allowed; not-run: agentc would not
   * start it (its files changed since they were approved, or there was nothing to run it from)
   */
  result: "planned" | "ran" | "failed" | "skipped" | "not-run";
  /** the launch environment names a spawn hook returned */
  env?: string[];
  problem?: string;
  warning?: string;
}

export function reportLine(r: SpawnReport): string {
  const label = r.event.padEnd(12);
  const what = `${label} ${r.capability}: ${r.command}${r.soul ? ` (soul ${r.soul})` : ""}${r.required ? " (required)" : ""}`;
  switch (r.result) {
    case "planned":
      return `${what} (would run)`;
    case "ran":
      return `${what}${r.env?.length ? ` -> environment ${r.env.join(", ")}` : ""}${r.warning ? ` (warning: ${r.warning})` : ""}`;
    case "skipped":
      return r.event === "soul-scaffold"
        ? `${what} (not run: hooks were not allowed; it runs when an install creates the soul, so uninstall, then install with --allow-hooks)`
        : `${what} (not run: hooks were not allowed; --allow-hooks runs them)`;
    default:
      return `${what} (${r.result === "failed" ? "failed" : "not run"}: ${r.problem ?? ""})`;
  }
}
