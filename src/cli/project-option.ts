import { existsSync } from "node:fs";
import { isFolder } from "../shared/make-folders.js";
import type { CliOption } from "./cli-option.js";
import { type ParsedArgs, UsageError } from "./command.js";

/** --project DIR, with what the project is to this command ("the project to install into"). */
export function projectOptions(text: string): Record<"project", CliOption> {
  return { project: { value: "DIR", text, default: "." } };
}

/** What to do about a missing project folder in a command that reads what agentc installed there. */
export const installedProjectHint =
  "name the folder agentc installed into with --project (default: the current folder)";

/**
 * The --project folder (default: the current one), refused in agentc's words when it is missing or not a
 * folder, with `hint` saying what to do.
 */
export function projectOption(args: ParsedArgs, hint: (dir: string) => string): string {
  const dir = typeof args.values.project === "string" ? args.values.project : ".";
  if (isFolder(dir)) return dir;
  const what = existsSync(dir) ? "is not a folder" : "does not exist";
  throw new UsageError(`the project folder ${dir} ${what}`, hint(dir));
}
