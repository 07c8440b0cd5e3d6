import { type ChildProcess, spawn } from "node:child_process";
import { after } from "node:test";
import { pathToFileURL } from "node:url";
import {
  createProtocolConnection,
  DidOpenTextDocumentNotification,
  DidSaveTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  type InitializeResult,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  type PublishDiagnosticsParams,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver/node";
import { binPath } from "../support/run-cli.js";

const running = new Set<ChildProcess>();
after(() => {
  for (const child of running) child.kill();
});

/**
 * A language client over stdio, speaking JSON-RPC with vscode-jsonrpc's Node streams to a spawned
 * `node bin/agentc.js lsp --stdio`: what an editor does, without the editor.
 */
export class LspClient {
  readonly child: ChildProcess;
  readonly connection: ProtocolConnection;
  readonly published: PublishDiagnosticsParams[] = [];
  stderr = "";
  private waiters: (() => void)[] = [];
  readonly exited: Promise<number | null>;

  constructor(cwd: string) {
    this.child = spawn(process.execPath, [binPath, "lsp", "--stdio"], {
      cwd,
      stdio: ["pipe", "pipe", "pipe"],
    });
    running.add(this.child);
    this.child.stderr?.on("data", (chunk: Buffer) => {
      this.stderr += chunk.toString("utf8");
    });
    this.exited = new Promise((resolve) =>
      this.child.on("exit", (code) => {
        running.delete(this.child);
        for (const wake of this.waiters.splice(0)) wake();
        resolve(code);
      }),
    );
    if (!this.child.stdout || !this.child.stdin) throw new Error("no stdio pipes");
    this.connection = createProtocolConnection(
      new StreamMessageReader(this.child.stdout),
      new StreamMessageWriter(this.child.stdin),
    );
    this.connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      this.published.push(params);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.connection.listen();
  }

  async initialize(root: string): Promise<InitializeResult> {
    const uri = pathToFileURL(root).href;
    const result = await this.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: uri,
      workspaceFolders: [{ uri, name: "project" }],
      capabilities: {},
    });
    await this.connection.sendNotification(InitializedNotification.type, {});
    return result;
  }

  async open(path: string, text: string, languageId = "markdown"): Promise<void> {
    const textDocument = { uri: pathToFileURL(path).href, languageId, version: 1, text };
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument });
  }

  async save(path: string): Promise<void> {
    await this.connection.sendNotification(DidSaveTextDocumentNotification.type, {
      textDocument: { uri: pathToFileURL(path).href },
    });
  }

  /** The first diagnostics published for `path` after the `seen`-th notification that `accept` takes. */
  async diagnosticsFor(
    path: string,
    seen: number,
    accept: (params: PublishDiagnosticsParams) => boolean,
  ): Promise<PublishDiagnosticsParams> {
    const uri = pathToFileURL(path).href;
    for (;;) {
      const found = this.published.slice(seen).find((params) => params.uri === uri && accept(params));
      if (found) return found;
      if (this.child.exitCode !== null)
        throw new Error(`agentc lsp exited (${this.child.exitCode}): ${this.stderr}`);
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
  }

  async exitWithoutShutdown(): Promise<void> {
    await this.connection.sendNotification(ExitNotification.type);
  }

  /** shutdown, then exit: the exit code of the server. */
  async stop(): Promise<number | null> {
    await this.connection.sendRequest(ShutdownRequest.type);
    await this.connection.sendNotification(ExitNotification.type);
    const code = await this.exited;
    this.connection.dispose();
    return code;
  }
}
