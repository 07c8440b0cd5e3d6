import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describeSession, mainRequest } from "./client-session.js";
import { occurrences } from "./expected-loads.js";
import type { SessionRecord } from "./session-runner.js";

/** The argument a command is started with in the conformance sessions. */
export const argumentMarker = "ARGMARKER";

/**
 * A command started as `/<name> ARGMARKER` reached the model: a line of its body (its arguments placeholder
 * filled with the marker) is in the main request, and the placeholder itself is not.
 */
export function assertCommandSent(
  record: SessionRecord,
  project: string,
  command: { path: string; client?: { name?: string } },
  placeholder: string,
): void {
  const text = readFileSync(join(project, command.path), "utf8");
  const body = text.slice(text.indexOf("\n---\n") + 5).replaceAll(placeholder, argumentMarker);
  const line = body.split("\n").find((l) => l.length > 20 && /^[A-Za-z]/.test(l)) ?? body.trim();
  const request = mainRequest(record);
  assert.ok(occurrences(request, line) >= 1, `/${command.client?.name}\n${describeSession(record)}`);
  assert.ok(!request.includes(placeholder), "arguments filled");
}
