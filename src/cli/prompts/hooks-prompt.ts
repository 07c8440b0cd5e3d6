import type { HookToRun } from "../../install/index.js";

/**
 * Asks on a terminal whether the listed capability spawn hooks may run; no is the default. The trust gate
 * shows, per package, the program, the exact environment names it may set, and the content it is for.
 */
export async function promptHooks(hooks: HookToRun[]): Promise<boolean> {
  const { confirm, isCancel } = await import("@clack/prompts");
  const answer = await confirm({
    message: `The bundle's capability packages run these programs from the bundle:\n${hooks.map(gateLines).join("\n")}\nRun them?`,
    initialValue: false,
  });
  return !isCancel(answer) && answer === true;
}

export function gateLines(h: HookToRun): string {
  const environment = h.environment.length > 0 ? h.environment.join(", ") : "none";
  return [
    `  ${h.capability} ${h.version}: ${h.hook.command}${h.hook.required ? " (required)" : ""}`,
    `    may set the environment: ${environment}`,
    `    package content sha256 ${h.contentSha.slice(0, 16)}… (any change asks again)`,
  ].join("\n");
}
