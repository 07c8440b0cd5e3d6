#!/usr/bin/env node
// spawn: creates .team-notes/ in the project and hands its path to the agent as ACME_NOTES_DIR.
// retire: removes the folder when it is empty; notes written there are the team's and stay.
// list (the package's command, `agentc run team-notes list`): prints the notes, one per line.
import { mkdirSync, readdirSync, rmdirSync } from "node:fs";
import { join } from "node:path";

const project = process.env.AGENTC_PROJECT ?? process.env.OATS_ROOT;
if (!project) {
  console.error("notes-hook: AGENTC_PROJECT (or OATS_ROOT) is not set");
  process.exit(2);
}
const notes = join(project, ".team-notes");
const event = process.argv[2] ?? process.env.AGENTC_EVENT;

if (event === "spawn") {
  mkdirSync(notes, { recursive: true });
  console.log(JSON.stringify({ env: { ACME_NOTES_DIR: notes } }));
} else if (event === "retire") {
  let left = [];
  try {
    left = readdirSync(notes);
  } catch {
    process.exit(0);
  }
  if (left.length === 0) rmdirSync(notes);
  else console.log(JSON.stringify({ warning: `${notes} keeps ${left.length} note(s); remove it by hand` }));
} else if (event === "list") {
  let names = [];
  try {
    names = readdirSync(notes).sort();
  } catch {
    console.error(`notes-hook: ${notes} does not exist; install the package with its spawn hook first`);
    process.exit(1);
  }
  for (const name of names) console.log(name);
} else {
  console.error(`notes-hook: unknown event ${JSON.stringify(event)}; expected spawn, retire or list`);
  process.exit(2);
}
