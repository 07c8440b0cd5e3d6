import type { Finding } from "../../diagnostics/check-meta.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../diagnostics/fixture-base.js";
import type { Registry } from "../../registry/model.js";
import { didYouMean } from "../../shared/nearest-name.js";
import type { RegistryCheck } from "../check.js";

const bypassSwitch = "permissions.disableBypassPermissionsMode";

const withPolicies = (policies: Record<string, string[]>) =>
  withBase({
    "targets.json": targetsWith([agentsMdAdapter], {
      builtin_clients: ["claude-code"],
      client_policies: policies,
    }),
  });

export const clientPolicyKnown: RegistryCheck = {
  id: "AGC132",
  slug: "client-policy-known",
  stage: "registry",
  severity: "warning",
  title: "Each policy targets.json turns on is one a chosen client pack has",
  description:
    "A client pack's policy values (permissions.policy_values: a value beyond what core/ asks, such as Claude Code's permissions.disableBypassPermissionsMode) are written only where targets.json client_policies names the client and the dotted key path. A name that matches no policy of a chosen pack turns nothing on, so the policy the registry meant is silently not written: a misspelt path, a client not in this build, or a policy the pack no longer has.",
  hint: "Name a client pack of this build and one of its policy_values paths, dotted (permissions.disableBypassPermissionsMode), or remove the entry.",
  get examples() {
    return {
      passing: withPolicies({ "claude-code": [bypassSwitch] }),
      failing: withPolicies({
        "claude-code": ["permissions.disableBypassPermissionMode"],
        cursor: [bypassSwitch],
      }),
      expected: [
        'targets.json:21:7: warning AGC132 client_policies names "permissions.disableBypassPermissionMode" for claude-code, which is no policy of its pack (it has: permissions.disableBypassPermissionsMode)',
        `targets.json:23:5: warning AGC132 client_policies names cursor, which is no client pack of this build (chosen: claude-code)`,
      ],
    };
  },
  run(registry) {
    const findings: Finding[] = [];
    const chosen = registry.clients.map((c) => c.pack.client);
    for (const [client, paths] of Object.entries(registry.targets.client_policies ?? {})) {
      const pack = registry.clients.find((c) => c.pack.client === client)?.pack;
      if (!pack) {
        findings.push({
          position: registry.targetsDocument.positionOf(["client_policies", client], "key"),
          message: `client_policies names ${client}, which is no client pack of this build (chosen: ${chosen.join(", ") || "none"})`,
          hint: `${didYouMean(client, chosen)}Name a client pack of this build, or remove the entry.`,
        });
        continue;
      }
      findings.push(...unknownPaths(registry, client, paths, policyPaths(pack.permissions)));
    }
    return findings;
  },
};

function policyPaths(mapping: { policy_values?: { path: string[] }[] } | undefined): string[] {
  return (mapping?.policy_values ?? []).map(({ path }) => path.join("."));
}

function unknownPaths(registry: Registry, client: string, paths: string[], known: string[]): Finding[] {
  return paths.flatMap((path, index) =>
    known.includes(path)
      ? []
      : [
          {
            position: registry.targetsDocument.positionOf(["client_policies", client, index]),
            message: `client_policies names "${path}" for ${client}, which is no policy of its pack (it has: ${known.join(", ") || "none"})`,
            hint: `${didYouMean(path, known)}Name one of the pack's policy_values paths, dotted, or remove the entry.`,
          },
        ],
  );
}
