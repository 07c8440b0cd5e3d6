import { clientPolicyKnown } from "../../src/checks/registry/client-policy-known.js";
import { agentsMdAdapter, targetsWith, withBase } from "../../src/diagnostics/fixture-base.js";
import { checkTable } from "../support/check-harness.js";

const targets = (extra: object) =>
  withBase({
    "targets.json": targetsWith([agentsMdAdapter], { builtin_clients: ["claude-code"], ...extra }),
  });

checkTable(clientPolicyKnown, {
  valid: [
    { name: "the passing example", files: clientPolicyKnown.examples.passing },
    { name: "no client_policies at all", files: targets({}) },
    { name: "an empty list", files: targets({ client_policies: { "claude-code": [] } }) },
  ],
  invalid: [
    {
      name: "a policy of another level's path",
      files: targets({ client_policies: { "claude-code": ["disableBypassPermissionsMode"] } }),
      findings: [
        {
          file: "targets.json",
          line: 21,
          column: 7,
          message:
            'client_policies names "disableBypassPermissionsMode" for claude-code, which is no policy of its pack (it has: permissions.disableBypassPermissionsMode)',
        },
      ],
    },
  ],
});
