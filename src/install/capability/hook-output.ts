import { parseJson } from "../../shared/nesting-limit.js";

/**
 * What a hook's last non-empty stdout line says, when it is a JSON object: `env` (spawn only; declared names,
 * string values), `meta` (any JSON) and `warning` (a string). Other keys are ignored; a last line that is not
 * a JSON object is just output.
 */
export interface HookReply {
  env: Record<string, string>;
  meta?: unknown;
  warning?: string;
}

export type ReadReply = { ok: true; reply: HookReply } | { ok: false; problem: string };

export interface HookStdout {
  text: string;
  /** false when the start of the output was dropped (only its tail is kept) */
  whole: boolean;
}

export const maxEnvValueBytes = 8192;

export function readReply(stdout: HookStdout, event: string, environment: readonly string[]): ReadReply {
  const { line, first } = lastLine(stdout.text);
  if (!stdout.whole && first && line.endsWith("}"))
    return { ok: false, problem: "printed a last line longer than the 64 KiB of output that is kept" };
  const object = jsonObject(line);
  if (!object) return { ok: true, reply: { env: {} } };
  if ("warning" in object && typeof object.warning !== "string")
    return { ok: false, problem: "returned a warning that is not a string" };
  const env = readEnv(object, event, environment);
  if (typeof env === "string") return { ok: false, problem: env };
  const reply: HookReply = { env };
  if ("meta" in object) reply.meta = object.meta;
  if (typeof object.warning === "string") reply.warning = object.warning;
  return { ok: true, reply };
}

/** The last non-empty line, trimmed, and whether it is also the first line of the text. */
function lastLine(text: string): { line: string; first: boolean } {
  const lines = text.split("\n");
  for (let at = lines.length - 1; at >= 0; at -= 1) {
    const line = (lines[at] as string).trim();
    if (line !== "") return { line, first: at === 0 };
  }
  return { line: "", first: true };
}

function jsonObject(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith("{")) return undefined;
  try {
    const value: unknown = parseJson(line);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The env entries sorted by name, or the problem. */
function readEnv(
  object: Record<string, unknown>,
  event: string,
  environment: readonly string[],
): Record<string, string> | string {
  if (!("env" in object)) return {};
  if (event !== "spawn") return `returned env from ${event}; only a spawn hook may set environment variables`;
  const env = object.env;
  if (typeof env !== "object" || env === null || Array.isArray(env))
    return "returned env that is not an object of names and string values";
  const entries = Object.entries(env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of entries) {
    const problem = envProblem(name, value, environment);
    if (problem) return problem;
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

function envProblem(name: string, value: unknown, environment: readonly string[]): string | undefined {
  if (!environment.includes(name))
    return `returned env name ${name} that the capability does not declare in "environment"`;
  if (typeof value !== "string") return `returned env ${name} with a value that is not a string`;
  const bytes = Buffer.byteLength(value, "utf8");
  if (bytes > maxEnvValueBytes)
    return `returned env ${name} with a value of ${bytes} bytes, over the limit of ${maxEnvValueBytes}`;
  if (value.includes("\u0000")) return `returned env ${name} with a value holding a NUL character`;
  if (/[\r\n]/.test(value)) return `returned env ${name} with a value holding a newline`;
  return undefined;
}
