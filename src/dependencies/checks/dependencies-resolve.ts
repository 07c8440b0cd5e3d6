import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { sourcesWith, withBase } from "../../diagnostics/fixture-base.js";

const declared = sourcesWith({
  dependencies: [{ name: "team-skills", kind: "git", source: "file:///srv/git/skills.git", path: "skills" }],
});

const otherLock = `${JSON.stringify(
  {
    lock_version: 1,
    registry: "org",
    dependencies: [
      {
        name: "org-rules",
        kind: "git",
        source: "file:///srv/git/org.git",
        provides: "registry",
        resolved: "0123456789abcdef0123456789abcdef01234567",
        digest: `sha256:${"0".repeat(64)}`,
      },
    ],
  },
  null,
  2,
)}\n`;

export const dependenciesResolve: InlineCheck = {
  id: "AGC191",
  slug: "dependencies-resolve",
  stage: "load",
  severity: "error",
  title: "Every dependency resolves to the content agentc.lock pins",
  description:
    "A registry's dependencies (sources.json `dependencies`) enter the build only as agentc.lock pins them: the commit, version or digest each ref resolved to and the sha256 of the content used, read from the content-addressed cache or fetched again and compared. This check reports a ref that does not exist, a source that cannot be reached without a cached copy, content whose digest is not the locked one, a lock written for another registry or damaged, and with --frozen any change the lock would need (a new or changed declaration, a removed one, a ref that now names something else upstream). An unreachable source whose locked copy is cached is a warning that names the copy used; a dependency's item that the registry's own content overrides is an info.",
  hint: "Run 'agentc lock' (or 'agentc update <dependency>' to move one) and commit agentc.lock; the message says what changed.",
  get examples() {
    return {
      passing: withBase({}),
      failing: withBase({ "sources.json": declared, "agentc.lock": otherLock }),
      expected: [
        'agentc.lock:1:1: error AGC191 agentc.lock was written for the registry "org": none of its entries is a dependency this registry declares',
      ],
    };
  },
};
