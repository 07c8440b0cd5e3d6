/** Why a program could not be started, from the error code of spawn (ENOENT, EACCES, …). */
export function unstartable(code: string, program: string): string {
  if (code === "ENOENT" && program.includes("/"))
    return `could not be started: the interpreter its #! line names was not found: ${program}`;
  if (code === "ENOENT") return `was not found: ${program}`;
  if (code === "EACCES") return `is not executable: ${program}`;
  return `could not be started (${code}): ${program}`;
}
