import { userScopeRoot } from "../install/index.js";
import type { CliOption } from "./cli-option.js";
import { type ParsedArgs, UsageError } from "./command.js";
import { projectOption } from "./project-option.js";

/** --scope of install, status, update and uninstall: a project (default) or the person's home folder. */
export const scopeOptions: Record<"scope", CliOption> = {
  scope: {
    value: "project|user",
    text: "user: each client's user-level files in your home folder instead of a project, recorded in $XDG_CONFIG_HOME/agentc/user (docs/user-scope.md)",
    default: "project",
    orElse: "project",
  },
};

/** Whether the command works on the person's home folder (`--scope user`); refuses a project beside it. */
export function isUserScope(args: ParsedArgs): boolean {
  const scope = args.values.scope;
  if (scope === undefined || scope === "project") return false;
  if (scope !== "user") throw new UsageError(`--scope takes project or user, not ${JSON.stringify(scope)}`);
  if (args.values.project !== undefined)
    throw new UsageError(
      "--scope user works on your home folder, not on a project: give either --scope user or --project, not both",
    );
  return true;
}

/** The folder the command works in: the --project folder (checked with `hint`), or the home folder for --scope user. */
export function targetFolder(args: ParsedArgs, hint: (dir: string) => string): string {
  if (!isUserScope(args)) return projectOption(args, hint);
  const home = userScopeRoot();
  if (!home.ok) throw new UsageError(home.problem, "see docs/user-scope.md");
  return home.root;
}
