import type { hooksToRun } from "../../install/index.js";

/** Asks on a terminal whether the listed capability spawn hooks may run; no is the default. */
export async function promptHooks(hooks: ReturnType<typeof hooksToRun>): Promise<boolean> {
  const { confirm, isCancel } = await import("@clack/prompts");
  const list = hooks.map(
    (h) => `  ${h.capability}: ${h.hook.command}${h.hook.required ? " (required)" : ""}`,
  );
  const answer = await confirm({
    message: `The bundle's capability packages run these programs from the bundle:\n${list.join("\n")}\nRun them?`,
    initialValue: false,
  });
  return !isCancel(answer) && answer === true;
}
