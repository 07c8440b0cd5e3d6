import { join } from "node:path";
import type { CapabilityInstall } from "../../src/manifest/manifest-model.js";
import { type ComponentSpec, makeBundle } from "./install-fixture.js";
import { testdir } from "./testdir.js";

/**
 * A capability package component for test bundles. Its hooks are one real program, bin/hook.mjs
 * `<name> <event> <mode>`, that appends what it did to the file named by HOOK_LOG (outside the project).
 */
export const hookProgram = `
import { appendFileSync, closeSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
const [name, event, mode = "ok"] = process.argv.slice(2);
const log = (what) => appendFileSync(process.env.HOOK_LOG, what + "\\n");
log(\`\${name} \${event}\${process.env.AGENTC_META ? " meta=" + process.env.AGENTC_META : ""}\`);
if (event === "retire" && process.env.HOOK_FILL) {
  const fd = openSync(process.env.HOOK_FILL, "w");
  try { for (;;) writeSync(fd, Buffer.alloc(65536)); } catch {} finally { closeSync(fd); }
}
if (mode === "data") {
  mkdirSync("state", { recursive: true });
  writeFileSync("state/cache.json", JSON.stringify({ spawned: name }) + "\\n");
}
if (mode === "fail") { process.stderr.write("could not reach the server\\n"); process.exit(3); }
if (mode === "kill") process.kill(process.pid, "SIGKILL");
if (mode === "sleep") { log(\`\${name} pid \${process.pid}\`); setTimeout(() => {}, 600000); }
if (mode === "undeclared") console.log(JSON.stringify({ env: { OTHER_NAME: "x" } }));
if ((mode === "ok" || mode === "data") && event === "spawn")
  console.log(JSON.stringify({ env: { [name.toUpperCase() + "_HOME"]: "/srv/" + name }, meta: { token: name + "-1" } }));
`;

/**
 * The same hook's ok and sleep modes as a POSIX shell script, bin/hook.sh `<name> <event> [sleep]`: for tests
 * that run the hooks hundreds of times or within a short timeout (a shell starts in a fraction of Node's time).
 */
export const shellHookProgram = `#!/bin/sh
name=$1 event=$2
printf '%s %s%s\\n' "$name" "$event" "\${AGENTC_META:+ meta=$AGENTC_META}" >> "$HOOK_LOG"
if [ "$3" = sleep ]; then printf '%s pid %s\\n' "$name" "$$" >> "$HOOK_LOG"; exec sleep 600; fi
if [ "$event" = spawn ]; then
  upper=$(printf %s "$name" | tr a-z A-Z)
  printf '{"env":{"%s_HOME":"/srv/%s"},"meta":{"token":"%s-1"}}\\n' "$upper" "$name" "$name"
fi
`;

export interface CapabilitySpec {
  /** The hooks' program: bin/hook.mjs (Node, every mode) unless "sh" (bin/hook.sh, the ok and sleep modes). */
  program?: "node" | "sh";
  spawn?: string;
  required?: boolean;
  retire?: boolean;
  version?: string;
  extra?: string;
}

export function capability(name: string, spec: CapabilitySpec): ComponentSpec {
  const home = `.agents/capabilities/${name}`;
  const program = spec.program === "sh" ? "bin/hook.sh" : "bin/hook.mjs";
  const hooks: string[] = [];
  if (spec.retire !== false) hooks.push(`retire :: optional :: ${program} ${name} retire`);
  if (spec.spawn !== undefined)
    hooks.push(`spawn :: ${spec.required === false ? "optional" : "required"} :: ${spec.spawn}`);
  const block: CapabilityInstall = {
    id: `acme.${name}`,
    version: spec.version ?? "1.0.0",
    home,
    layer: "",
    environment: [`${name.toUpperCase()}_HOME`],
    hooks,
  };
  return {
    owned_dirs: [home],
    files: {
      [`${home}/capability.json`]: `{"capability": "acme.${name}", "version": "${block.version}"}\n`,
      [`${home}/${program}`]: spec.program === "sh" ? shellHookProgram : hookProgram,
      ...(spec.extra ? { [`${home}/notes.md`]: spec.extra } : {}),
    },
    ...(spec.program === "sh" ? { executables: [`${home}/${program}`] } : {}),
    name: `acme.${name}`,
    capability: block,
  };
}

/** The spawn hook command that succeeds and returns an environment and meta. */
export const okSpawn = (name: string): string => `bin/hook.mjs ${name} spawn ok`;

/**
 * A project and a bundle with two capability packages whose spawn hooks run inside the transaction (alpha's
 * required, beta's optional); HOOK_LOG is set for this process and its children when it is not yet.
 */
export function capabilityProject(program: CapabilitySpec["program"] = "node"): {
  project: string;
  bundle: string;
} {
  process.env.HOOK_LOG ??= join(testdir(), "hooks.log");
  const spawn = (name: string) => (program === "sh" ? `bin/hook.sh ${name} spawn` : okSpawn(name));
  const bundle = makeBundle({
    components: {
      base: { files: { "AGENTS.md": "# rules\n" } },
      "capability-alpha": capability("alpha", { program, spawn: spawn("alpha") }),
      "capability-beta": capability("beta", { program, spawn: spawn("beta"), required: false }),
    },
  });
  return { project: testdir({ "README.md": "mine\n" }), bundle };
}
