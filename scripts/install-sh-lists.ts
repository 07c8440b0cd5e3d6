import { readFileSync, writeFileSync } from "node:fs";
import { composableFiles } from "../src/install/bundle/composable-files.js";
import { takeoverPlaceLists } from "../src/install/bundle/takeover-places.js";
import { installScriptPath } from "../src/serve/install-script.js";

/**
 * Build step (npm "postbuild", after check-package-data): install.sh cannot read agentc's data, so it carries
 * copies of the lists agentc derives from its built-in adapters and client packs (the files a bundle may
 * compose into, and where an adopted file may be taken over). This writes them between their markers in
 * assets/install.sh, so a new adapter or client pack is data only; test/serve/install-sh-trust.test.ts
 * fails when the committed copy differs.
 */

const shellList = (name: string, items: readonly string[]): string => {
  const bad = items.find((item) => /[\s']/.test(item));
  if (bad !== undefined) throw new Error(`install-sh-lists: ${JSON.stringify(bad)} cannot go into ${name}`);
  return `${name}='${items.join(" ")}'`;
};

function composableBlock(): string[] {
  const { instructions, settings, settingsPlaces } = composableFiles();
  return [
    shellList("AGENTC_INSTRUCTION_FILES", [...instructions]),
    shellList("AGENTC_SETTINGS_FILES", [...settings]),
    "# The other places a client reads a settings file from (its pack's also_reads.settings_files), as",
    '# "<file>=<place>,<place>": where the file is missing and exactly one of its places is there, agentc install',
    "# composes into that one, which this installer leaves to it.",
    shellList(
      "AGENTC_SETTINGS_PLACES",
      [...settingsPlaces].map(([file, places]) => `${file}=${places.join(",")}`),
    ),
  ];
}

function takeoverBlock(): string[] {
  const { files, dirs } = takeoverPlaceLists();
  return [shellList("AGENTC_TAKEOVER_FILES", files), shellList("AGENTC_TAKEOVER_DIRS", dirs)];
}

/** `script` with the lines between `# agentc-<name>-begin` and `# agentc-<name>-end` replaced. */
function between(script: string, name: string, lines: readonly string[]): string {
  const begin = `# agentc-${name}-begin\n`;
  const end = `# agentc-${name}-end\n`;
  const from = script.indexOf(begin);
  const to = script.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`install-sh-lists: assets/install.sh lacks its ${name} markers`);
  return `${script.slice(0, from + begin.length)}${lines.join("\n")}\n${script.slice(to)}`;
}

/** install.sh's text with its lists as agentc's data gives them now. */
export function withCurrentLists(script: string): string {
  return between(between(script, "composable", composableBlock()), "takeover", takeoverBlock());
}

function main(): void {
  const script = readFileSync(installScriptPath, "utf8");
  const current = withCurrentLists(script);
  if (current === script) return;
  writeFileSync(installScriptPath, current);
  process.stdout.write(
    "install-sh-lists: wrote the lists of the built-in adapters and client packs into assets/install.sh\n",
  );
}

if (process.argv[1]?.endsWith("install-sh-lists.js")) main();
