import { join } from "node:path";
import { clientSandbox } from "../clients-cli.js";
import { clientSession } from "./client-session.js";
import type { ToolCall } from "./model-apis.js";

/**
 * The sandbox's ~/.factory/settings.json: one bring-your-own-key model on the stand-in Messages API
 * (docs.factory.ai/cli/byok). With a custom model Droid needs no Factory login (measured with 0.225.2).
 */
const userSettings = JSON.stringify({
  customModels: [
    {
      model: "claude-sonnet-4-5",
      displayName: "Loopback",
      baseUrl: "{base}",
      apiKey: "loopback",
      provider: "anthropic",
      maxOutputTokens: 1024,
    },
  ],
});

/** Droid names a custom model `custom:<displayName>-<index>`. */
const model = "custom:Loopback-0";

/**
 * `droid exec -m <custom model> <prompt>` in the project against a stand-in Anthropic API; `flags` go
 * before the prompt (`--auto high`).
 */
export function droidSession(
  program: string[],
  project: string,
  prompt: string,
  options: { tool?: ToolCall; flags?: string[] } = {},
) {
  const sandbox = clientSandbox();
  return clientSession({
    api: "anthropic",
    cwd: project,
    // Airgap mode skips Factory-bound work (update checks, session sync, telemetry) "rather than left to
    // time out" (docs.factory.ai/enterprise/airgapped-deployment, read 2026-12-06): without it each exec
    // waits 5 s after its last answer (measured with 0.225.2). It offers the custom models only.
    env: { ...(sandbox.env as Record<string, string>), FACTORY_AIRGAP_ENABLED: "true" },
    files: { [join(sandbox.home, ".factory", "settings.json")]: userSettings },
    steps: [{ program, args: ["exec", "-m", model, ...(options.flags ?? []), prompt] }],
    ...(options.tool ? { tool: options.tool } : {}),
    timeoutMs: 120_000,
  });
}
