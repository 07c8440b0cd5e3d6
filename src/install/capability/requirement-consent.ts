import type { InstallRecord, RequirementDecision } from "../model/record.js";
import { installRequirement, type RequirementCheck } from "./runtime-requirements.js";

/** One runtime package's outcome in this run, as reported. */
export interface RequirementOutcome {
  capability: string;
  runtime: string;
  package: string;
  why: string;
  install: string;
  marketplace: string;
  state:
    | "present" // in the runtime's own package list
    | "unchecked" // the runtime's CLI is not here: install it yourself
    | "not-raised" // the install deploys no component of that runtime
    | "accepted" // to be installed once the install commits (dry run: would be)
    | "installed" // installed with consent
    | "install-failed" // the runtime's install command failed
    | "declined" // the person said no (recorded: not asked again)
    | "not-accepted"; // no terminal to ask and no --accept-requirement
  detail?: string;
  /** the exact commands, as shown at the prompt */
  commands: string[][];
}

export interface ConsentOptions {
  /** packages accepted on the command line (--accept-requirement) */
  accepted: ReadonlySet<string>;
  record: InstallRecord | undefined;
  /** asks on a terminal; absent without one, with --yes, or in a dry run */
  confirm?: (check: RequirementCheck) => Promise<boolean>;
}

/**
 * Decides each missing package: accepted by --accept-requirement, declined earlier (recorded, not asked
 * again), else asked on a terminal, else not accepted. Nothing is ever installed without one of them.
 */
export async function decideRequirements(
  checks: RequirementCheck[],
  options: ConsentOptions,
): Promise<{ outcomes: RequirementOutcome[]; decisions: RequirementDecision[] }> {
  const earlier = options.record?.requirements ?? [];
  const decisions: RequirementDecision[] = [];
  const outcomes: RequirementOutcome[] = [];
  for (const check of checks) {
    const key = {
      capability: check.capability,
      runtime: check.requirement.runtime,
      package: check.requirement.package,
    };
    const before = earlier.find((d) => d.capability === key.capability && d.package === key.package);
    const state = await decide(check, options, before?.decision);
    const decided = state === "accepted" ? "accepted" : state === "declined" ? "declined" : before?.decision;
    if (decided) decisions.push({ ...key, decision: decided });
    outcomes.push(outcomeOf(check, state));
  }
  return { outcomes, decisions };
}

async function decide(
  check: RequirementCheck,
  options: ConsentOptions,
  before: RequirementDecision["decision"] | undefined,
): Promise<RequirementOutcome["state"]> {
  if (check.state !== "missing") return check.state;
  if (options.accepted.has(check.requirement.package)) return "accepted";
  if (before === "declined") return "declined";
  if (!options.confirm) return "not-accepted";
  return (await options.confirm(check)) ? "accepted" : "declined";
}

function outcomeOf(check: RequirementCheck, state: RequirementOutcome["state"]): RequirementOutcome {
  const { runtime, package: pkg, why, install, marketplace } = check.requirement;
  return {
    capability: check.capability,
    runtime,
    package: pkg,
    why,
    install,
    marketplace,
    state,
    ...(check.detail ? { detail: check.detail } : {}),
    commands: check.commands,
  };
}

/** Once the install has committed: runs the commands of each accepted package, in the project root. */
export function installAccepted(outcomes: RequirementOutcome[], root: string): RequirementOutcome[] {
  return outcomes.map((outcome) => {
    if (outcome.state !== "accepted") return outcome;
    const run = installRequirement(outcome.commands, root);
    return { ...outcome, state: run.ok ? "installed" : "install-failed", detail: run.detail };
  });
}
