/**
 * Projects the lint tests run on: a small service whose team uses Claude Code and Cursor, written the way
 * such files are written by hand, each problem one a person really makes.
 */

const agents = `# Orders service

The HTTP API for orders. TypeScript on Node 20; tests with node:test.

- Run \`npm test\` before every commit.
- Handlers live in src/api/, one file per resource.
`;

/** Files every project here shares: the code the rules' globs are about. */
const code = {
  "package.json": '{ "name": "orders", "private": true }\n',
  "src/api/orders.ts": "export function listOrders() {\n  return [];\n}\n",
  "src/api/orders.test.ts": 'import { test } from "node:test";\n\ntest("lists orders", () => {});\n',
  "docs/architecture.md": "# Architecture\n\nOne process, one database; the API never calls itself.\n",
  "docs/testing.md": "# Testing\n\nEvery handler has a test beside it, named after the behaviour.\n",
};

/** Every file written so that each client reads it as meant: lint finds nothing. */
export const cleanProject: Record<string, string> = {
  ...code,
  "AGENTS.md": agents,
  ".claude/rules/api.md":
    '---\npaths:\n  - "src/api/**/*.ts"\n---\nValidate every request body before use.\n',
  ".cursor/rules/api.mdc":
    "---\ndescription: Rules for the HTTP handlers\nglobs: src/api/**/*.ts\nalwaysApply: false\n---\nValidate every request body before use.\n",
  ".claude/skills/release/SKILL.md":
    "---\nname: release\ndescription: Tags and publishes a release of the service. Use when asked to release or ship.\n---\nRun the tests, tag, push the tag.\n",
  ".mcp.json":
    '{\n  "mcpServers": {\n    "tracker": { "type": "http", "url": "https://tracker.example.com/mcp" }\n  }\n}\n',
};

/** The same team a few months on: each file has one of the problems lint is for. */
export const driftedProject: Record<string, string> = {
  ...code,
  "AGENTS.md": agents,
  "CLAUDE.md":
    "# Orders service (Claude)\n\nRead @docs/architecture.md first.\n\n@docs/testing.md\n\nDeploying: see @docs/deploy.md.\nLocal keys are in @.env.\n\n## Tests\n\n@docs/testing.md\n",
  ".env": "TRACKER_TOKEN=not-a-real-token\n",
  ".claude/rules/tests.md": "---\npaths: **/*.test.ts\n---\nName each test after the behaviour it checks.\n",
  ".claude/rules/legacy.md": "---\nglobs: src/legacy/**\n---\nDo not add code to src/legacy.\n",
  ".cursor/rules/frontend.mdc":
    '---\ndescription: Rules for the web front end\nglobs: web/**/*.tsx\nalwaysApply: "false"\n---\nComponents are function components.\n',
  ".claude/skills/deploy/SKILL.md":
    "---\ndescription: Deploys the service to staging.\n---\nRun the deploy script.\n",
  ".claude/skills/notes.md": "Notes on skills we might write.\n",
  ".mcp.json":
    '{\n  "mcpServers": {\n    "search": { "type": "websocket", "url": "wss://search.example.com/mcp" }\n  }\n}\n',
  ".claude/settings.json": '{\n  "enableAllProjectMcpServers": true\n}\n',
  ".cursor/hooks.json":
    '{\n  "hooks": {\n    "beforeSubmitPrompt": [{ "command": ".cursor/hooks/check-prompt.sh" }]\n  }\n}\n',
};
