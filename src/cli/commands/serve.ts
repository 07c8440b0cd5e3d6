import { isLoopbackHost } from "../../install/index.js";
import { startServe } from "../../serve/http-server.js";
import { fitsInstallScript, installScriptFor } from "../../serve/install-script.js";
import type { FolderChange } from "../../serve/served-folder.js";
import { capturedLine } from "../../serve/served-payloads.js";
import type { ServedVersion } from "../../serve/served-version.js";
import { AgentcError } from "../../shared/agentc-error.js";
import { type Command, type CommandIo, exitCodes, type ParsedArgs, UsageError } from "../command.js";
import { serveHelp } from "../help/serve.js";
import { commandMessage } from "../report/command-message.js";
import { stopSignal } from "../stop-signal.js";

export const serveCommand: Command = {
  name: "serve",
  summary: "serve builds or bundles over HTTP: tree, manifest, bundle, install.sh, index, registry page",
  formats: ["pretty", "json"],
  help: serveHelp,
  maxPositionals: 1,
  async run(args, io) {
    const path = args.positionals[0];
    if (!path)
      throw new UsageError("give what to serve: a build folder, a bundle .zip or a folder of versions");
    const host = typeof args.values.host === "string" ? args.values.host : "127.0.0.1";
    const warn = (text: string): void => io.err(commandMessage("serve", { kind: "warning", message: text }));
    // listening for the signals before the URL is printed: without a listener, a signal kills at once
    const stopped = stopSignal();
    try {
      const running = await startServe({
        path,
        installScript: installScriptFor,
        host,
        port: portOf(args),
        ...publicUrlOf(args),
        idleTimeoutMs: secondsOf(args, "timeout", 30) * 1000,
        warn,
        changed: (versions, change) => {
          if (args.values.quiet !== true) reportChange(versions, change, io);
        },
      });
      io.out(running.url);
      report(running, args, io, host);
      await stopped.promise;
      await running.close();
      if (args.values.quiet !== true) io.err(commandMessage("serve", { message: "stopped" }));
      return exitCodes.ok;
    } catch (error) {
      stopped.cancel();
      if (!(error instanceof AgentcError)) throw error;
      io.err(commandMessage("serve", error));
      return exitCodes.inputErrors;
    }
  },
};

function report(
  running: Awaited<ReturnType<typeof startServe>>,
  args: ParsedArgs,
  io: CommandIo,
  host: string,
): void {
  const versions = running.versions.map((v) => ({
    version: v.version,
    origin: v.origin,
    sha256: v.bundle.sha256,
    ...(v.signature ? { signer: v.signature.fingerprint } : {}),
    ...(v.captured.length > 0 ? { captured_payloads: v.captured } : {}),
  }));
  if (args.values.format === "json") {
    io.out(JSON.stringify({ url: running.url, versions }));
    return;
  }
  if (args.values.quiet === true) return;
  for (const v of running.versions)
    for (const captured of v.captured) io.err(`${v.origin}: ${capturedLine(captured)}`);
  for (const [n, v] of versions.entries())
    io.err(
      `serving ${v.origin} as version ${v.version}${n === 0 ? " (latest)" : ""}, bundle sha256 ${v.sha256}${v.signer ? `, signed by ${v.signer}` : ""}`,
    );
  if (args.values.port === "0")
    io.err(
      commandMessage("serve", {
        kind: "note",
        message:
          "--port 0 chose this port for this run only; projects that install from it record this URL, and their 'agentc update' fails once the server restarts elsewhere — give a fixed --port for a server projects update from",
      }),
    );
  if (!isLoopbackHost(host))
    io.err(
      commandMessage("serve", {
        kind: "warning",
        message:
          "this is plain http; 'agentc install' accepts http only from this machine — put an https proxy or CDN in front and pass --public-url",
      }),
    );
  io.err("press Ctrl-C to stop");
}

/** "now serving 1.2.0 (latest) from releases/1.2.0.zip, bundle sha256 …" for each version the folder gained. */
function reportChange(versions: readonly ServedVersion[], change: FolderChange, io: CommandIo): void {
  for (const v of change.added)
    io.err(
      `now serving ${v.origin} as version ${v.version}${v === versions[0] ? " (latest)" : ""}, bundle sha256 ${v.bundle.sha256}`,
    );
  for (const version of change.removed) io.err(`no longer serving version ${version}: it left the folder`);
}

/** The port when none is given: fixed, so that the URLs projects record survive a restart. */
const defaultPort = 8080;

function portOf(args: ParsedArgs): number {
  const text = args.values.port;
  if (text === undefined) return defaultPort;
  const port = Number(text);
  if (typeof text !== "string" || !/^\d+$/.test(text) || port > 65535)
    throw new UsageError(`--port ${String(text)} is not a port number (0 to 65535; 0 picks a free one)`);
  return port;
}

function secondsOf(args: ParsedArgs, name: string, fallback: number): number {
  const text = args.values[name];
  if (text === undefined) return fallback;
  const value = Number(text);
  if (typeof text !== "string" || !Number.isFinite(value) || value <= 0 || value > 3600)
    throw new UsageError(`--${name} ${String(text)} is not a number of seconds (above 0, at most 3600)`);
  return value;
}

function publicUrlOf(args: ParsedArgs): { publicUrl?: string } {
  const text = args.values["public-url"];
  if (typeof text !== "string") return {};
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--public-url ${text} is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new UsageError(`--public-url ${text} is not an http(s) address`);
  if (url.search || url.hash || url.username || url.password)
    throw new UsageError(`--public-url ${text} must not carry a query, fragment or credentials`);
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  if (!fitsInstallScript(url.toString()))
    throw new UsageError(
      `--public-url ${text} holds characters install.sh cannot carry; percent-encode them`,
    );
  return { publicUrl: url.toString() };
}
