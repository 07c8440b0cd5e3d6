import { dependenciesResolve } from "../../src/dependencies/checks/dependencies-resolve.js";
import { checkTable } from "../support/check-harness.js";

const lock = (registry: string, body: object): string =>
  `${JSON.stringify({ lock_version: 1, registry, dependencies: [], ...body }, null, 2)}\n`;

checkTable(dependenciesResolve, {
  valid: [
    { name: "the passing example", files: dependenciesResolve.examples.passing },
    {
      name: "a lock of no dependencies for a registry without any",
      files: { ...dependenciesResolve.examples.passing, "agentc.lock": lock("other", {}) },
    },
  ],
  invalid: [
    {
      name: "the failing example: a lock written for another registry",
      files: dependenciesResolve.examples.failing,
      findings: [
        {
          file: "agentc.lock",
          line: 1,
          column: 1,
          message:
            'agentc.lock was written for the registry "org": none of its entries is a dependency this registry declares',
        },
      ],
    },
    {
      name: "a damaged lock",
      files: { ...dependenciesResolve.examples.passing, "agentc.lock": '{"lock_version": 2}\n' },
      findings: [
        {
          file: "agentc.lock",
          line: 1,
          column: 1,
          message: 'agentc.lock is not an agentc.lock of version 1 ("lock_version": 1)',
        },
      ],
    },
    {
      name: "a lock whose pin could pass for an option",
      files: {
        ...dependenciesResolve.examples.failing,
        "agentc.lock": dependenciesResolve.examples.failing["agentc.lock"]?.replace(
          "0123456789abcdef0123456789abcdef01234567",
          "--upload-pack=touch /tmp/x",
        ) as string,
      },
      findings: [
        {
          file: "agentc.lock",
          line: 10,
          column: 19,
          message:
            'agentc.lock entry "org-rules" pins "--upload-pack=touch /tmp/x", which is not a commit, a version or a digest',
        },
      ],
    },
  ],
});
