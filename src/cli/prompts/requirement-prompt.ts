import { type RequirementCheck, shown } from "../../install/index.js";

/**
 * Asks on a terminal whether a capability's missing runtime package may be installed: the exact
 * commands, why it is needed, its documentation and the marketplace it registers. No is the default.
 */
export async function promptRequirement(check: RequirementCheck): Promise<boolean> {
  const { confirm, isCancel } = await import("@clack/prompts");
  const { requirement } = check;
  const lines = [
    `${check.capability} needs the ${requirement.runtime} package ${requirement.package}: ${requirement.why}`,
    ...(requirement.install ? [`  docs: ${requirement.install}`] : []),
    ...(requirement.marketplace ? [`  registers the marketplace: ${requirement.marketplace}`] : []),
    ...check.commands.map((command, i) => `  ${i === 0 ? "runs:" : "     "} ${shown(command)}`),
  ];
  const answer = await confirm({ message: `${lines.join("\n")}\nInstall it?`, initialValue: false });
  return !isCancel(answer) && answer === true;
}
