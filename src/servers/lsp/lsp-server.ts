import { fileURLToPath } from "node:url";
import {
  type Connection,
  createConnection,
  type InitializeParams,
  type InitializeResult,
  TextDocumentSyncKind,
} from "vscode-languageserver/node";
import { packageVersion } from "../../shared/package-version.js";
import { checkFolder } from "../folder-check.js";
import { folderOf, isCheckedDocument } from "./checked-documents.js";
import { fileUri, lspDiagnostic } from "./lsp-diagnostic.js";

/**
 * `agentc lsp`: a language server on the given streams (stdio). Opening or saving an assistant file checks
 * its folder (a registry as `agentc check` does, any other project as `agentc lint` does) and publishes the
 * diagnostics of every file of the folder, clearing those of files that have none left (docs/lsp.md).
 * The library ends the process on the client's `exit` notification, or when the input closes.
 */
export function startLspServer(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Connection {
  const connection = createConnection(input, output);
  let workspaceFolders: string[] = [];
  /** Per checked folder, the URIs it last published diagnostics for, to clear them once they are fixed. */
  const published = new Map<string, Set<string>>();
  /** Checks run one after another, so what is published last is the newest state. */
  let queue: Promise<void> = Promise.resolve();

  connection.onInitialize((params): InitializeResult => {
    workspaceFolders = workspacePaths(params);
    return {
      capabilities: {
        textDocumentSync: {
          openClose: true,
          change: TextDocumentSyncKind.None,
          save: { includeText: false },
        },
      },
      serverInfo: { name: "agentc", version: packageVersion() },
    };
  });

  /** Publishes the folder's diagnostics; one that names no file is shown on the document that was opened or saved. */
  const publishFolder = async (root: string, document: string): Promise<void> => {
    const { diagnostics } = await checkFolder(root);
    const byUri = new Map<string, ReturnType<typeof lspDiagnostic>[]>();
    for (const d of diagnostics) {
      const uri = d.file === "" ? document : fileUri(root, d.file);
      byUri.set(uri, [...(byUri.get(uri) ?? []), lspDiagnostic(root, d)]);
    }
    for (const uri of published.get(root) ?? []) if (!byUri.has(uri)) byUri.set(uri, []);
    for (const [uri, list] of [...byUri].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      await connection.sendDiagnostics({ uri, diagnostics: list });
    published.set(root, new Set([...byUri].filter(([, list]) => list.length > 0).map(([uri]) => uri)));
  };

  const check = (uri: string): void => {
    const path = localPath(uri);
    if (path === undefined || !isCheckedDocument(path)) return;
    const root = folderOf(path, workspaceFolders);
    queue = queue.then(() =>
      publishFolder(root, uri).catch((error: unknown) =>
        connection.console.error(`agentc: checking ${root} failed: ${(error as Error)?.message ?? error}`),
      ),
    );
  };

  connection.onDidOpenTextDocument((params) => check(params.textDocument.uri));
  connection.onDidSaveTextDocument((params) => check(params.textDocument.uri));
  connection.listen();
  return connection;
}

function workspacePaths(params: InitializeParams): string[] {
  const uris =
    params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : []);
  return uris.map(localPath).filter((path): path is string => path !== undefined);
}

/** The path of a file: URI; undefined for any other scheme (an unsaved buffer, a remote file). */
function localPath(uri: string): string | undefined {
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
