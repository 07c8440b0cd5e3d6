import type { Conflict, Found, KeyPath } from "./model.js";

/** A path as a person reads it: mcpServers.docs, mcp_servers."my server", hooks.PreToolUse[0]. */
export function pathText(path: KeyPath): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else {
      const key = /^[A-Za-z0-9_-]+$/.test(segment) ? segment : JSON.stringify(segment);
      text += text === "" ? key : `.${key}`;
    }
  }
  return text === "" ? "(the whole file)" : text;
}

type At = Extract<Found, { line: number }> | undefined;

function conflict(path: KeyPath, kind: Conflict["kind"], message: string, hint: string, at: At): Conflict {
  return at ? { path, kind, message, hint, line: at.line, column: at.column } : { path, kind, message, hint };
}

export function userModified(path: KeyPath, at: At): Conflict {
  return conflict(
    path,
    "user-modified",
    `${pathText(path)} was written by agentc and has been changed in this file since; your version stays and agentc does not update it`,
    "Delete the key to let agentc write its current value again, or drop it from the registry to keep your version for good.",
    at,
  );
}

export function userWritten(path: KeyPath, at: At): Conflict {
  return conflict(
    path,
    "user-written",
    `${pathText(path)} already exists and was not written by agentc; it stays as it is`,
    "Delete or rename your key so agentc can write its own, or drop the entry from the registry.",
    at,
  );
}

export function keptModified(path: KeyPath, at: At): Conflict {
  return conflict(
    path,
    "kept-modified",
    `agentc no longer ships ${pathText(path)}, but it was changed in this file, so it stays and is yours now`,
    "Delete it by hand if you no longer need it.",
    at,
  );
}

export function blocked(path: KeyPath, found: Extract<Found, { state: "blocked" }>): Conflict {
  return conflict(
    path,
    "blocked",
    `cannot place ${pathText(path)}: ${found.reason}`,
    "Change that value to the expected kind (or delete it) so agentc can add its entry.",
    found,
  );
}

export function unparseable(reason: string, line: number, column: number): Conflict {
  return {
    path: [],
    kind: "unparseable",
    message: `cannot compose into a file that does not parse: ${reason}`,
    hint: "Fix the syntax error; agentc left the file unchanged.",
    line,
    column,
  };
}

export function notEditable(path: KeyPath, reason: string): Conflict {
  return {
    path,
    kind: "not-editable",
    message: `cannot edit ${pathText(path)} in place: ${reason}`,
    hint: "Rewrite that part of the file in the plain form described in docs/compose.md; agentc left it unchanged.",
  };
}

export function invalidEntry(path: KeyPath, reason: string): Conflict {
  return {
    path,
    kind: "invalid-entry",
    message: `the entry for ${pathText(path)} cannot be composed: ${reason}`,
    hint: "This is a mistake in what agentc was asked to write; report it with the registry that produced it.",
  };
}

/** agentc lets go of a value it took over from the person, but its own value there is no longer as it wrote it. */
export function notGivenBack(path: KeyPath, original: string, found: Found): Conflict {
  const at = found.state === "missing" ? undefined : found;
  return conflict(
    path,
    "kept-modified",
    `agentc took ${pathText(path)} over from your value and no longer ships it, but it was ${found.state === "missing" ? "removed" : "changed"} in this file since, so agentc leaves it; your value from before was: ${original}`,
    "Put your value back by hand if you want it.",
    at,
  );
}
