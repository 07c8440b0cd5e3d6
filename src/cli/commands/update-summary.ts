import type { OpenedBundle } from "../../distribute/candidate.js";
import type { UpdateCheck } from "../../distribute/update.js";
import { projectView, updateSummary } from "../../distribute/update-summary.js";
import type { SignerPolicy } from "../../install/index.js";
import { type CommandIo, exitCodes, type ParsedArgs } from "../command.js";
import { renderUpdateSummary } from "../report/render-update-summary.js";
import { installBundle } from "./install.js";

/**
 * `agentc update --summary`: the update as usual, its report on stderr, and on stdout what it changed
 * (files, components, what each assistant gains or loses) as Markdown for a pull request's body, or JSON.
 */
export async function updateWithSummary(
  check: UpdateCheck,
  bundle: OpenedBundle,
  args: ParsedArgs,
  io: CommandIo,
  policy: SignerPolicy,
): Promise<number> {
  const before = projectView(check.root);
  const json = args.values.format === "json";
  const toErr: CommandIo = { ...io, out: io.err, isTty: false };
  const installArgs = {
    ...args,
    values: { ...args.values, yes: true, format: "pretty", quiet: json || args.values.quiet === true },
  };
  const code = await installBundle(bundle, installArgs, toErr, policy);
  if (code !== exitCodes.ok) return code;
  const summary = updateSummary(before, projectView(check.root), check.source);
  io.out(json ? JSON.stringify(summary, null, 2) : renderUpdateSummary(summary));
  return code;
}
