import assert from "node:assert/strict";
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { packageRoot } from "../../src/shared/package-paths.js";
import { treeHash } from "../support/project-tree-hash.js";
import { runAgentc } from "../support/run-cli.js";
import { testdir } from "../support/testdir.js";

/**
 * Issue 29, part 1, after the first day: the person edits a rule of the imported registry and installs again.
 * The file install took over is updated in place (no .agentc-new, no --take-new), the edit reaches the
 * project, status shows no drift, and uninstall still gives back the project as it was before agentc.
 */
const corpus = join(packageRoot, "test", "fixtures", "adoption");
const edit = "- A line the registry's owner added after the import.";

/**
 * The registry file of an item import read from a folder of its client (a rule, command, skill or agent file
 * that native.json ties to a project file below a folder, else to any project file), else an always-on
 * section of sources/.
 */
function itemToEdit(registry: string): string | undefined {
  const index = JSON.parse(readFileSync(join(registry, "native.json"), "utf8")) as {
    files: { path: string; from: string[] }[];
  };
  const item = (f: { path: string; from: string[] }) => f.from.some((p) => p.endsWith(".md"));
  const chosen = index.files.find((f) => f.path.includes("/") && item(f)) ?? index.files.find(item);
  const from = chosen?.from.find((p) => p.endsWith(".md"));
  if (from) return join(registry, from);
  const names = existsSync(join(registry, "sources/imported"))
    ? readdirSync(join(registry, "sources/imported")).sort()
    : [];
  const name = names.find((n) => n.endsWith(".md"));
  return name ? join(registry, "sources/imported", name) : undefined;
}

function treeFiles(tree: Record<string, string>): string[] {
  return Object.keys(tree).filter((path) => !path.startsWith(".agentc"));
}

describe("edit the imported registry, build, install again: taken-over files are updated in place (issue 29)", () => {
  for (const name of readdirSync(corpus).sort())
    test(name, async () => {
      const project = join(testdir({}, "agentc-adopt-"), "project");
      cpSync(join(corpus, name), project, { recursive: true, verbatimSymlinks: true });
      const original = treeHash(project);
      const work = testdir({}, "agentc-adopt-out-");
      const [registry, build, rebuilt] = ["registry", "build", "rebuilt"].map((d) => join(work, d)) as [
        string,
        string,
        string,
      ];
      const run = async (args: string[]) => {
        const r = await runAgentc(args);
        assert.equal(r.status, 0, `${args.join(" ")}:\n${r.stdout}${r.stderr}`);
        return r;
      };
      await run(["import", project, "--out", registry]);
      await run(["build", registry, "--out", build]);
      await run(["install", build, "--project", project, "--yes"]);
      const file = itemToEdit(registry);
      assert.ok(file, "the imported registry has an item or a section to edit");
      appendFileSync(file, `\n${edit}\n`);
      await run(["build", registry, "--out", rebuilt]);
      const again = await run(["install", rebuilt, "--project", project, "--yes"]);
      const installed = treeHash(project);
      const parked = treeFiles(installed).filter((path) => path.endsWith(".agentc-new"));
      assert.deepEqual(parked, [], again.stdout);
      const landed = treeFiles(installed).filter(
        (path) =>
          installed[path]?.startsWith("file") && readFileSync(join(project, path), "utf8").includes(edit),
      );
      assert.ok(landed.length > 0, `the edit reaches a file of the project:\n${again.stdout}`);
      const added = treeFiles(installed).filter((path) => !(path in original));
      assert.deepEqual(added, [], "the edited item is written where the person had it, not beside it");
      await run(["status", "--project", project, "--check"]);
      await run(["uninstall", "--project", project, "--yes"]);
      assert.deepEqual(treeHash(project), original, "uninstall gives back every byte, mode and link");
    });
});
