import type { IncomingMessage, ServerResponse } from "node:http";

/** The model APIs the pinned CLIs talk to, each answered by a stand-in on loopback. */
export type ApiKind = "anthropic" | "openai-chat" | "openai-responses" | "gemini" | "augment";

/** One tool call the stand-in asks for on the first main request (a request that offers the tool). */
export interface ToolCall {
  name: string;
  input: Record<string, unknown>;
}

export interface RecordedRequest {
  url: string;
  body: string;
}

type Answer = (req: IncomingMessage, body: string, res: ServerResponse, tool?: ToolCall) => void;

function json(res: ServerResponse, value: unknown): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

function events(res: ServerResponse, items: [string | undefined, unknown][]): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const [name, data] of items)
    res.write(`${name ? `event: ${name}\n` : ""}data: ${JSON.stringify(data)}\n\n`);
  res.end();
}

function parsed(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** True when the request offers the tool and no result of a call has come back yet. */
function wantsCall(body: string, tool: ToolCall | undefined, offered: boolean): tool is ToolCall {
  return (
    tool !== undefined &&
    offered &&
    !/tool_result|function_call_output|"functionResponse"|"role":"tool"/.test(body)
  );
}

const anthropic: Answer = (req, body, res, tool) => {
  if (!req.url?.startsWith("/v1/messages")) return json(res, {});
  if (req.url.includes("count_tokens")) return json(res, { input_tokens: 1 });
  const request = parsed(body) as { tools?: { name: string }[] };
  const call = wantsCall(
    body,
    tool,
    (request.tools ?? []).some((t) => t.name === tool?.name),
  );
  const usage = { input_tokens: 1, output_tokens: 1 };
  const message = {
    id: "msg_loopback",
    type: "message",
    role: "assistant",
    model: "claude-sonnet-4-5",
    content: [],
    stop_reason: null,
    usage,
  };
  const block = call
    ? { type: "tool_use", id: "toolu_loopback", name: tool.name, input: {} }
    : { type: "text", text: "" };
  const delta = call
    ? { type: "input_json_delta", partial_json: JSON.stringify(tool.input) }
    : { type: "text_delta", text: "OK" };
  const stop = call ? "tool_use" : "end_turn";
  events(res, [
    ["message_start", { type: "message_start", message }],
    ["content_block_start", { type: "content_block_start", index: 0, content_block: block }],
    ["content_block_delta", { type: "content_block_delta", index: 0, delta }],
    ["content_block_stop", { type: "content_block_stop", index: 0 }],
    ["message_delta", { type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage }],
    ["message_stop", { type: "message_stop" }],
  ]);
};

const openaiChat: Answer = (req, body, res, tool) => {
  if (req.url?.includes("/models"))
    return json(res, { object: "list", data: [{ id: "gpt-test", object: "model" }] });
  const request = parsed(body) as { stream?: boolean; tools?: { function?: { name?: string } }[] };
  if (
    wantsCall(
      body,
      tool,
      (request.tools ?? []).some((t) => t.function?.name === tool?.name),
    )
  )
    return openaiChatCall(res, tool, request.stream === true);
  const chunk = (delta: object, finish: string | null) => ({
    id: "c1",
    object: "chat.completion.chunk",
    created: 1,
    model: "gpt-test",
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  if (parsed(body).stream !== true)
    return json(res, {
      id: "c1",
      object: "chat.completion",
      created: 1,
      model: "gpt-test",
      choices: [{ index: 0, message: { role: "assistant", content: "OK" }, finish_reason: "stop" }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.write(`data: ${JSON.stringify(chunk({ role: "assistant", content: "OK" }, null))}\n\n`);
  res.write(
    `data: ${JSON.stringify({ ...chunk({}, "stop"), usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`,
  );
  res.end("data: [DONE]\n\n");
};

/** An OpenAI chat answer that asks for one tool call, streamed or whole. */
function openaiChatCall(res: ServerResponse, tool: ToolCall, stream: boolean): void {
  const call = {
    id: "call_loopback",
    type: "function",
    function: { name: tool.name, arguments: JSON.stringify(tool.input) },
  };
  const base = { id: "c1", created: 1, model: "gpt-test" };
  if (!stream) {
    json(res, {
      ...base,
      object: "chat.completion",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: null, tool_calls: [call] },
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
    return;
  }
  const chunk = (delta: object, finish: string | null) => ({
    ...base,
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.write(
    `data: ${JSON.stringify(chunk({ role: "assistant", tool_calls: [{ index: 0, ...call }] }, null))}\n\n`,
  );
  res.write(`data: ${JSON.stringify(chunk({}, "tool_calls"))}\n\n`);
  res.end("data: [DONE]\n\n");
}

const openaiResponses: Answer = (req, body, res, tool) => {
  if (!req.url?.includes("/responses")) return json(res, { object: "list", data: [] });
  const request = parsed(body) as { tools?: { name?: string }[] };
  const call = wantsCall(
    body,
    tool,
    (request.tools ?? []).some((t) => t.name === tool?.name),
  );
  const item = call
    ? {
        type: "function_call",
        id: "fc_loopback",
        call_id: "call_loopback",
        name: tool.name,
        arguments: JSON.stringify(tool.input),
      }
    : {
        type: "message",
        role: "assistant",
        id: "msg_loopback",
        content: [{ type: "output_text", text: "OK" }],
      };
  const usage = {
    input_tokens: 1,
    input_tokens_details: null,
    output_tokens: 1,
    output_tokens_details: null,
    total_tokens: 2,
  };
  events(res, [
    ["response.created", { type: "response.created", response: { id: "resp_loopback" } }],
    ["response.output_item.done", { type: "response.output_item.done", item }],
    ["response.completed", { type: "response.completed", response: { id: "resp_loopback", usage } }],
  ]);
};

const gemini: Answer = (req, body, res, tool) => {
  const request = parsed(body) as { tools?: { functionDeclarations?: { name: string }[] }[] };
  const offered = (request.tools ?? []).some((t) =>
    (t.functionDeclarations ?? []).some((f) => f.name === tool?.name),
  );
  const part = wantsCall(body, tool, offered)
    ? { functionCall: { name: tool.name, args: tool.input } }
    : { text: "OK" };
  const reply = {
    candidates: [{ content: { parts: [part], role: "model" }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
  };
  if (req.url?.includes(":countTokens")) return json(res, { totalTokens: 1 });
  if (req.url?.includes("streamGenerateContent")) return events(res, [[undefined, reply]]);
  if (req.url?.includes(":generateContent")) return json(res, reply);
  res.writeHead(404);
  res.end("{}");
};

/**
 * Augment's own API (Auggie talks to no model vendor; AUGMENT_SESSION_AUTH's tenantURL names this
 * stand-in). get-models turns on the features an Augment account may have: sub-agents and hooks.
 * chat-stream answers with one JSON line: a tool-use node (type 5, stop reason 3) or text.
 */
const augment: Answer = (req, body, res, tool) => {
  if (req.url?.endsWith("/get-models"))
    return json(res, {
      default_model: "loopback",
      models: [{ name: "loopback", suggested_prefix_char_count: 0, suggested_suffix_char_count: 0 }],
      feature_flags: { beachhead_enable_sub_agent_tool: true, enable_hooks: true },
    });
  if (req.url?.endsWith("/agents/list-remote-tools")) return json(res, { tools: [] });
  // Every blob of the workspace known: an empty answer is an error Auggie retries three times, 3 s apart.
  if (req.url?.endsWith("/find-missing"))
    return json(res, { unknown_memory_names: [], nonindexed_blob_names: [] });
  if (!req.url?.endsWith("/chat-stream")) return json(res, {});
  const request = parsed(body) as { tool_definitions?: { name: string }[] };
  const offered = (request.tool_definitions ?? []).some((t) => t.name === tool?.name);
  const reply = wantsCall(body, tool, offered)
    ? {
        text: "",
        nodes: [
          {
            id: 1,
            type: 5,
            content: "",
            tool_use: {
              tool_use_id: "call_loopback",
              tool_name: tool.name,
              input_json: JSON.stringify(tool.input),
            },
          },
        ],
        stop_reason: 3,
      }
    : { text: "OK", nodes: [{ id: 1, type: 0, content: "OK" }], stop_reason: 1 };
  res.writeHead(200, { "content-type": "application/json" });
  res.end(`${JSON.stringify(reply)}\n`);
};

export const modelApis: Record<ApiKind, Answer> = {
  anthropic,
  "openai-chat": openaiChat,
  "openai-responses": openaiResponses,
  gemini,
  augment,
};
