import type { ClientRequest } from "node:http";
import { AgentcError } from "../../shared/agentc-error.js";

const slowHint =
  "check the network and the address, or raise the limit if the bundle is genuinely slow to fetch";

/**
 * Bounds a download in time: an overall deadline across redirects, and a stall limit (no bytes for
 * stallMs). When either passes it destroys the current request with the reason.
 */
export class DownloadWatchdog {
  reason: AgentcError | undefined;
  private request: ClientRequest | undefined;
  private stall: NodeJS.Timeout | undefined;
  private readonly overall: NodeJS.Timeout;

  constructor(
    private readonly label: string,
    timeoutMs: number,
    private readonly stallMs: number,
  ) {
    this.overall = setTimeout(() => this.fail(`did not finish within ${seconds(timeoutMs)}`), timeoutMs);
  }

  watch(request: ClientRequest): void {
    this.request = request;
    this.touch();
  }

  /** Bytes arrived: restart the stall clock. */
  touch(): void {
    clearTimeout(this.stall);
    this.stall = setTimeout(() => this.fail(`stalled: no bytes for ${seconds(this.stallMs)}`), this.stallMs);
  }

  stop(): void {
    clearTimeout(this.overall);
    clearTimeout(this.stall);
  }

  private fail(problem: string): void {
    this.reason ??= new AgentcError("bundle", `download of ${this.label} ${problem}`, slowHint);
    this.stop();
    this.request?.destroy(this.reason);
  }
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}
