import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { binPath, runAgentc } from "../support/run-cli.js";
import { testdir, writeFiles } from "../support/testdir.js";

/**
 * A real editor as the language client: Debian's Neovim (scripts/test-prerequisites.sh installs it), headless,
 * starting `agentc lsp` with its built-in client for a Markdown buffer and writing the diagnostics it
 * received into a file. `vim.lsp.start_client` is the API of every Neovim from 0.7 on (Debian 12 has 0.7.2).
 */
function neovimDiagnostics(
  root: string,
  file: string,
): { code: string; line: number; col: number; message: string }[] {
  const out = join(testdir(), "diagnostics.json");
  const init = join(testdir(), "init.lua");
  writeFileSync(
    init,
    `-- after the file on the command line is loaded into its buffer
vim.api.nvim_create_autocmd("VimEnter", { callback = function()
  local id = vim.lsp.start_client({ name = "agentc", cmd = { ${JSON.stringify(process.execPath)}, ${JSON.stringify(binPath)}, "lsp" }, root_dir = ${JSON.stringify(root)} })
  vim.lsp.buf_attach_client(0, id)
  -- waits at most 60 s for the first diagnostics, then writes what it has
  vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 100)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(found, { code = d.code, line = d.lnum + 1, col = d.col + 1, message = d.message })
  end
  local f = io.open(${JSON.stringify(out)}, "w")
  f:write(vim.fn.json_encode(found))
  f:close()
  vim.lsp.stop_client(id)
  vim.cmd("qa!")
end })
`,
  );
  const run = spawnSync("nvim", ["--headless", "--clean", "-u", init, file], {
    cwd: root,
    encoding: "utf8",
    timeout: 120_000,
  });
  assert.equal(run.status, 0, `nvim: ${run.error ?? ""}${run.stderr}`);
  return JSON.parse(readFileSync(out, "utf8")) as {
    code: string;
    line: number;
    col: number;
    message: string;
  }[];
}

describe("agentc lsp in Neovim's own language client", () => {
  it("shows the check's diagnostic of a SKILL.md without its description where it is", async () => {
    const root = testdir();
    assert.equal((await runAgentc(["init", root, "--assistants", "claude-code", "--quiet"])).status, 0);
    writeFiles(root, { "core/skills/review/SKILL.md": "---\nname: review\n---\n\nReview the change.\n" });
    const found = neovimDiagnostics(root, join(root, "core", "skills", "review", "SKILL.md"));
    assert.deepEqual(
      found.map((d) => [d.code, d.line, d.col]),
      [["AGC061", 2, 1]],
    );
    assert.match(found[0]?.message ?? "", /^Missing required key "description" in the frontmatter\nhint: /);
  });
});
