import { payloadTools } from "../packaging/payload-capture.js";
import { AgentcError } from "../shared/agentc-error.js";

/** A tool whose payload folders the server captured at start (seed 000's image build), and how many files. */
export interface CapturedPayload {
  tool: string;
  folders: string[];
  files: number;
}

/**
 * Seed 000: the image build of the web service runs each payload tool's first install command once and packs
 * its folders. A build folder is packed so at start (the capture); a zip is served as it is, so one that
 * declares payload folders and carries none is refused, with the command that packs them.
 */
export function servedPayloads(
  origin: string,
  manifest: Record<string, unknown>,
  payloadFiles: ReadonlySet<string>,
  fromFolder: boolean,
): CapturedPayload[] {
  const tools = payloadTools({ install: payloadLines(manifest) });
  if (tools.length === 0) return [];
  if (!fromFolder && payloadFiles.size === 0) {
    const [first] = tools;
    const folders = tools.flatMap((t) => t.folders).join(", ");
    throw new AgentcError(
      "serve",
      `${origin} does not carry the payload folder${tools.length > 1 || (first?.folders.length ?? 0) > 1 ? "s" : ""} ${folders} of tool ${tools.map((t) => t.name).join(", ")}: it was packed without --payloads, and every install from this server would go without them`,
      `pack the build with 'agentc pack <build-folder> --payloads --out ${origin}' and serve that zip, or serve the build folder itself (serve then runs each payload tool's first install command once, at start)`,
    );
  }
  if (!fromFolder) return [];
  return tools.map((t) => ({
    tool: t.name,
    folders: t.folders,
    files: [...payloadFiles].filter((path) => t.folders.some((folder) => path.startsWith(`${folder}/`)))
      .length,
  }));
}

/** The manifest's tools and tool_payloads lines, as lists whatever the manifest holds. */
function payloadLines(manifest: Record<string, unknown>): { tools: string[]; tool_payloads: string[] } {
  const install = (manifest.install ?? {}) as Record<string, unknown>;
  const lines = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  return { tools: lines(install.tools), tool_payloads: lines(install.tool_payloads) };
}

/** "ran the first install command of tool kit once and packed its payload folder .kit (3 files)" */
export function capturedLine(captured: CapturedPayload): string {
  const folders = `payload folder${captured.folders.length > 1 ? "s" : ""} ${captured.folders.join(", ")}`;
  return `ran the first install command of tool ${captured.tool} once and packed its ${folders} (${captured.files} file${captured.files === 1 ? "" : "s"})`;
}
