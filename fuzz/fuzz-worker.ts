import { parentPort } from "node:worker_threads";
import { main } from "../src/cli/main.js";

/** Runs CLI invocations in-process for the fuzzer: one message in ({id, args}), one out ({id, code, out, err}). */
parentPort?.on("message", async ({ id, args }: { id: number; args: string[] }) => {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t), color: false, isTty: false };
  let code: number;
  try {
    code = await main(args, io);
  } catch (error) {
    code = -1;
    err.push(`thrown: ${(error as Error).stack ?? String(error)}`);
  }
  parentPort?.postMessage({ id, code, out: out.join("\n"), err: err.join("\n") });
});
