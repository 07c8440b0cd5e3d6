import picomatch from "picomatch";
import type { OwnedEntry } from "../../compose/model.js";
import type { Core } from "../../core/model.js";
import { secretGuardWanted } from "../guard/emit.js";
import type { SectionInput } from "../section.js";
import { factFor } from "../shared/pack-facts.js";
import { withRuntimePlaceholders } from "../shared/pack-text.js";
import type { SecondLine } from "../shared/second-line.js";
import type { SettingsPart } from "../shared/settings-part.js";
import { guardOsPaths, guardOsTemplates } from "./guard-paths.js";
import type { OsReadDeny, OsReadDenyPack, OsReadDenyWrite } from "./model.js";

/**
 * The registry asks for the second line by denying reads in core/permissions.json: the paths of its
 * deny read rules, in order. Switching a client's sandbox on also limits what commands may write and
 * reach, so the guard alone (on by default) does not turn it on (docs/guard.md).
 */
export function readDenyPaths(core: Core): string[] {
  const rules = core.permissions.deny.filter((rule) => rule.verb === "read");
  return [...new Set(rules.flatMap((rule) => rule.patterns))];
}

/** What agentc composes into the client's settings for its sandbox: nothing unless the registry asks. */
export function osReadDenyParts(pack: OsReadDenyPack, registry: SectionInput): SettingsPart[] {
  const write = pack.os_read_deny?.write;
  const asked = readDenyPaths(registry.core);
  if (!write || asked.length === 0) return [];
  const guarded = secretGuardWanted(registry);
  const entries: OwnedEntry[] = [
    ...write.values_at.map(({ path, value }) => ({ path, value })),
    ...pathEntries(write, write.deny_key, deniedPaths(write, asked, guarded)),
    ...pathEntries(write, write.allow_key, guarded ? templatesLeftOpen(write, asked) : []),
  ];
  return [{ file: withRuntimePlaceholders(pack, write.file), format: write.format, entries }];
}

/**
 * The paths the sandbox refuses: the registry's, then the guard's when the guard is on, each in the
 * client's spelling, without repeats.
 */
export function deniedPaths(write: OsReadDenyWrite, asked: string[], guarded: boolean): string[] {
  const forms = write.path_forms;
  if (!forms) return [];
  const own = asked.map((path) => fill(forms.project, path));
  const guard = guarded
    ? guardOsPaths.map(({ where, path }) => fill(where === "home" ? forms.home : forms.anywhere, path))
    : [];
  return [...new Set([...own, ...guard])];
}

/** The guard's .env templates read again, unless a read rule of the registry denies one by name. */
export function templatesLeftOpen(write: OsReadDenyWrite, asked: string[]): string[] {
  const forms = write.path_forms;
  if (!forms) return [];
  const denied = picomatch(asked, { dot: true });
  return guardOsTemplates.filter((name) => !denied(name)).map((name) => fill(forms.anywhere, name));
}

function pathEntries(write: OsReadDenyWrite, key: string[] | undefined, paths: string[]): OwnedEntry[] {
  if (!key || !write.path_forms) return [];
  return paths.map((value) => ({ path: key, value, element: true }));
}

const fill = (form: string, path: string) => form.split("{path}").join(path);

/** The client's second line in this build, for the matrix (CAPABILITIES.md, `agentc matrix`). */
export function secondLine(pack: OsReadDenyPack, registry: SectionInput): SecondLine {
  const deny = pack.os_read_deny;
  const fact = factFor(pack, "/os_read_deny");
  const base = { ...(deny?.name ? { name: deny.name } : {}), ...(fact ? { fact } : {}) };
  if (deny?.none_because) return { state: "none", reason: deny.none_because, ...base };
  if (deny?.not_written_because) return { state: "not-written", reason: deny.not_written_because, ...base };
  if (!deny?.write && !deny?.through)
    return { state: "not-recorded", reason: "not recorded in the client pack", ...base };
  const asked = readDenyPaths(registry.core);
  if (asked.length === 0)
    return {
      state: "not-asked",
      reason: `not switched on: core/permissions.json denies no reads (a deny read rule switches ${deny.name ?? "it"} on; docs/guard.md says what else it changes)`,
      ...base,
    };
  const partial = deny.partial_because ?? (deny.through ? pack.permissions?.partial_because : undefined);
  const what = written(pack, deny, asked, secretGuardWanted(registry));
  return {
    state: "written",
    enforcement: partial ? "partial" : "enforced",
    reason: partial ? `${what}; ${partial}` : what,
    ...base,
  };
}

/** What agentc wrote, in words: the switch and how many paths, or the permission rules it rests on. */
function written(pack: OsReadDenyPack, deny: OsReadDeny, asked: string[], guarded: boolean): string {
  const write = deny.write;
  if (!write) {
    const file = pack.permissions ? withRuntimePlaceholders(pack, pack.permissions.file) : "its settings";
    return `the read rules written to ${file} (${asked.length} path${asked.length === 1 ? "" : "s"})`;
  }
  const file = withRuntimePlaceholders(pack, write.file);
  const values = write.values_at.map(({ path, value }) => `${path.join(".")}: ${JSON.stringify(value)}`);
  const count = deniedPaths(write, asked, guarded).length;
  const paths =
    write.deny_key && count > 0
      ? ` and ${count} paths in ${write.deny_key.join(".")} (the registry's read rules${guarded ? " and the guard's secret paths" : ""})`
      : "";
  return `${values.join(", ")}${paths} in ${file}`;
}
