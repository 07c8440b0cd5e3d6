import { watch } from "node:fs";
import { isAbsolute, relative, sep } from "node:path";
import { type CommandIo, exitCodes } from "./command.js";
import { commandMessage } from "./report/command-message.js";
import { stopSignal } from "./stop-signal.js";

export interface WatchedBuild {
  registryDir: string;
  outDir: string;
  /** builds once, printing what `agentc build` prints; its exit code */
  build(): Promise<number>;
  /** after a build that succeeded: keeps one project in step (--install); its exit code */
  install?: () => Promise<number>;
  io: CommandIo;
  /** --quiet: no lines of the watch's own */
  quiet: boolean;
}

/** How long the registry must be quiet before it is built again: an editor's save is several events. */
export const watchSettleMs = 200;

/** Folders below the registry whose changes are not the registry's: the build's own output, caches, VCS. */
const notSources = new Set([".git", "node_modules", ".agentc-cache"]);

/**
 * `agentc build --watch`: builds, then builds again each time a file below the registry changes (the
 * events of one save are one build), one build at a time; after each build that succeeded, installs into
 * the --install project. A broken edit prints its diagnostics as `agentc build` does and the watch goes on.
 * SIGINT or SIGTERM ends it once the build under way is done: exit 0.
 */
export async function watchBuild(watched: WatchedBuild): Promise<number> {
  const { registryDir } = watched;
  const say = (text: string): void => {
    if (!watched.quiet) watched.io.err(commandMessage("build --watch", { message: text }));
  };
  const stopped = stopSignal();
  const cycle = async (): Promise<void> => {
    const code = await watched.build();
    if (code === exitCodes.ok && watched.install) await watched.install();
  };
  let running = cycle();
  await running;
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const ignored = outsideSources(registryDir, watched.outDir);
  let watcher: ReturnType<typeof watch>;
  try {
    watcher = watch(registryDir, { recursive: true }, (_event, name) => {
      const path = name?.toString();
      if (path !== undefined && ignored(path)) return;
      changed.add(path ?? registryDir);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const names = [...changed].sort();
        changed.clear();
        running = running.then(() => {
          say(`${changedLine(names)} changed; building again`);
          return cycle();
        });
      }, watchSettleMs);
    });
  } catch (error) {
    stopped.cancel();
    watched.io.err(cannotWatch(registryDir, error));
    return exitCodes.inputErrors;
  }
  const failed = new Promise<Error>((resolve) => watcher.on("error", resolve));
  say(`watching ${registryDir} for changes; Ctrl-C stops`);
  const end = await Promise.race([stopped.promise, failed]);
  stopped.cancel();
  watcher.close();
  clearTimeout(timer);
  await running;
  if (end instanceof Error) {
    watched.io.err(cannotWatch(registryDir, end));
    return exitCodes.inputErrors;
  }
  say("stopped");
  return exitCodes.ok;
}

function cannotWatch(registryDir: string, error: unknown): string {
  return commandMessage("build --watch", {
    message: `cannot watch ${registryDir}: ${(error as Error).message}`,
    hint: "give a registry folder that exists, on a file system that reports changes (a local disk)",
  });
}

/** Whether a path the watch reports (relative to the registry) is the build's output or a cache, not a source. */
function outsideSources(registryDir: string, outDir: string): (path: string) => boolean {
  const out = relative(registryDir, outDir);
  const outInside = out !== "" && !out.startsWith("..") && !isAbsolute(out);
  return (path) => {
    const [first] = path.split(sep);
    if (first !== undefined && notSources.has(first)) return true;
    return outInside && (path === out || path.startsWith(`${out}${sep}`));
  };
}

/** "sources/team/docs.md", "a, b and 3 more". */
function changedLine(names: readonly string[]): string {
  if (names.length <= 3) return names.join(", ");
  return `${names.slice(0, 2).join(", ")} and ${names.length - 2} more`;
}
