/** Where a hook command still reaches into the project folder, and whether a variable stands unquoted. */

const pathChars = String.raw`[^\s"'\x60;|&()<>]*`;
const relativeToken = /(?:^|[\s"'=])((?:\.{1,2}\/)?[\w.-]+\/[\w./-]*)/;

/**
 * The first project path the command names: `<project variable>/…`, or a relative path after the
 * `cd "<project variable>" &&` that client packs put before core hook commands. Undefined when none.
 */
export function projectPathIn(command: string, projectVariables: string[]): string | undefined {
  for (const variable of projectVariables) {
    const at = command.indexOf(`${variable}/`);
    if (at >= 0) return new RegExp(`^${pathChars}`).exec(command.slice(at))?.[0];
  }
  const rest = afterProjectCd(command, projectVariables);
  if (rest === undefined) return undefined;
  const token = relativeToken.exec(rest)?.[1];
  return token && !token.includes("://") ? token : undefined;
}

function afterProjectCd(command: string, projectVariables: string[]): string | undefined {
  const cd = /^\s*cd\s+("[^"]*"|'[^']*'|\S+)\s*&&/.exec(command);
  if (!cd) return undefined;
  const target = (cd[1] ?? "").replace(/^["']|["']$/g, "");
  return projectVariables.includes(target) ? command.slice(cd[0].length) : undefined;
}

/** True when `variable` occurs outside double quotes (a backslash-escaped quote does not count). */
export function rootUnquoted(command: string, variable: string): boolean {
  let quoted = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === "\\") i++;
    else if (c === '"') quoted = !quoted;
    else if (!quoted && command.startsWith(variable, i)) return true;
  }
  return false;
}
