import { settingsGrantNoSelfTrust, trustGrants } from "../../checks/output/settings-grant-no-self-trust.js";
import { pathText } from "../../compose/conflicts.js";
import { diagnostic } from "../../diagnostics/check-meta.js";
import type { Diagnostic, Position } from "../../diagnostics/diagnostic.js";
import type { CompileResult } from "../../pipeline/compile.js";
import { importedReason } from "../../registry/budgets.js";
import type { TrustOverride } from "../../registry/model.js";

/** The project's values at one trust key of one client: its id and files, and the places it holds. */
interface KeptGrant {
  key: string;
  client: string;
  clientName: string;
  why: string;
  files: Set<string>;
  places: string[];
}

/**
 * The trust_overrides the imported registry needs where the project's own settings hold a trust key
 * (AGC108: an MCP server marked trusted, all of the project's MCP servers approved …): the build
 * composes the project's values as they are, so each key and client gets an override with the reason
 * "imported as is", and a warning saying the registry now writes it into every project it is installed in.
 * Undefined when the build writes none.
 */
export function importedTrust(
  compiled: CompileResult,
  at: Position,
): { overrides: TrustOverride[]; diagnostics: Diagnostic[] } | undefined {
  const { registry, tree } = compiled;
  if (!registry || !tree) return undefined;
  const kept = new Map<string, KeptGrant>();
  for (const { file, hit } of trustGrants(registry, tree)) {
    const { id, client, clientName, why } = hit.trustKey;
    const grant = kept.get(`${id}\0${client}`) ?? {
      key: id,
      client,
      clientName,
      why,
      files: new Set<string>(),
      places: [],
    };
    grant.files.add(file);
    grant.places.push(pathText(hit.path));
    kept.set(`${id}\0${client}`, grant);
  }
  if (kept.size === 0) return undefined;
  const grants = [...kept.values()];
  return {
    overrides: grants.map((g) => ({
      key: g.key,
      client: g.client,
      reason: `${importedReason}: the project's ${[...g.files].join(", ")} sets it`,
    })),
    diagnostics: grants.map((g) => keptWarning(g, at)),
  };
}

function keptWarning(grant: KeptGrant, at: Position): Diagnostic {
  const files = [...grant.files].join(", ");
  const places = grant.places.length > 3 ? [...grant.places.slice(0, 3), "…"] : grant.places;
  return diagnostic(settingsGrantNoSelfTrust, {
    position: at,
    severity: "warning",
    message: `as imported, ${files} sets ${places.join(", ")} (${grant.key}, ${grant.clientName}): it ${grant.why}; the build composes the project's settings back as they are (native.json), which targets.json trust_overrides allows, "${importedReason}", so every project the registry is installed in gets the value too`,
    hint: `If each person should decide it, remove the override for "${grant.key}" from targets.json and the entry of ${files} from native.json: the build then composes the registry's own values, which carry no trust key.`,
  });
}
