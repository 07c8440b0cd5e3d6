import { main } from "../../src/cli/main.js";
import type { CliResult } from "./run-cli.js";

/**
 * Runs the CLI in this process, `main(argv, io)`: as on a terminal `columns` wide when given (what
 * process.stdout.columns says there), else as into a pipe. No colour.
 */
export async function runMain(argv: string[], options: { columns?: number } = {}): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await main(argv, {
    out: (text) => out.push(`${text}\n`),
    err: (text) => err.push(`${text}\n`),
    color: false,
    isTty: options.columns !== undefined,
    ...(options.columns !== undefined ? { columns: options.columns } : {}),
  });
  return { status, stdout: out.join(""), stderr: err.join("") };
}
