import { type Diagnostic, hasErrors } from "../diagnostics/diagnostic.js";
import type { RegistryDependencies } from "../registry/registry-dependencies.js";
import type { CommandIo, ParsedArgs } from "./command.js";
import { reporters } from "./report/index.js";

/** Prints the diagnostics of resolving a registry's dependencies; true when none is an error. */
export function reportDependencyDiagnostics(
  found: { diagnostics: Diagnostic[] },
  registryDir: string,
  args: ParsedArgs,
  io: CommandIo,
): boolean {
  const ok = !hasErrors(found.diagnostics);
  const text = reporters.pretty(found.diagnostics, {
    registryDir,
    color: io.color,
    quiet: args.values.quiet === true,
    verbose: args.values.verbose === true,
    everyBuiltin: true,
    summary: { ok },
  });
  if (text && found.diagnostics.length > 0) io.err(text);
  return ok;
}

/** "name  kind  resolved  digest" per locked input. */
export function lockedLines(found: RegistryDependencies): string[] {
  return (found.resolved?.inputs ?? []).map(
    (input) => `  ${input.name}  ${input.kind}  ${input.version}  ${input.digest.slice(0, 19)}…`,
  );
}
