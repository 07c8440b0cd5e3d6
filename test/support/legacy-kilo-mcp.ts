/**
 * A .kilocode/mcp.json as Kilo Code's extension wrote it before 7.x (Roo Code's form): servers Kilo starts, one
 * switched off, one with a url and no transport (which Kilo drops), values it does not read (alwaysAllow).
 * test/import/import-other-settings-places.test.ts and test/conformance/conformance-kilo.test.ts read it.
 */
export const legacyKiloMcp = {
  mcpServers: {
    docs: {
      command: "npx",
      args: ["-y", "@acme/docs-mcp"],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a variable in the file's own spelling
      env: { DOCS_TOKEN: "${env:DOCS_TOKEN}" },
      alwaysAllow: ["search"],
    },
    paused: { command: "node", args: ["tools/paused.js"], disabled: true },
    events: { type: "sse", url: "https://mcp.acme.test/sse", headers: { "X-Team": "web" } },
    guessed: { url: "https://mcp.acme.test/guess" },
    tickets: {
      type: "streamable-http",
      url: "https://mcp.acme.test/mcp",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a variable in the file's own spelling
      headers: { Authorization: "Bearer ${env:TICKETS_TOKEN}" },
    },
    lint: { type: "stdio", command: "uvx", args: ["acme-lint-mcp"], disabled: false },
  },
};
