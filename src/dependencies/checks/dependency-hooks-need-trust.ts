import type { InlineCheck } from "../../diagnostics/check-meta.js";
import { withBase } from "../../diagnostics/fixture-base.js";

export const dependencyHooksNeedTrust: InlineCheck = {
  id: "AGC197",
  slug: "dependency-hooks-need-trust",
  stage: "load",
  severity: "warning",
  title: "A dependency's hooks and MCP commands enter the build only when the registry trusts it",
  description:
    "Hooks and MCP servers run commands on every machine the bundle is installed on. A dependency's files that carry them (a hooks.json, an *mcp*.json, a file in a hooks/, .husky/ or .githooks/ folder, a JSON or TOML settings file with a top-level hooks, mcpServers, mcp_servers, mcp or context_servers key, a Markdown file whose frontmatter sets one of those keys) enter the build only when the registry trusts the dependency by name. Otherwise each is left out, and this warning names it; the rest of the dependency is used.",
  hint: "Read the file; if its commands may run in your projects, mark the dependency as trusted where the registry declares it.",
  examples: {
    passing: withBase({}),
    failing: withBase({}),
    expected: [],
  },
};
