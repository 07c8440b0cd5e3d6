import assert from "node:assert/strict";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { claudeSession, toolResultText } from "../support/claude-loopback.js";
import { buildAndInstall, clientSandbox, requireClient } from "../support/clients-cli.js";
import { beyondSlice } from "../support/conformance-slice.js";
import { plainClientRegistry } from "../support/plain-fixture.js";
import { requireSandboxTools } from "../support/sandbox-tools.js";
import { testdir } from "../support/testdir.js";

const secrets = {
  ".env": "ENV-SECRET-4711",
  "deploy/id_ed25519": "KEY-SECRET-0815",
  "~/.aws/credentials": "AWS-SECRET-2342",
};
const readme = "README-VISIBLE-42";

/** `cat` of a name the command builds at run time, so no check of its words can see the file. */
const hiddenCat = (path: string) => `cat $(echo ${Buffer.from(path).toString("base64")} | base64 -d)`;

type Settings = { sandbox?: unknown; hooks?: unknown };

/**
 * A copy of the installed project whose guard misses the trick: its hooks are gone, the guard's among
 * them (as if the guard allowed the call; the core's hooks would run the team's own programs), while the
 * registry's permission rules stay. `keepSandbox: false` also takes out the sandbox agentc wrote.
 */
async function projectWithSecrets(keepSandbox: boolean): Promise<string> {
  const { project } = await buildAndInstall(plainClientRegistry(), ["claude-code"]);
  const copy = join(testdir({}, "agentc-claude-sandbox-"), "project");
  cpSync(project, copy, { recursive: true });
  const file = join(copy, ".claude", "settings.json");
  const settings = JSON.parse(readFileSync(file, "utf8")) as Settings;
  delete settings.hooks;
  if (!keepSandbox) delete settings.sandbox;
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
  mkdirSync(join(copy, "deploy"));
  writeFileSync(join(copy, ".env"), `TOKEN=${secrets[".env"]}\n`);
  writeFileSync(join(copy, "deploy", "id_ed25519"), `${secrets["deploy/id_ed25519"]}\n`);
  writeFileSync(join(copy, "README.md"), `${readme}\n`);
  return copy;
}

/** One Bash call: README.md, then each secret under a name built at run time. */
async function readAll(program: string[], project: string) {
  const sandbox = clientSandbox();
  mkdirSync(join(sandbox.home, ".aws"));
  writeFileSync(join(sandbox.home, ".aws", "credentials"), `${secrets["~/.aws/credentials"]}\n`);
  const home = (path: string) => path.replace("~", sandbox.home);
  const command = ["cat README.md", ...Object.keys(secrets).map((p) => hiddenCat(home(p)))].join("; ");
  const tool = { name: "Bash", input: { command, description: "show the files" } };
  const record = await claudeSession([...program, "--allowedTools", "Bash"], project, tool, sandbox);
  return toolResultText(record);
}

/**
 * The second line behind the guard (clients/claude-code.json os_read_deny, fact sandbox): the sandbox
 * agentc writes into .claude/settings.json makes the operating system refuse what the guard missed.
 */
describe("Claude Code: the sandbox agentc wrote refuses reads the guard missed", () => {
  it("an obfuscated cat of .env, a key and ~/.aws/credentials is refused and README.md read; without the sandbox all three leak", async (t) => {
    if (beyondSlice(t)) return;
    const program = requireClient(t, "claude");
    if (!program || !requireSandboxTools(t, ["bwrap", "socat"])) return;
    const open = await readAll(program, await projectWithSecrets(false));
    for (const secret of Object.values(secrets))
      assert.ok(open.includes(secret), `without the sandbox the command reads ${secret}: ${open}`);
    const sandboxed = await readAll(program, await projectWithSecrets(true));
    assert.ok(sandboxed.includes(readme), `the command still reads README.md: ${sandboxed}`);
    for (const secret of Object.values(secrets))
      assert.ok(!sandboxed.includes(secret), `the sandbox keeps ${secret} out: ${sandboxed}`);
    assert.match(sandboxed, /cat: \.env: Permission denied/, "the operating system refused it");
  });
});
