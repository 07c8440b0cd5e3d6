#!/usr/bin/env node
// agentc-guard: a fail-closed secret-protection hook for coding assistants.
//
// Reads one hook payload (JSON) on stdin, finds every path, shell command and piece of content the
// tool call would touch, and blocks (exit 2, one-line reason on stderr) when any of them is a
// secret. Every error and timeout also exits 2, and so does a payload it cannot read when it is
// called with --fail-closed (without it, such a payload goes through, as seed 001 says). Exit 0 (no
// output) lets the call through and leaves the client's own approval flow unchanged. See docs/guard.md.
//
// This file is one self-contained program on purpose: it is copied into projects as an owned asset,
// so it imports only node: built-ins and has no sibling modules.

import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { homedir, hostname, userInfo } from "node:os";
import { basename, dirname, isAbsolute, join, parse, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

// ─── Limits and test hooks ──────────────────────────────────────────────────────────────────────

export const MAX_STDIN_BYTES = 4 * 1024 * 1024;
/** The guard decides within this many ms of its process start, or blocks. */
export const TIMEOUT_MS = 5000;
const MAX_CHECKED_FILE_BYTES = 1024 * 1024;
/** Longer paths cannot be opened (PATH_MAX); they are matched as written, without realpath. */
const MAX_RESOLVED_PATH = 4096;
/** Test hook: AGENTC_GUARD_TEST_CRASH=1 makes the scanner throw, to prove a crash blocks. */
const CRASH_ENV = "AGENTC_GUARD_TEST_CRASH";
/** Test hook: AGENTC_GUARD_TIMEOUT_MS may only shorten the timeout, never lengthen it. */
const TIMEOUT_ENV = "AGENTC_GUARD_TIMEOUT_MS";

/**
 * Every bound of one decision. Each is counted as the scan goes; past any of them, or past the
 * deadline, the guard blocks and names the bound. Together they keep a decision far inside
 * TIMEOUT_MS on any input (bench/guard-bench measures the worst cases).
 */
export const LIMITS = Object.freeze({
  /** Nesting of JSON values in the payload. */
  jsonDepth: 64,
  /** JSON values in the tool input. */
  jsonNodes: 100_000,
  /** Shell words, glob pieces and path candidates judged. */
  tokens: 50_000,
  /** Results of brace, sequence and glob expansion, and directory entries a glob visits. */
  expansions: 50_000,
  /** Results of expanding one word's braces. */
  wordExpansions: 4096,
  /** Characters produced by expansion and variable substitution. */
  producedChars: 8 * 1024 * 1024,
  /** Nested substitutions, sh -c / eval / piped scripts, and brace groups inside each other. */
  depth: 16,
  /** realpath, stat, readdir and read calls. */
  fsCalls: 20_000,
});

const BOUND_NAMES = {
  jsonNodes: "JSON values",
  tokens: "shell words and path candidates",
  expansions: "brace, sequence and glob expansions",
  producedChars: "characters of expanded text",
  fsCalls: "file-system look-ups",
};

class GuardError extends Error {}
/** A payload the guard cannot read (not JSON, too large, no known shape): blocks only with --fail-closed. */
class UnreadableInput extends GuardError {}
/** Text that does not lex as a shell command; blocks, except where the text may be another language. */
class ShellSyntaxError extends GuardError {}
/** Nesting past LIMITS.depth: blocks, except in text that is only maybe a program. */
class DepthError extends GuardError {}

/** The counters of the decision under way; decide() starts a new one. */
let budget = newBudget(TIMEOUT_MS, TIMEOUT_MS);

function newBudget(deadline, limitMs) {
  const counts = { jsonNodes: 0, tokens: 0, expansions: 0, producedChars: 0, fsCalls: 0 };
  return { deadline, limitMs, steps: 0, ...counts };
}

/** Counts `amount` of a bounded resource; blocks past its limit or past the deadline. */
function spend(kind, amount = 1) {
  budget[kind] += amount;
  if (budget[kind] > LIMITS[kind])
    throw new GuardError(`judging this call needs over ${LIMITS[kind]} ${BOUND_NAMES[kind]}`);
  // Reading the clock costs more than most steps it guards; every 64th step is soon enough.
  if ((++budget.steps & 63) === 0) checkDeadline();
}

/** The scanner's own clock (monotonic): a synchronous scan never waits for a timer. */
function checkDeadline() {
  if (performance.now() > budget.deadline) throw new GuardError(`no decision within ${budget.limitMs} ms`);
}

function checkDepth(depth, what) {
  if (depth > LIMITS.depth) throw new DepthError(`${what} nests deeper than ${LIMITS.depth} levels`);
}

// ─── Secret paths (matched on lower-cased, resolved paths) ─────────────────────────────────────

const ENV_REASON =
  ".env files hold secrets (.env.example, .env.sample, .env.template, .env.dist are allowed)";

/** Rules on the last path segment. `unless` exempts templates. */
export const SECRET_NAME_RULES = [
  {
    id: "env-file",
    test: /^\.env([.~_-].*)?$/,
    unless: /[._-](example|sample|template|dist)$/,
    reason: ENV_REASON,
  },
  {
    id: "env-named-file",
    test: /^.+\.env$|^\.envrc$/,
    // `process.env` or `import.meta.env` in a grep is code, not a file: count only files that exist.
    mustExist: /^.+\.env$/,
    reason: "*.env and .envrc files hold secrets",
  },
  { id: "ssh-private-key", test: /^id_(rsa|dsa|ecdsa|ed25519)(_sk)?$/, reason: "SSH private key" },
  {
    id: "key-container",
    test: /\.(pem|key|p12|pfx|jks|keystore|p8|ppk|kdbx)$/,
    reason: "private key, certificate store or password database",
  },
  {
    id: "credential-file",
    test: /^(\.netrc|_netrc|\.git-credentials|\.pypirc|\.pgpass|\.my\.cnf|\.htpasswd|\.vault-token|\.boto|\.s3cfg|\.dockercfg|kubeconfig|credentials\.json|application_default_credentials\.json|\.credentials\.json)$/,
    reason: "credential store",
  },
  {
    id: "cloud-key-json",
    test: /^(client_secret|service[-_]?account)[^/]*\.json$/,
    reason: "cloud credential JSON",
  },
  {
    id: "secrets-file",
    test: /^secrets?\.(ya?ml|json|toml|ini|env|txt|properties)$/,
    reason: "secrets file",
  },
  {
    id: "terraform-state",
    test: /\.(tfstate|tfstate\.backup|tfvars|tfvars\.json)$/,
    reason: "Terraform state/variables",
  },
];

/** Rules on a run of segments anywhere in the path; the folder itself and everything below it. */
export const SECRET_DIR_RULES = [
  {
    id: "ssh-dir",
    segments: [".ssh"],
    folder: true,
    unlessName: /\.pub$/,
    reason: "~/.ssh holds private keys",
  },
  { id: "gnupg-dir", segments: [".gnupg"], folder: true, reason: "GnuPG keyring" },
  { id: "password-store", segments: [".password-store"], folder: true, reason: "pass password store" },
  { id: "aws-credentials", segments: [".aws", "credentials"], reason: "AWS credentials" },
  { id: "docker-config", segments: [".docker", "config.json"], reason: "Docker registry credentials" },
  { id: "kube-config", segments: [".kube", "config"], reason: "Kubernetes credentials" },
  { id: "gcloud-dir", segments: [".config", "gcloud"], folder: true, reason: "gcloud credentials" },
  { id: "azure-dir", segments: [".azure"], folder: true, reason: "Azure CLI tokens" },
  { id: "gh-hosts", segments: [".config", "gh", "hosts.yml"], reason: "GitHub CLI token" },
  {
    id: "copilot-tokens",
    segments: [".config", "github-copilot"],
    folder: true,
    reason: "GitHub Copilot tokens",
  },
  { id: "codex-auth", segments: [".codex", "auth.json"], reason: "Codex credentials" },
  { id: "gemini-oauth", segments: [".gemini", "oauth_creds.json"], reason: "Gemini CLI credentials" },
  { id: "cargo-credentials", segments: [".cargo", "credentials"], reason: "crates.io token" },
  { id: "cargo-credentials-toml", segments: [".cargo", "credentials.toml"], reason: "crates.io token" },
  { id: "gem-credentials", segments: [".gem", "credentials"], reason: "RubyGems token" },
  { id: "composer-auth", segments: [".composer", "auth.json"], reason: "Composer credentials" },
  {
    id: "terraform-credentials",
    segments: [".terraform.d", "credentials.tfrc.json"],
    reason: "Terraform token",
  },
  { id: "process-environ", segments: ["proc", "*", "environ"], reason: "process environment variables" },
  {
    id: "thread-environ",
    segments: ["proc", "*", "task", "*", "environ"],
    reason: "process environment variables (one thread's copy)",
  },
];

/** Files that are secret only when they hold credentials: the guard reads them and scans the text. */
const CONTENT_CHECKED_NAMES = new Set([".npmrc", ".yarnrc", ".yarnrc.yml", "pip.conf", ".gitconfig"]);

/** Names a glob in a command is tried against, so `cat .env*` or `cat *.pem` block without a file. */
const REPRESENTATIVE_SECRET_NAMES = [
  ".env",
  ".env.local",
  ".env.production",
  ".envrc",
  "id_rsa",
  "id_ed25519",
  "key.pem",
  "server.key",
  "cert.p12",
  "cert.pfx",
  "release.keystore",
  "store.jks",
  ".netrc",
  ".git-credentials",
  ".pypirc",
  "kubeconfig",
  "credentials.json",
  "app.env",
  "terraform.tfstate",
  "prod.tfvars",
];

// ─── Secret content: patterns derived from gitleaks' default rules, written for JavaScript ──────
// gitleaks writes Go regexes with inline flags such as (?i) that JavaScript rejects. Here a leading
// (?i) becomes the `i` flag and a mid-pattern (?i) becomes explicit [A-Za-z] classes.

export const SECRET_CONTENT_RULES = [
  {
    id: "aws-access-key-id",
    description: "AWS access key id",
    regex: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/,
    allow: /EXAMPLE$/,
  },
  {
    id: "aws-secret-access-key",
    description: "AWS secret access key",
    regex: /aws.{0,20}?secret.{0,20}?["']?\s*[:=]\s*["']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/i,
    allow: /EXAMPLEKEY/,
  },
  { id: "github-token", description: "GitHub token", regex: /\b(?:ghp|gho|ghu|ghs|ghr)_[0-9A-Za-z]{36}\b/ },
  { id: "github-fine-grained-pat", description: "GitHub fine-grained token", regex: /\bgithub_pat_\w{82}/ },
  { id: "gitlab-token", description: "GitLab token", regex: /\bgl(?:pat|dt|rt|cbt|ptt|oas)-[\w-]{20,}/ },
  {
    id: "slack-bot-token",
    description: "Slack bot token",
    regex: /\bxoxb-[0-9]{10,13}-[0-9]{10,13}[A-Za-z0-9-]*/,
  },
  {
    id: "slack-user-token",
    description: "Slack user token",
    regex: /\bxox[pe](?:-[0-9]{10,13}){3}-[A-Za-z0-9-]{28,34}/,
  },
  { id: "slack-app-token", description: "Slack app token", regex: /\bxapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+/i },
  {
    id: "slack-webhook-url",
    description: "Slack webhook URL",
    regex: /hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/]{43,56}/,
  },
  {
    id: "stripe-key",
    description: "Stripe secret key",
    regex: /\b(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,99}\b/,
  },
  { id: "google-api-key", description: "Google API key", regex: /\bAIza[\w-]{35}(?![\w-])/ },
  {
    id: "private-key",
    description: "private key block",
    regex: /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/i,
  },
  {
    id: "jwt",
    description: "JSON Web Token",
    regex: /\bey[A-Za-z0-9]{17,}\.ey[A-Za-z0-9/\\_-]{17,}\.(?:[A-Za-z0-9/\\_-]{10,}={0,2})?/,
  },
  { id: "npm-token", description: "npm access token", regex: /\bnpm_[a-z0-9]{36}\b/i },
  {
    id: "npmrc-auth",
    description: "registry credential in an npmrc/yarnrc line",
    regex: /(?:^|[^\w-])_(?:authToken|auth|password)\s*=\s*(?!\$\{)[^\s"']{8,}/m,
  },
  {
    id: "openai-api-key",
    description: "OpenAI API key",
    regex: /\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}|\bsk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}/,
  },
  {
    id: "anthropic-api-key",
    description: "Anthropic API key",
    regex: /\bsk-ant-(?:api|admin|oat)\d{2}-[A-Za-z0-9_-]{80,}/,
  },
  { id: "huggingface-token", description: "Hugging Face token", regex: /\bhf_[A-Za-z]{34}\b/ },
  {
    id: "alibaba-access-key-id",
    description: "Alibaba Cloud AccessKey id",
    regex: /\bLTAI[A-Za-z0-9]{20}\b/,
  },
  {
    id: "postman-api-key",
    description: "Postman API key",
    regex: /\bPMAK-[A-Fa-f0-9]{24}-[A-Fa-f0-9]{34}\b/,
  },
  { id: "pypi-upload-token", description: "PyPI upload token", regex: /pypi-AgEIcHlwaS5vcmc[\w-]{50,}/ },
  { id: "shopify-token", description: "Shopify token", regex: /\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b/ },
  { id: "vault-token", description: "HashiCorp Vault token", regex: /\bhv[sb]\.[\w-]{90,300}/ },
  {
    id: "age-secret-key",
    description: "age secret key",
    regex: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/,
  },
  {
    id: "azure-storage-key",
    description: "Azure storage account key",
    regex: /AccountKey=[A-Za-z0-9+/]{86}==/,
  },
];

/** A list written as one line of words. */
const words = (text) => text.split(" ");

// ─── Payload field names ───────────────────────────────────────────────────────────────────────

const PATH_KEYS = new Set([
  "file_path",
  "filePath",
  "filepath",
  "path",
  "paths",
  "file_paths",
  "files",
  "absolute_path",
  "absolutePath",
  "notebook_path",
  "target_file",
  "targetFile",
  "file",
  "filename",
  "source",
  "destination",
  "src",
  "dest",
  "old_path",
  "new_path",
]);
const DIR_KEYS = new Set(["cwd", "workdir", "dir_path", "directory", "dir"]);
const GLOB_KEYS = new Set(["glob", "include", "includes"]);
const COMMAND_KEYS = new Set(["command", "cmd"]);
/**
 * Program text (Claude's REPL `code`, a Workflow `script`): read as a shell command when it lexes as
 * one, else every name in it is checked.
 */
const CODE_KEYS = new Set(["code", "script"]);
/** Text being replaced: a secret there is already on disk, and blocking would stop its removal. */
const UNSCANNED_KEYS = new Set(["old_string", "old_str", "oldString"]);
/** Text written or shown, never a file name; every other whitespace-free path-like value is checked. */
const CONTENT_KEYS = new Set([
  "content",
  "contents",
  "new_string",
  "new_str",
  "newString",
  "file_text",
  "new_source",
  "text",
  "description",
  "prompt",
  "pattern",
]);
const PATCH_MARKER = "*** Begin Patch";

// ─── Options: the client pack's facts, written into the hook command ─────────────────────────────

/** At most this many arguments, names per list and characters per name: a hook command is short. */
const MAX_ARGS = 16;
const MAX_LISTED = 64;
const LISTED_NAME = /^[A-Za-z0-9_.:@-]{1,64}$/;

export const DEFAULT_OPTIONS = Object.freeze({
  failClosed: false,
  ask: false,
  pathFields: [],
  mcpPrefixes: [],
});

/**
 * --fail-closed: a payload the guard cannot read blocks. --ask: a call it cannot judge (a name built
 * when the command runs) is put to the person where the client can ask, instead of blocked.
 * --path-fields a,b: tool input fields that
 * carry a path for this client, judged as paths besides the guard's own list. --mcp-prefixes p: tool
 * names starting with p are MCP tools, whose every path-like string is judged as a path, content
 * fields included (an MCP server's argument names do not say what it opens).
 */
export function parseOptions(argv) {
  if (argv.length > MAX_ARGS) throw new GuardError(`more than ${MAX_ARGS} arguments`);
  const options = { failClosed: false, ask: false, pathFields: [], mcpPrefixes: [] };
  const lists = { "--path-fields": "pathFields", "--mcp-prefixes": "mcpPrefixes" };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--fail-closed") options.failClosed = true;
    else if (arg === "--ask") options.ask = true;
    else if (Object.hasOwn(lists, arg)) {
      options[lists[arg]] = listArgument(arg, argv[i + 1]);
      i += 1;
    } else throw new GuardError(`unknown argument ${JSON.stringify(String(arg).slice(0, 40))}`);
  }
  return options;
}

function listArgument(name, value) {
  if (typeof value !== "string") throw new GuardError(`${name} needs a comma-separated list`);
  const items = value.split(",").filter((item) => item !== "");
  if (items.length > MAX_LISTED) throw new GuardError(`${name} lists more than ${MAX_LISTED} names`);
  const bad = items.find((item) => !LISTED_NAME.test(item));
  if (bad !== undefined) throw new GuardError(`${name}: ${JSON.stringify(bad.slice(0, 40))} is not a name`);
  return items;
}

/** The options of the decision under way; decide() sets them. */
let options = DEFAULT_OPTIONS;

const isMcpTool = (tool) => options.mcpPrefixes.some((prefix) => String(tool).startsWith(prefix));

// ─── Reading the payload ───────────────────────────────────────────────────────────────────────

function readStdin(limit) {
  return new Promise((resolvePromise, reject) => {
    const chunks = [];
    let size = 0;
    process.stdin.on("data", (chunk) => {
      size += chunk.length;
      if (size > limit) reject(new UnreadableInput(`stdin is larger than ${limit} bytes`));
      else chunks.push(chunk);
    });
    process.stdin.on("end", () => resolvePromise(Buffer.concat(chunks)));
    process.stdin.on("error", (error) => reject(new UnreadableInput(`cannot read stdin: ${error.message}`)));
  });
}

export function parsePayload(bytes) {
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new UnreadableInput("stdin is not valid UTF-8");
  }
  if (text.trim() === "") throw new UnreadableInput("stdin is empty, expected a hook payload (JSON)");
  checkJsonDepth(text);
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new UnreadableInput(`stdin is not valid JSON (${error.message})`);
  }
}

/** JSON.parse has no depth limit and slows on deep nesting: count brackets first, in one pass. */
function checkJsonDepth(text, what = "stdin") {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > LIMITS.jsonDepth)
        throw new UnreadableInput(`${what} nests JSON deeper than ${LIMITS.jsonDepth} levels`);
    } else if (code === 0x7d || code === 0x5d) depth -= 1;
  }
}

// ─── Payload shapes → what to inspect ──────────────────────────────────────────────────────────

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

function newInspection(base) {
  const lists = { paths: [], globs: [], commands: [], codes: [], maybePrograms: [], contents: [] };
  return { base, ...lists, nothingToInspect: false };
}

/** The folder relative paths are resolved against: payload cwd, workspace root, project env, cwd. */
function baseDirOf(payload) {
  const roots = Array.isArray(payload.workspace_roots) ? payload.workspace_roots : [];
  const env = process.env;
  const candidates = [
    payload.cwd,
    roots[0],
    env.CLAUDE_PROJECT_DIR,
    env.GEMINI_PROJECT_DIR,
    env.CURSOR_PROJECT_DIR,
  ];
  const found = candidates.find((value) => typeof value === "string" && value !== "");
  return resolve(found ?? process.cwd());
}

function parseToolArgs(value, field, mayBeAbsent) {
  if (mayBeAbsent && (value === undefined || value === null)) return {};
  if (value === undefined) throw new UnreadableInput(`${field} is missing`);
  if (isObject(value)) return value;
  if (typeof value !== "string") throw new UnreadableInput(`${field} is neither an object nor a JSON string`);
  if (value.trim() === "") return {};
  checkJsonDepth(value, field);
  let parsed;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new UnreadableInput(`${field} is a string but not JSON`);
  }
  if (!isObject(parsed)) throw new UnreadableInput(`${field} is JSON but not an object`);
  return parsed;
}

function requireString(value, field) {
  if (typeof value !== "string") throw new UnreadableInput(`${field} is missing or not a string`);
  return value;
}

const eventOf = (payload) => payload.hook_event_name ?? payload.hookEventName;

/** Payload shapes, first match wins: which payload it is, and the tool input it carries. */
const PAYLOAD_SHAPES = [
  {
    name: "Copilot CLI (camelCase)",
    matches: (payload) => "toolName" in payload || "toolArgs" in payload,
    input: (payload) => ({
      tool: requireString(payload.toolName, "toolName"),
      args: parseToolArgs(payload.toolArgs, "toolArgs", true),
    }),
  },
  {
    name: "Claude Code, Codex, Gemini CLI, Copilot in VS Code, Cursor preToolUse",
    matches: (payload) => "tool_name" in payload || "tool_input" in payload,
    input: (payload) => ({
      tool: requireString(payload.tool_name, "tool_name"),
      args: parseToolArgs(payload.tool_input, "tool_input", false),
    }),
  },
  {
    name: "Cursor beforeReadFile",
    matches: (payload) => ["beforeReadFile", "beforeTabFileRead"].includes(eventOf(payload)),
    input: (payload) => ({
      tool: eventOf(payload),
      args: {
        file_path: requireString(payload.file_path, "file_path"),
        content: payload.content,
        attachments: payload.attachments,
      },
    }),
  },
  {
    name: "Cursor beforeShellExecution",
    matches: (payload) => eventOf(payload) === "beforeShellExecution",
    input: (payload) => ({
      tool: eventOf(payload),
      args: { command: requireString(payload.command, "command") },
    }),
  },
  {
    name: "an event without a tool (prompt, session)",
    matches: (payload) => typeof eventOf(payload) === "string",
    input: (payload) => ({
      tool: eventOf(payload),
      args: { attachments: payload.attachments },
      prompt: payload.prompt,
    }),
  },
];

/** Detects the client's payload shape and collects every path, glob, command and content string. */
export function inspectionOf(payload) {
  if (!isObject(payload)) throw new UnreadableInput("payload is not a JSON object");
  const shape = PAYLOAD_SHAPES.find((candidate) => candidate.matches(payload));
  if (!shape) throw new UnreadableInput("unknown payload shape: no tool_name, toolName or hook_event_name");
  const inspection = newInspection(baseDirOf(payload));
  const { tool, args, prompt } = shape.input(payload);
  collect(args, tool, inspection);
  if (typeof prompt === "string") collectPrompt(prompt, inspection);
  const toolLess = shape === PAYLOAD_SHAPES.at(-1);
  inspection.nothingToInspect = toolLess && inspection.paths.length === 0 && inspection.globs.length === 0;
  return inspection;
}

function collect(toolInput, tool, inspection) {
  const dir = Object.entries(toolInput).find(
    ([key, value]) => DIR_KEYS.has(key) && typeof value === "string",
  );
  inspection.commandBase = dir
    ? resolve(inspection.base, expandHome(dir[1], inspection.base))
    : inspection.base;
  walk(toolInput, "", tool, inspection, 0);
}

function walk(value, key, tool, inspection, depth) {
  spend("jsonNodes");
  if (depth > LIMITS.jsonDepth)
    throw new GuardError(`tool input nests deeper than ${LIMITS.jsonDepth} levels`);
  if (typeof value === "string") return collectString(value, key, tool, inspection);
  if (Array.isArray(value)) {
    if (COMMAND_KEYS.has(key) && value.every((item) => typeof item === "string")) {
      inspection.commands.push(value.map(shellQuote).join(" "));
      inspection.contents.push(value.join(" "));
      return;
    }
    for (const item of value) walk(item, key, tool, inspection, depth + 1);
  } else if (isObject(value)) {
    for (const [childKey, child] of Object.entries(value)) walk(child, childKey, tool, inspection, depth + 1);
  }
}

function collectString(value, key, tool, inspection) {
  if (!UNSCANNED_KEYS.has(key)) inspection.contents.push(value);
  if (value.includes(PATCH_MARKER)) collectPatch(value, inspection);
  if (value.trimStart().startsWith(PATCH_MARKER)) return; // a raw patch is not a shell command
  if (/^file:/i.test(value)) inspection.paths.push(...fileUrlPaths(value));
  if (PATH_KEYS.has(key) || DIR_KEYS.has(key) || options.pathFields.includes(key))
    inspection.paths.push(value);
  else if (looksLikePath(value, key) || (isMcpTool(tool) && looksLikeMcpPath(value, key)))
    inspection.paths.push(value);
  if (GLOB_KEYS.has(key) || (key === "pattern" && /glob/i.test(tool))) inspection.globs.push(value);
  if (COMMAND_KEYS.has(key)) inspection.commands.push(value);
  if (CODE_KEYS.has(key)) inspection.codes.push(value);
  // An MCP server may run an argument as a command: `["-c", "cat .e''nv"]`.
  else if (isMcpTool(tool) && !COMMAND_KEYS.has(key) && !UNSCANNED_KEYS.has(key))
    inspection.maybePrograms.push(value);
}

/**
 * A value under an unknown key (an MCP tool's `target`, `name`...) that reads as a file name, of
 * any length and with spaces (`/work/My Project/.env`); URLs are not paths.
 */
function looksLikePath(value, key) {
  if (CONTENT_KEYS.has(key) || COMMAND_KEYS.has(key) || UNSCANNED_KEYS.has(key)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false;
  const trimmed = value.trim();
  return (
    /[/\\]/.test(trimmed) || trimmed.startsWith(".") || trimmed.startsWith("~") || hasSecretName(trimmed)
  );
}

/** In an MCP tool's input a content field may name a file too; text being replaced still never does. */
function looksLikeMcpPath(value, key) {
  if (UNSCANNED_KEYS.has(key) || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false;
  const trimmed = value.trim();
  return !/\s/.test(trimmed) && (/[/\\]/.test(trimmed) || trimmed.startsWith(".") || hasSecretName(trimmed));
}

const hasSecretName = (value) => SECRET_NAME_RULES.some((rule) => rule.test.test(value.toLowerCase()));

/** `@path` mentions in a prompt: Claude Code and others inline the file's text. */
function collectPrompt(prompt, inspection) {
  for (const match of prompt.matchAll(/(?:^|\s)@([^\s@]+)/g)) inspection.paths.push(match[1] ?? "");
}

/** apply_patch text (Codex): the files it adds, updates, deletes or moves to. */
function collectPatch(text, inspection) {
  for (const match of text.matchAll(/^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gm)) {
    inspection.paths.push((match[1] ?? "").trim());
  }
}

const shellQuote = (word) => `'${word.replaceAll("'", "'\\''")}'`;

// ─── Paths: resolve, then match ────────────────────────────────────────────────────────────────

function expandHome(text, base) {
  if (!text.includes("~") && !text.includes("$")) return text;
  const home = homedir();
  return text
    .replace(/^~(?=$|[/\\])/, home)
    .replace(/\$\{HOME\}|\$HOME\b/g, home)
    .replace(/\$\{PWD\}|\$PWD\b/g, base);
}

/** Lower-cased segments with Windows trailing dots/spaces and `::$DATA` streams removed. */
function segmentsOf(path) {
  return path
    .replaceAll("\\", "/")
    .split("/")
    .filter((segment) => segment !== "")
    .map(cleanSegment);
}

function cleanSegment(segment) {
  let clean = segment.toLowerCase();
  if (clean.includes(":")) clean = clean.replace(/::?\$data$/, "");
  const last = clean.at(-1);
  return last === "." || last === " " ? clean.replace(/(?<=[^. ])[. ]+$/, "") : clean;
}

/**
 * A rule segment matches the same name, any name for "*", and a glob segment that can produce it.
 * A bare * only stands for names that exist, and so does a glob naming a secret folder itself (`.*`
 * as the last segment: `rg "import .* from"` names no folder); the glob's expansion on disk checks those.
 */
function runMatches(segments, at, rule, globby) {
  for (let offset = 0; offset < rule.segments.length; offset += 1) {
    const want = rule.segments[offset] ?? "";
    const segment = segments[at + offset] ?? "";
    if (want === "*" || segment === want) continue;
    const folderItself = rule.folder && at + offset === segments.length - 1;
    if (
      !(globby && hasGlob(segment) && !isPureWildcard(segment) && !folderItself && globMatcher(segment)(want))
    )
      return false;
  }
  return true;
}

/** Directory rules by their first segment, so a path is matched in one pass over its segments. */
const DIR_RULES_BY_FIRST = new Map();
for (const rule of SECRET_DIR_RULES) {
  const first = rule.segments[0] ?? "";
  DIR_RULES_BY_FIRST.set(first, [...(DIR_RULES_BY_FIRST.get(first) ?? []), rule]);
}

/** Why a resolved path is secret, or undefined. `hypothetical`: a name a glob could produce. */
export function secretPathReason(path, hypothetical = false) {
  const name = lastSegmentOf(path);
  for (const rule of SECRET_NAME_RULES) {
    if (!rule.test.test(name) || rule.unless?.test(name)) continue;
    if (hypothetical || !rule.mustExist?.test(name) || fileExists(path)) return rule.reason;
  }
  return DIR_RULE_HINT.test(path) ? secretDirRule(segmentsOf(path))?.reason : undefined;
}

/** The cleaned last segment, without splitting the whole path. */
function lastSegmentOf(path) {
  const trimmed = path.replace(/[\\/]+$/, "");
  const cut = Math.max(trimmed.lastIndexOf("/"), trimmed.lastIndexOf("\\"));
  return cleanSegment(trimmed.slice(cut + 1));
}

/** A path with none of these substrings (and no glob) matches no directory rule: skip the split. */
const DIR_RULE_HINT = new RegExp(
  `${SECRET_DIR_RULES.map((rule) => (rule.segments[0] ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")}|[*?[]`,
  "i",
);

/**
 * The id of the secret-path rule a path matches, or undefined: lexical only (no file-system access,
 * no `~` or symlink resolution), so a name that is secret only when the file exists (`prod.env`)
 * counts as secret. Other programs (agentc's compiler checks) share the guard's patterns through it.
 */
export function secretPathRule(path) {
  const segments = segmentsOf(String(path));
  const name = segments.at(-1) ?? "";
  const byName = SECRET_NAME_RULES.find((rule) => rule.test.test(name) && !rule.unless?.test(name));
  if (byName) return byName.id;
  return secretDirRule(segments)?.id;
}

function dirRuleMatches(segments, rule) {
  const name = segments.at(-1) ?? "";
  const globby = segments.some(hasGlob);
  for (let at = 0; at + rule.segments.length <= segments.length; at += 1) {
    if (!runMatches(segments, at, rule, globby)) continue;
    const below = at + rule.segments.length < segments.length;
    if (!(below && rule.unlessName?.test(name))) return true;
  }
  return false;
}

/** The first directory rule a path's segments match. */
function secretDirRule(segments) {
  if (segments.some(hasGlob)) return SECRET_DIR_RULES.find((rule) => dirRuleMatches(segments, rule));
  const candidates = new Set(segments.flatMap((segment) => DIR_RULES_BY_FIRST.get(segment) ?? []));
  return SECRET_DIR_RULES.find((rule) => candidates.has(rule) && dirRuleMatches(segments, rule));
}

// ─── File-system look-ups: each one counted, realpath cached per decision ──────────────────────

let realpaths = new Map();
/** Resolved path, and base + path as written → why it is secret (undefined: it is not). */
let formReasons = new Map();
let pathReasons = new Map();

function fileExists(path) {
  spend("fsCalls");
  return existsSync(path);
}

/** realpath of the path, or of its deepest existing ancestor with the rest appended. */
function realpathLoose(path) {
  return realpathEntry(path)?.real;
}

/** { real, exists } of a path: one look-up per path, and none below a folder that does not exist. */
function realpathEntry(path) {
  if (path.length > MAX_RESOLVED_PATH) return undefined;
  if (realpaths.has(path)) return realpaths.get(path);
  const parent = dirname(path);
  const above = parent === path ? undefined : realpathEntry(parent);
  const entry =
    above && !above.exists ? { real: join(above.real, basename(path)), exists: false } : lookUp(path, above);
  realpaths.set(path, entry);
  return entry;
}

function lookUp(path, above) {
  try {
    spend("fsCalls");
    return { real: realpathSync.native(path), exists: true };
  } catch (error) {
    if (error instanceof GuardError) throw error;
    return above ? { real: join(above.real, basename(path)), exists: false } : undefined;
  }
}

function resolvedForms(raw, base) {
  const native = sep === "/" ? raw.replaceAll("\\", "/") : raw;
  const absolute = resolve(base, expandHome(native, base));
  const real = realpathLoose(absolute);
  return real && real !== absolute ? [absolute, real] : [absolute];
}

/** Credentials inside files such as .npmrc: read the real file and scan it. */
function checkedFileReason(path) {
  if (!CONTENT_CHECKED_NAMES.has(lastSegmentOf(path))) return undefined;
  let text;
  try {
    spend("fsCalls", 2);
    if (statSync(path).size > MAX_CHECKED_FILE_BYTES) return "credential file too large to check";
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (error instanceof GuardError) throw error;
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined;
    return `cannot check ${basename(path)} for credentials (${error.code ?? error.message})`;
  }
  const hit = secretContentRule(text);
  return hit ? `${basename(path)} holds a credential (${hit.description})` : undefined;
}

/** A path is checked as written and, when it has * ? [, also as a glob. */
export function pathReason(raw, base) {
  if (raw.trim() === "") return undefined;
  spend("tokens");
  const key = `${base}\0${matchDotfiles}\0${raw}`;
  if (!pathReasons.has(key))
    pathReasons.set(key, literalPathReason(raw, base) ?? (hasGlob(raw) ? globReason(raw, base) : undefined));
  return pathReasons.get(key);
}

function literalPathReason(raw, base) {
  for (const form of resolvedForms(raw, base)) {
    if (!formReasons.has(form)) formReasons.set(form, secretPathReason(form) ?? checkedFileReason(form));
    const reason = formReasons.get(form);
    if (reason) return reason;
  }
  return undefined;
}

// ─── Globs: try secret names, then expand against the file system ──────────────────────────────

const hasGlob = (text) => /[*?[]/.test(text);
const isPureWildcard = (segment) => /^[*?]+$/.test(segment);
/** A file name has at most 255 bytes, so a glob segment needing more characters matches nothing. */
const MAX_NAME_LENGTH = 255;
const neverMatches = () => false;

/**
 * Whether * ? and [..] match a leading dot. Ripgrep's globs (Grep, Glob tools) and a bash line that
 * sets dotglob or GLOBIGNORE do; bash by default does not (shellVerdict turns it off for a line).
 */
let matchDotfiles = true;

/**
 * A matcher for one glob segment (* ? [..], case-insensitive; a leading dot only by an explicit dot
 * unless matchDotfiles). Greedy with one backtrack point, so a match costs at most name length ×
 * segment length steps; a regular expression with many stars can take exponential time.
 */
function globMatcher(segment) {
  const tokens = globTokens(segment.toLowerCase());
  if (!tokens) return neverMatches;
  const dotted = segment.startsWith(".") || matchDotfiles;
  return (name) => (dotted || !name.startsWith(".")) && tokensMatch(tokens, name.toLowerCase());
}

/** Tokens of a glob segment (runs of * collapsed), or undefined when it cannot match a file name. */
function globTokens(segment) {
  const tokens = [];
  let fixed = 0;
  for (let i = 0; i < segment.length; i += 1) {
    const char = segment[i] ?? "";
    const bracket = char === "[" ? bracketExpression(segment, i) : undefined;
    if (char === "*") {
      if (tokens.at(-1) !== "*") tokens.push("*");
      continue;
    }
    if (++fixed > MAX_NAME_LENGTH) return undefined;
    if (char === "?") tokens.push({ any: true });
    else if (bracket) {
      tokens.push(bracket.token);
      i = bracket.end;
    } else tokens.push({ char });
  }
  return tokens;
}

/** POSIX character classes in a bracket expression; names and patterns are lower-cased, so case classes are letters. */
const POSIX_CLASSES = {
  alpha: /\p{L}/u,
  upper: /\p{L}/u,
  lower: /\p{L}/u,
  digit: /[0-9]/,
  alnum: /[\p{L}\p{N}]/u,
  word: /[\p{L}\p{N}_]/u,
  xdigit: /[0-9a-f]/,
  space: /\s/,
  blank: /[ \t]/,
  punct: /[!-/:-@[-`{-~]/,
  cntrl: /\p{Cc}/u,
};

/**
 * The bracket expression starting at i, as bash reads it: `!` or `^` negates, a `]` first is a
 * member, [:class:] [=c=] [.c.] inside; undefined when it never closes (then `[` is a character).
 */
function bracketExpression(segment, start) {
  let i = start + 1;
  const negate = segment[i] === "!" || segment[i] === "^";
  if (negate) i += 1;
  const token = { negate, ranges: [], classes: [] };
  for (let first = true; i < segment.length && i - start <= MAX_NAME_LENGTH; first = false) {
    const char = segment[i] ?? "";
    if (char === "]" && !first) return { token, end: i };
    const inner = char === "[" ? /^\[([:=.])([^\]]*?)\1\]/.exec(segment.slice(i, i + 64)) : null;
    if (inner) {
      const [whole, kind, body = ""] = inner;
      if (kind === ":") token.classes.push(POSIX_CLASSES[body] ?? /[\s\S]/);
      else token.ranges.push([body, body]);
      i += whole.length;
    } else if (segment[i + 1] === "-" && segment[i + 2] !== undefined && segment[i + 2] !== "]") {
      token.ranges.push([char, segment[i + 2] ?? ""]);
      i += 3;
    } else {
      token.ranges.push([char, char]);
      i += 1;
    }
  }
  return undefined;
}

function tokenMatches(token, char) {
  if (token.any) return true;
  if (token.char !== undefined) return token.char === char;
  const inside =
    token.ranges.some(([from, to]) => char >= from && char <= to) ||
    token.classes.some((test) => test.test(char));
  return inside !== token.negate;
}

function tokensMatch(tokens, name) {
  let t = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    const token = tokens[t];
    if (token === "*") {
      star = t++;
      resume = n;
    } else if (token !== undefined && tokenMatches(token, name[n] ?? "")) {
      t += 1;
      n += 1;
    } else if (star >= 0) {
      t = star + 1;
      n = ++resume;
    } else return false;
  }
  while (tokens[t] === "*") t += 1;
  return t === tokens.length;
}

function globReason(raw, base) {
  const pattern = resolve(base, expandHome(raw, base));
  const direct = secretPathReason(pattern);
  if (direct) return direct;
  const last = basename(pattern);
  if (!isPureWildcard(last) && last !== "**") {
    const matches = globMatcher(last);
    for (const name of REPRESENTATIVE_SECRET_NAMES) {
      const reason = matches(name) ? secretPathReason(join(dirname(pattern), name), true) : undefined;
      if (reason) return `glob ${raw} can match a secret: ${reason}`;
    }
  }
  for (const match of expandGlob(pattern)) {
    const reason = literalPathReason(match, base);
    if (reason) return `glob ${raw} matches ${match}: ${reason}`;
  }
  return undefined;
}

/** Expands * ? [..] segment by segment with readdir; stops at ** (the static check covers it). */
function expandGlob(pattern) {
  const root = parse(pattern).root;
  const segments = pattern
    .slice(root.length)
    .split(sep)
    .filter((segment) => segment !== "");
  let current = [root];
  for (const segment of segments) {
    if (segment === "**") return [];
    if (!hasGlob(segment)) {
      current = current.map((dir) => join(dir, segment));
      continue;
    }
    const matches = globMatcher(segment);
    const next = [];
    for (const dir of current) {
      for (const entry of safeReaddir(dir)) {
        spend("expansions");
        if (matches(entry)) next.push(join(dir, entry));
      }
    }
    current = next;
  }
  return current;
}

function safeReaddir(dir) {
  spend("fsCalls");
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

// ─── Shell commands: split into simple commands and words ──────────────────────────────────────
//
// A word is a list of parts, so that what the shell computes when the command runs stays apart
// from literal text: { lit, q } literal text (q: it was quoted), { param, q } a $x or ${x…},
// { sub, q } a $( ) or ` ` whose output becomes text, { arith } a $(( )), which makes a number,
// and { proc } a <( ) or >( ), which the shell replaces by a /dev/fd path.

function closingIndex(text, from, char) {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === "\\" && char !== "'") i += 1;
    else if (text[i] === char) return i;
  }
  throw new ShellSyntaxError(`unterminated ${char} in shell command`);
}

const ANSI_ESCAPES = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  v: "\v",
};
const ANSI_ESCAPE = /\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c[\s\S]|[\s\S])/g;

const fromCode = (code) => (code <= 0x10ffff ? String.fromCodePoint(code) : "");

/** $'…' as bash decodes it: \xHH, \uHHHH, \UHHHHHHHH, octal, \cX and the letter escapes. */
export function decodeAnsiC(body) {
  return body.replace(ANSI_ESCAPE, (found, code) => {
    const kind = code[0];
    if (kind === "x" || kind === "u" || kind === "U") return fromCode(Number.parseInt(code.slice(1), 16));
    if (/^[0-7]/.test(code)) return String.fromCharCode(Number.parseInt(code, 8) & 0xff);
    if (kind === "c" && code.length === 2) return String.fromCharCode(code.charCodeAt(1) & 0x1f);
    if ("\\'\"?".includes(code)) return code;
    return ANSI_ESCAPES[code] ?? found;
  });
}

/** The `'` closing a $'…' string, where \' does not close it. */
function ansiCClose(text, from) {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === "\\") i += 1;
    else if (text[i] === "'") return i;
  }
  throw new ShellSyntaxError("unterminated $' in shell command");
}

/**
 * A small POSIX-shell lexer. Returns the simple commands — their words, redirections, the text
 * fed to their stdin (here-documents, here-strings), the substitutions inside them, and which
 * commands a pipe feeds them from — every command substitution as a nested result, and where it
 * stopped: at the `)` closing a substitution when `closer` is ")".
 */
export function parseShell(text, start = 0, closer = "", depth = 0) {
  checkDepth(depth, "shell command");
  const out = { commands: [], nested: [], end: text.length };
  const lexer = new Lexer(out, depth);
  for (let i = start, steps = 0; i < text.length; i += 1) {
    if (++steps % 4096 === 0) checkDeadline();
    const char = text[i] ?? "";
    if (char === ")" && closer && lexer.parens === 0) {
      lexer.endCommand();
      out.end = i;
      return out;
    }
    i = lexOne(text, i, char, text[i + 1] ?? "", lexer);
  }
  if (closer) throw new ShellSyntaxError("unbalanced parenthesis in shell command");
  lexer.endCommand();
  return out;
}

/** Words that open and close a compound command: a pipe after a closer reads the whole group. */
const GROUP_OPENERS = new Set(["{", "if", "while", "until", "for", "case", "select"]);
const GROUP_CLOSERS = new Set(["}", "fi", "done", "esac"]);

/** The state of one parseShell call: the word and simple command being built, and their parts. */
class Lexer {
  constructor(out, depth) {
    Object.assign(this, { out, depth, word: null, target: "word", op: "", strip: false });
    Object.assign(this, { parens: 0, heredocs: [], piped: false, from: null, groups: [], last: null });
    this.fresh();
  }

  fresh() {
    Object.assign(this, { words: [], redirects: [], inputs: [], nested: [] });
  }

  current() {
    this.word ??= { parts: [] };
    return this.word;
  }

  /** Literal text; a run of the same quoting stays one part. */
  lit(text, q) {
    const parts = this.current().parts;
    const last = parts.at(-1);
    if (last?.lit !== undefined && last.q === q) last.lit += text;
    else parts.push({ lit: text, q });
  }

  add(part) {
    this.current().parts.push(part);
  }

  endWord() {
    const word = this.word;
    if (word === null) return;
    spend("tokens");
    const target = this.target;
    if (target === "heredoc") {
      const quoted = word.parts.some((part) => part.q);
      const doc = { delimiter: literalOf(word) ?? wordText(word), quoted, strip: this.strip };
      this.heredocs.push({ ...doc, inputs: this.inputs, nested: this.nested });
    } else if (target === "herestring") this.inputs.push({ word });
    else if (target === "redirect") this.redirects.push({ op: this.op, word });
    else this.words.push(word);
    Object.assign(this, { word: null, target: "word" });
  }

  endCommand() {
    this.endWord();
    if (this.words.length + this.redirects.length + this.inputs.length === 0) return;
    const { words, redirects, inputs, nested, piped, from } = this;
    const index = this.out.commands.push({ words, redirects, inputs, nested, piped, from }) - 1;
    this.last = [index, index];
    const first = literalOf(words[0] ?? { parts: [{ lit: "" }] });
    if (GROUP_OPENERS.has(first)) this.groups.push(index);
    else if (GROUP_CLOSERS.has(first) && this.groups.length > 0) this.last = [this.groups.pop(), index];
    Object.assign(this, { piped: false, from: null });
    this.fresh();
  }

  openParen() {
    this.parens += 1;
    this.endCommand();
    this.groups.push(this.out.commands.length);
  }

  closeParen() {
    this.parens = Math.max(0, this.parens - 1);
    this.endCommand();
    const start = this.groups.pop();
    if (start !== undefined && start < this.out.commands.length)
      this.last = [start, this.out.commands.length - 1];
  }

  /** `|` and `|&`: the next command reads what the last one (or the group it closed) prints. */
  pipe() {
    this.endCommand();
    Object.assign(this, { piped: true, from: this.last });
  }

  separate() {
    this.endCommand();
    Object.assign(this, { piped: false, from: null });
  }

  addNested(inner) {
    this.out.nested.push(inner);
    this.nested.push(inner);
  }

  substitute(text, from, q) {
    const inner = parseShell(text, from, ")", this.depth + 1);
    this.add({ sub: inner, q });
    this.addNested(inner);
    return inner.end;
  }

  /** $(( … )) is arithmetic, a number; $( (…) ) with a space is a substitution of a subshell. */
  arithmetic(text, from, q) {
    const inner = parseShell(text, from, ")", this.depth + 1);
    if (!/^\([\s\S]*\)$/.test(text.slice(from, inner.end))) return this.substituteParsed(inner, q);
    this.add({ arith: true });
    for (const nested of inner.nested) this.addNested(nested);
    return inner.end;
  }

  substituteParsed(inner, q) {
    this.add({ sub: inner, q });
    this.addNested(inner);
    return inner.end;
  }

  backtick(text, from, q) {
    const close = closingIndex(text, from, "`");
    const body = text.slice(from, close).replace(/\\([$`\\])/g, "$1");
    const inner = parseShell(body, 0, "", this.depth + 1);
    this.add({ sub: inner, q });
    this.addNested(inner);
    return close;
  }

  processSubstitution(text, from) {
    const inner = parseShell(text, from, ")", this.depth + 1);
    this.add({ proc: inner });
    this.addNested(inner);
    return inner.end;
  }

  skipHeredocs(text, from) {
    return skipHeredocs(text, from, this.heredocs.splice(0), this);
  }
}

/** Consumes one character (or construct) at i; returns the index of its last character. */
function lexOne(text, i, char, next, lexer) {
  if (char === " " || char === "\t") lexer.endWord();
  else if (char === "\n") {
    lexer.endCommand();
    if (lexer.heredocs.length > 0) return lexer.skipHeredocs(text, i + 1) - 1;
  } else if (char === "#" && lexer.word === null) {
    const newline = text.indexOf("\n", i);
    return (newline < 0 ? text.length : newline) - 1;
  } else if (char === "(") return lexOpenParen(text, i, lexer);
  else if (char === ")") lexer.closeParen();
  else if (char === "|") return lexPipe(i, next, lexer);
  else if (char === "&" && next === ">") return lexRedirect(text, i, lexer);
  else if (char === ";" || char === "&") lexer.separate();
  else if ((char === "<" || char === ">") && next === "(") return lexer.processSubstitution(text, i + 2);
  else if (char === "<" && next === "<") return lexHereInput(text, i, lexer);
  else if (char === "<" || char === ">") return lexRedirect(text, i, lexer);
  else return lexQuoting(text, i, char, next, lexer);
  return i;
}

const ASSIGNMENT_PREFIX = /^[A-Za-z_]\w*(\[[^\]]*\])?\+?=$/;

/** `a=(x y)` is an array assignment; `@(x|y)` and its kin are extended globs; else a group. */
function lexOpenParen(text, i, lexer) {
  const word = lexer.word;
  const only = word?.parts.length === 1 ? word.parts[0] : undefined;
  if (only?.lit !== undefined && !only.q && ASSIGNMENT_PREFIX.test(only.lit)) {
    const inner = parseShell(text, i + 1, ")", lexer.depth + 1);
    word.array = inner.commands.flatMap((command) => command.words);
    for (const nested of inner.nested) lexer.addNested(nested);
    return inner.end;
  }
  const last = word?.parts.at(-1);
  if (last?.lit !== undefined && !last.q && /[?*+@!]$/.test(last.lit)) return lexExtglob(text, i, last);
  lexer.openParen();
  return i;
}

/** An extended glob ?(…) *(…) +(…) @(…) !(…) matches no more than * does: judged as *. */
function lexExtglob(text, i, last) {
  let depth = 0;
  for (let j = i; j < text.length; j += 1) {
    const char = text[j];
    if (char === "\\") j += 1;
    else if (char === "(") depth += 1;
    else if (char === ")" && --depth === 0) {
      last.lit = `${last.lit.slice(0, -1)}*`;
      return j;
    }
  }
  throw new ShellSyntaxError("unterminated extended glob in shell command");
}

function lexPipe(i, next, lexer) {
  if (next === "|") {
    lexer.separate();
    return i + 1;
  }
  lexer.pipe();
  return next === "&" ? i + 1 : i;
}

/** `<<DELIM`, `<<-DELIM` (here-documents) and `<<<word` (here-strings). */
function lexHereInput(text, i, lexer) {
  lexer.endWord();
  if (text[i + 2] === "<") {
    lexer.target = "herestring";
    return i + 2;
  }
  lexer.strip = text[i + 2] === "-";
  lexer.target = "heredoc";
  return lexer.strip ? i + 2 : i + 1;
}

/** `< > >> >| <> <& >& &> &>>`; digits right before the operator name a file descriptor, not a word. */
function lexRedirect(text, i, lexer) {
  const only = lexer.word?.parts.length === 1 ? lexer.word.parts[0] : undefined;
  const fd = only?.lit !== undefined && !only.q && /^\d+$/.test(only.lit) ? only.lit : "";
  if (fd) lexer.word = null;
  lexer.endWord();
  let end = i;
  while ("<>&|".includes(text[end + 1] ?? "x")) end += 1;
  lexer.op = fd + text.slice(i, end + 1);
  lexer.target = "redirect";
  return end;
}

function lexQuoting(text, i, char, next, lexer) {
  if (char === "\\") {
    if (next !== "\n") lexer.lit(next, true);
    return i + 1;
  }
  if (char === "'") {
    const close = closingIndex(text, i + 1, "'");
    lexer.lit(text.slice(i + 1, close), true);
    return close;
  }
  if (char === "$") return lexDollar(text, i, lexer, false);
  if (char === "`") return lexer.backtick(text, i + 1, false);
  if (char === '"') return readDoubleQuoted(text, i + 1, lexer);
  const end = plainRunEnd(text, i, UNQUOTED_SPECIALS);
  lexer.lit(text.slice(i, end), false);
  return end - 1;
}

const PARAMETER_NAME = /[A-Za-z_]\w*|[0-9@*#?$!-]/y;

/** `$…` at i: a substitution, arithmetic, ${…}, $'…', $"…", a name, or a plain `$`. */
function lexDollar(text, i, lexer, quoted) {
  const next = text[i + 1];
  if (next === "(") {
    return text[i + 2] === "("
      ? lexer.arithmetic(text, i + 2, quoted)
      : lexer.substitute(text, i + 2, quoted);
  }
  if (next === "{") return lexBraceParameter(text, i, lexer, quoted);
  if (!quoted && next === "'") {
    const close = ansiCClose(text, i + 2);
    lexer.lit(decodeAnsiC(text.slice(i + 2, close)), true);
    return close;
  }
  if (!quoted && next === '"') return readDoubleQuoted(text, i + 2, lexer);
  PARAMETER_NAME.lastIndex = i + 1;
  const name = PARAMETER_NAME.exec(text)?.[0];
  if (name === undefined) {
    lexer.lit("$", quoted);
    return i;
  }
  lexer.add({ param: { name, op: "" }, q: quoted });
  return i + name.length;
}

/** The `}` closing a `${` whose body starts at `from`, past quotes and nested substitutions. */
function braceParameterEnd(text, from, quoted, depth) {
  let open = 1;
  for (let j = from; j < text.length; j += 1) {
    const char = text[j];
    if (char === "\\") j += 1;
    else if (char === "'" && !quoted) j = closingIndex(text, j + 1, "'");
    else if (char === '"') j = closingIndex(text, j + 1, '"');
    else if (char === "`") j = closingIndex(text, j + 1, "`");
    else if (char === "$" && text[j + 1] === "(") j = parseShell(text, j + 2, ")", depth + 1).end;
    else if (char === "$" && text[j + 1] === "{") {
      open += 1;
      j += 1;
    } else if (char === "}" && --open === 0) return j;
  }
  throw new ShellSyntaxError("unterminated ${ in shell command");
}

const PARAMETER_BODY = /^([#!]?)([A-Za-z_]\w*|\d+|[@*#?$!0-])(\[[^\]]*\])?/;
/** ${x:-w} ${x=w} ${x:+w} ${x?w}: the operators whose value the guard computes; every other one it cannot. */
const DEFAULT_OPERATOR = /^:?[-=+?]/;

function lexBraceParameter(text, i, lexer, quoted) {
  const end = braceParameterEnd(text, i + 2, quoted, lexer.depth);
  const body = text.slice(i + 2, end);
  const bare = PARAMETER_BODY.exec(body);
  if (!bare) {
    parseLooseWord(body, lexer, "word");
    lexer.add({ param: { name: null, op: "other", text: body }, q: quoted });
    return end;
  }
  const [head, prefix, name, subscript] = bare;
  const rest = body.slice(head.length);
  const op = DEFAULT_OPERATOR.exec(rest)?.[0] ?? (rest === "" ? "" : "other");
  const arg = parseLooseWord(op === "other" ? rest : rest.slice(op.length), lexer, "word");
  const param = { name, op, arg, subscript, length: prefix === "#", indirect: prefix === "!", text: body };
  lexer.add({ param, q: quoted });
  return end;
}

/** Characters the lexer acts on outside quotes and inside double quotes; runs of others go in one piece. */
const UNQUOTED_SPECIALS = new Set([..." \t\n()|;&<>$\\'\"`"]);
const DOUBLE_QUOTED_SPECIALS = new Set([...'"\\$`']);

function plainRunEnd(text, from, specials) {
  let end = from + 1;
  while (end < text.length && !specials.has(text[end] ?? "")) end += 1;
  return end;
}

function readDoubleQuoted(text, from, lexer) {
  lexer.lit("", true);
  for (let i = from; i < text.length; i += 1) {
    const char = text[i] ?? "";
    const next = text[i + 1] ?? "";
    if (char === '"') return i;
    if (char === "\\" && '$`"\\\n'.includes(next)) {
      if (next !== "\n") lexer.lit(next, true);
      i += 1;
    } else if (char === "$") i = lexDollar(text, i, lexer, true);
    else if (char === "`") i = lexer.backtick(text, i + 1, true);
    else {
      const end = plainRunEnd(text, i, DOUBLE_QUOTED_SPECIALS);
      lexer.lit(text.slice(i, end), true);
      i = end - 1;
    }
  }
  throw new ShellSyntaxError('unterminated " in shell command');
}

/**
 * A text read as one word, spaces included: the word of ${x:-word} ("word": quotes work) or an
 * unquoted here-document body ("heredoc": quotes are text, \ escapes only $ ` \ and newline).
 * Its substitutions join the lexer's nested commands, so they are judged like any other.
 */
function parseLooseWord(text, lexer, mode) {
  const acc = new Lexer({ commands: [], nested: [] }, lexer.depth);
  const quoted = mode === "heredoc";
  acc.lit("", quoted);
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    const next = text[i + 1] ?? "";
    if (char === "\\" && (!quoted || "$`\\\n".includes(next))) {
      if (next !== "\n") acc.lit(next, true);
      i += 1;
    } else if (char === "'" && !quoted) {
      const close = closingIndex(text, i + 1, "'");
      acc.lit(text.slice(i + 1, close), true);
      i = close;
    } else if (char === '"' && !quoted) i = readDoubleQuoted(text, i + 1, acc);
    else if (char === "$") i = lexDollar(text, i, acc, quoted);
    else if (char === "`") i = acc.backtick(text, i + 1, quoted);
    else {
      let end = i + 1;
      while (end < text.length && !"\\'\"$`".includes(text[end])) end += 1;
      acc.lit(text.slice(i, end), quoted);
      i = end - 1;
    }
  }
  for (const inner of acc.out.nested) lexer.addNested(inner);
  return acc.word?.parts ?? [];
}

/** Reads here-document bodies into their command's inputs; an unquoted body still expands $x and $( ). */
function skipHeredocs(text, from, heredocs, lexer) {
  let at = from;
  for (const doc of heredocs) {
    const body = [];
    while (at < text.length) {
      const newline = text.indexOf("\n", at);
      const line = text.slice(at, newline < 0 ? text.length : newline);
      at = newline < 0 ? text.length : newline + 1;
      if ((doc.strip ? line.replace(/^\t+/, "") : line) === doc.delimiter) break;
      body.push(doc.strip ? line.replace(/^\t+/, "") : line);
    }
    const textOf = `${body.join("\n")}\n`;
    if (doc.quoted) doc.inputs.push({ text: textOf });
    else {
      const owner = {
        depth: lexer.depth,
        addNested: (inner) => {
          lexer.out.nested.push(inner);
          doc.nested.push(inner);
        },
      };
      doc.inputs.push({ parts: parseLooseWord(textOf, owner, "heredoc") });
    }
  }
  return at;
}

/** The word's text when it is all literal, else undefined. */
function literalOf(word) {
  let text = "";
  for (const part of word.parts) {
    if (part.lit === undefined) return undefined;
    text += part.lit;
  }
  return text;
}

/** A word as a person reads it, for reasons: literal text, and $… for what is computed. */
function wordText(word) {
  return word.parts
    .map((part) => {
      if (part.lit !== undefined) return part.lit;
      if (part.param) return part.param.text === undefined ? `$${part.param.name}` : `\${${part.param.text}}`;
      if (part.arith) return "$((…))";
      return part.proc ? "<(…)" : "$(…)";
    })
    .join("");
}

// ─── Shell commands: the values a word can take ────────────────────────────────────────────────
//
// The guard does not run the command. It computes what it can read from the command's own words
// — literal text, variables set on the line, printf and echo output, here-documents — and calls
// everything else dynamic: a name built when the command runs, which it cannot show is harmless.

/** The strings a word can be ({ strings }), or why the guard cannot know it ({ dynamic }). */
const known = (strings) => ({ strings });
const dynamic = (why) => ({ dynamic: why });
const EMPTY = known([""]);
const isDynamic = (value) => value.dynamic !== undefined;

function joinValues(left, right) {
  if (isDynamic(left)) return left;
  if (isDynamic(right)) return right;
  const strings = [];
  for (const a of left.strings) {
    for (const b of right.strings) {
      spend("producedChars", a.length + b.length);
      if (strings.push(a + b) > LIMITS.wordExpansions)
        throw new GuardError(`a word can take over ${LIMITS.wordExpansions} values`);
    }
  }
  return known(strings);
}

function anyOf(values) {
  const found = values.find(isDynamic);
  if (found) return found;
  const strings = [...new Set(values.flatMap((value) => value.strings))];
  if (strings.length > LIMITS.wordExpansions)
    throw new GuardError(`a word can take over ${LIMITS.wordExpansions} values`);
  return known(strings);
}

/** Most values a variable keeps before the guard stops counting them and calls it dynamic. */
const MAX_VARIABLE_VALUES = 64;
const MAX_VARIABLES = 256;
/** Most folders a line may cd to before relative names count as under an unknown folder. */
const MAX_BASES = 16;
/** A line is judged again while judging it taught the guard new values; at most this often. */
const MAX_PASSES = 4;

/**
 * What one shell line can do, flow-insensitively: a variable takes every value it is given
 * anywhere on the line (functions, loops and `bash -c` see them all), and a cd anywhere may have
 * moved every command. `written` follows the line in order: what each command wrote to a file.
 */
function newShellContext(base) {
  return {
    base,
    vars: new Map(),
    bases: [base],
    unknownBase: undefined,
    written: new Map(),
    ask: undefined,
    version: 0,
    speculative: false,
    overflow: false,
    aliases: new Map(),
    dotglob: false,
    compound: false,
  };
}

/** A copy for text that may be a program (speculative): what it assigns stays in the copy. */
function childContext(ctx) {
  const vars = new Map();
  for (const [name, entry] of ctx.vars)
    vars.set(name, { strings: new Set(entry.strings), dynamic: entry.dynamic });
  return {
    ...ctx,
    vars,
    bases: [...ctx.bases],
    aliases: new Map(ctx.aliases),
    written: new Map(ctx.written),
    ask: undefined,
    speculative: true,
  };
}

function noteAsk(ctx, reason) {
  if (!ctx.speculative) ctx.ask ??= reason;
}

function assignVariable(ctx, name, value) {
  if (name === "GLOBIGNORE") setDotglob(ctx);
  let entry = ctx.vars.get(name);
  if (!entry) {
    if (ctx.vars.size >= MAX_VARIABLES) {
      ctx.overflow = true;
      return;
    }
    entry = { strings: new Set(), dynamic: undefined };
    ctx.vars.set(name, entry);
    ctx.version += 1;
  }
  if (isDynamic(value)) {
    if (entry.dynamic === undefined) {
      entry.dynamic = value.dynamic;
      ctx.version += 1;
    }
    return;
  }
  for (const text of value.strings) {
    if (entry.strings.has(text)) continue;
    if (entry.strings.size >= MAX_VARIABLE_VALUES) {
      entry.dynamic ??= `takes more than ${MAX_VARIABLE_VALUES} values`;
      ctx.version += 1;
      return;
    }
    entry.strings.add(text);
    ctx.version += 1;
  }
}

/** Environment variables whose value the guard knows as well as the shell does. */
const KNOWN_ENVIRONMENT = {
  HOME: () => homedir(),
  IFS: () => " \t\n",
  TMPDIR: () => process.env.TMPDIR ?? "",
  USER: () => process.env.USER ?? "",
  LOGNAME: () => process.env.LOGNAME ?? "",
  SHELL: () => process.env.SHELL ?? "",
  PATH: () => process.env.PATH ?? "",
  CLAUDE_PROJECT_DIR: () => process.env.CLAUDE_PROJECT_DIR ?? "",
  GEMINI_PROJECT_DIR: () => process.env.GEMINI_PROJECT_DIR ?? "",
  CURSOR_PROJECT_DIR: () => process.env.CURSOR_PROJECT_DIR ?? "",
};

function variableValue(ctx, name) {
  const entry = ctx.vars.get(name);
  if (entry) {
    return entry.dynamic === undefined ? known([...entry.strings]) : dynamic(`$${name} ${entry.dynamic}`);
  }
  if (ctx.overflow)
    return dynamic(`$${name} may be one of more than ${MAX_VARIABLES} variables set on this line`);
  if (name === "PWD" || name === "OLDPWD") return folderValue(ctx);
  const read = KNOWN_ENVIRONMENT[name];
  return read ? known([read()]) : dynamic(`$${name} comes from the environment, not from this command`);
}

function folderValue(ctx) {
  return ctx.unknownBase ? dynamic(`the folder is ${ctx.unknownBase}`) : known([...ctx.bases]);
}

/** $? $$ $! $# are numbers; $0 (the shell, or sh -c's first argument), $1…, $@, $* and $- are set when the command runs. */
function specialValue(name) {
  if ("?$!#".includes(name)) return known(["0"]);
  return dynamic(`$${name} is set when the command runs`);
}

const SPECIAL_PARAMETER = /^(\d+|[@*#?$!-])$/;

function parameterValue(param, ctx, depth, quoted) {
  if (param.name === null || param.op === "other" || param.indirect)
    return dynamic(`\${${param.text}} is computed when the command runs`);
  if (param.length) return known(["0"]);
  const name = param.name;
  if (param.subscript === "[*]" && quoted)
    return dynamic(`"\${${param.text}}" joins an array's values when the command runs`);
  const value = SPECIAL_PARAMETER.test(name) ? specialValue(name) : variableValue(ctx, name);
  const op = param.op.replace(":", "");
  if (op === "") return value;
  const word = partsValue(param.arg, ctx, depth);
  if (op === "+") return anyOf([EMPTY, word]);
  if (op === "?" || isDynamic(value)) return value;
  if (op === "=" && !SPECIAL_PARAMETER.test(name)) assignVariable(ctx, name, word);
  return anyOf([value, word]);
}

function partValue(part, ctx, depth) {
  if (part.lit !== undefined) return known([part.lit]);
  if (part.param) return parameterValue(part.param, ctx, depth, part.q);
  if (part.arith) return known(["0"]);
  if (part.proc) return known(["/dev/fd/63"]);
  return substitutionValue(part.sub, ctx, depth);
}

function partsValue(parts, ctx, depth) {
  const tilde = tildeValue(parts[0], ctx);
  if (tilde) return joinValues(tilde.value, partsValue([tilde.rest, ...parts.slice(1)], ctx, depth));
  if (parts.every((part) => part.lit !== undefined)) return known([parts.map((part) => part.lit).join("")]);
  let value = EMPTY;
  for (const part of parts) value = joinValues(value, partValue(part, ctx, depth));
  return value;
}

/**
 * A word's leading unquoted ~, ~+ or ~- as the shell expands it: $HOME (which the line may set),
 * the folder, the previous folder. ~user stays as written; the path rules match below it anyway.
 */
function tildeValue(first, ctx) {
  const match = first?.lit !== undefined && !first.q ? /^~([+-]?)(?=\/|$)/.exec(first.lit) : null;
  if (!match) return undefined;
  const which = match[1];
  const value =
    which === "+"
      ? folderValue(ctx)
      : which === "-"
        ? variableValue(ctx, "OLDPWD")
        : variableValue(ctx, "HOME");
  return { value, rest: { lit: first.lit.slice(match[0].length), q: false } };
}

const wordValue = (word, ctx, depth) => partsValue(word.parts, ctx, depth);

/** Word splitting applies to $x and $( ) outside quotes. */
const splitsOnSpaces = (word) => word.parts.some((part) => (part.param || part.sub) && !part.q);

/** Brace expansion applies to braces outside quotes: `{cat,.env}` and `{cat,.e''nv}` are two words. */
const bracesExpand = (word) =>
  word.parts.some((part) => part.lit !== undefined && !part.q && part.lit.includes("{")) &&
  /\{.*[,.].*\}/.test(word.parts.map((part) => part.lit ?? "").join(""));

/** A regular expression class of these characters, each written as \\uXXXX. */
const characterClass = (chars) =>
  `[${chars.map((char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`).join("")}]`;

/** How $x and $( ) outside quotes split: on IFS, blanks unless the line sets it. */
function fieldSplitter(ctx) {
  if (!ctx.vars.has("IFS")) return /[ \t\n]+/;
  const value = variableValue(ctx, "IFS");
  if (isDynamic(value)) return dynamic("is split on an IFS computed when the command runs");
  const chars = [...new Set([" ", "\t", "\n", ...value.strings.join("")])];
  return new RegExp(`${characterClass(chars)}+`);
}

/** A command's words as fields: a value, and the word it came from. */
function fieldsOf(words, ctx, depth) {
  const fields = [];
  for (const word of words) {
    const value = wordValue(word, ctx, depth);
    const only = value.strings?.length === 1 ? (value.strings[0] ?? "") : undefined;
    const splitter = splitsOnSpaces(word) ? fieldSplitter(ctx) : undefined;
    if (isDynamic(splitter ?? EMPTY)) fields.push({ value: splitter, word });
    else if (only !== undefined && bracesExpand(word)) {
      for (const piece of expandBraces(only)) fields.push({ value: known([piece]), word });
    } else if (only !== undefined && splitter) {
      for (const piece of only.split(splitter))
        if (piece !== "") fields.push({ value: known([piece]), word });
    } else fields.push({ value, word });
  }
  return fields;
}

/** The single string a field is, or undefined. */
const single = (field) => (field?.value.strings?.length === 1 ? field.value.strings[0] : undefined);

/** The name an assignment word sets (`x=…`, `x+=…`, `a[1]=…`), else undefined. */
function assignedName(word) {
  const first = word.parts[0];
  if (first?.lit === undefined || first.q) return undefined;
  return /^([A-Za-z_]\w*)(?:\[[^\]]*\])?\+?=/.exec(first.lit)?.[1];
}

/** The parts after `name=` of an assignment word. */
function assignedParts(word) {
  const [first, ...rest] = word.parts;
  const eq = (first?.lit ?? "").indexOf("=");
  return [{ lit: (first?.lit ?? "").slice(eq + 1), q: false }, ...rest];
}

// ─── Shell commands: what a command prints, when its words say ─────────────────────────────────

/** Escapes of echo -e and printf %b (bash): \c ends the output. */
function decodeEchoEscapes(text) {
  let stop = false;
  const out = text.replace(
    /\\(0[0-7]{0,3}|x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[\s\S])/g,
    (found, code) => {
      if (stop) return "";
      const kind = code[0];
      if (kind === "c") {
        stop = true;
        return "";
      }
      if (kind === "0") return String.fromCharCode(Number.parseInt(code.slice(1) || "0", 8) & 0xff);
      if (kind === "x" || kind === "u" || kind === "U") return fromCode(Number.parseInt(code.slice(1), 16));
      if (kind === "\\") return "\\";
      return ANSI_ESCAPES[kind] ?? found;
    },
  );
  const cut = stop ? out : out;
  return { text: cut, stop };
}

/** Escapes of printf's format string: octal \NNN, \xHH, \uHHHH and the letters. */
function decodePrintfFormatEscape(format, i) {
  const match = /^\\([0-7]{1,3}|x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[\s\S])/.exec(
    format.slice(i, i + 12),
  );
  if (!match) return { text: "\\", length: 1 };
  const code = match[1] ?? "";
  const kind = code[0];
  let text;
  if (/^[0-7]/.test(code)) text = String.fromCharCode(Number.parseInt(code, 8) & 0xff);
  else if (kind === "x" || kind === "u" || kind === "U") text = fromCode(Number.parseInt(code.slice(1), 16));
  else if (kind === "c") return { text: "", length: match[0].length, stop: true };
  else if ("\\\"'?".includes(code)) text = code;
  else text = ANSI_ESCAPES[code] ?? match[0];
  return { text, length: match[0].length };
}

const PRINTF_DIRECTIVE = /^%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?([diouxXcsb%])/;
/** Widths past this are refused: a format must not make megabytes of spaces. */
const MAX_PRINTF_WIDTH = 4096;

/** printf's output for known format and arguments, or undefined for a directive it does not compute. */
function formatPrintf(format, args) {
  let out = "";
  let next = 0;
  const take = () => args[next++] ?? "";
  do {
    const before = next;
    for (let i = 0; i < format.length; i += 1) {
      const char = format[i];
      if (char === "\\") {
        const decoded = decodePrintfFormatEscape(format, i);
        out += decoded.text;
        if (decoded.stop) return out;
        i += decoded.length - 1;
        continue;
      }
      if (char !== "%") {
        out += char;
        continue;
      }
      const match = PRINTF_DIRECTIVE.exec(format.slice(i, i + 64));
      if (!match) return undefined;
      i += match[0].length - 1;
      const [, flags = "", widthText, precisionText, kind = ""] = match;
      if (kind === "%") {
        out += "%";
        continue;
      }
      const width = widthText === "*" ? Number.parseInt(take(), 10) || 0 : Number(widthText ?? 0);
      const precision =
        precisionText === undefined
          ? undefined
          : precisionText === "*"
            ? Number.parseInt(take(), 10) || 0
            : Number(precisionText || 0);
      const piece = printfPiece(kind, take(), precision);
      if (piece === undefined || Math.abs(width) > MAX_PRINTF_WIDTH) return undefined;
      if (piece.stop) return out + piece.text;
      const pad = " ".repeat(Math.max(0, Math.abs(width) - piece.text.length));
      out += flags.includes("-") || width < 0 ? piece.text + pad : pad + piece.text;
      spend("producedChars", piece.text.length + pad.length);
    }
    if (next === before) break;
  } while (next < args.length);
  return out;
}

function printfPiece(kind, arg, precision) {
  if (kind === "s") return { text: precision === undefined ? arg : arg.slice(0, precision) };
  if (kind === "b") {
    const { text, stop } = decodeEchoEscapes(arg);
    return { text: precision === undefined ? text : text.slice(0, precision), stop };
  }
  if (kind === "c") return { text: arg.slice(0, 1) };
  const number = /^[-+]?\d+$/.test(arg.trim()) ? Number(arg.trim()) : arg === "" ? 0 : undefined;
  if (number === undefined || !Number.isSafeInteger(number)) return undefined;
  const radix = { o: 8, x: 16, X: 16 }[kind] ?? 10;
  const text = Math.abs(number).toString(radix);
  return { text: `${number < 0 ? "-" : ""}${kind === "X" ? text.toUpperCase() : text}` };
}

/** Commands that print nothing to stdout when they succeed (their errors go to stderr). */
const SILENT_COMMANDS = new Set(
  words(
    "cd export declare local readonly typeset unset set shopt true false : mkdir touch rm cp mv ln chmod chown sleep wait test [ [[ } fi done esac then do else",
  ),
);

/** What a command writes to stdout, as far as its words say; `toFile`: ignore its own > redirections. */
function printedValue(parsed, index, ctx, depth, toFile = false) {
  const command = parsed.commands[index];
  if (!command) return EMPTY;
  if (!toFile && command.redirects.some(isStdoutToFile)) return EMPTY;
  let at = 0;
  while (at < command.words.length && assignedName(command.words[at] ?? { parts: [] })) at += 1;
  // $(< file) is the file's text.
  if (command.words.length === 0) return stdinValue({ command, parsed, index, ctx, depth }) ?? EMPTY;
  if (at === command.words.length) return EMPTY;
  const fields = fieldsOf(command.words.slice(at), ctx, depth);
  const { name, args } = commandHead(fields);
  if (name === undefined) return dynamic("the output of a command whose name is computed when it runs");
  const printer = PRINTERS[name];
  if (printer) return printer(args, { command, parsed, index, ctx, depth });
  if (SILENT_COMMANDS.has(name)) return EMPTY;
  return dynamic(`the output of \`${name}\``);
}

/** `>`, `1>>`, `&>`…: stdout goes to a file (`2>` is stderr, `>&2` a descriptor). */
const STDOUT_TO_FILE = /^(1?>|1?>>|1?>\||&>|&>>)$/;
const isStdoutToFile = (redirect) => STDOUT_TO_FILE.test(redirect.op);

/** The output of commands start…end of a parsed line (a pipe's producer, a substitution). */
function rangeOutput(parsed, [start, end], ctx, depth) {
  const fed = new Set();
  for (let k = start + 1; k <= end; k += 1) {
    const from = parsed.commands[k]?.from;
    if (from) for (let j = from[0]; j <= from[1]; j += 1) fed.add(j);
  }
  let value = EMPTY;
  for (let k = start; k <= end; k += 1) {
    if (fed.has(k)) continue;
    const first = literalOf(parsed.commands[k]?.words[0] ?? { parts: [] });
    if (first && LOOP_WORDS.has(first)) return dynamic("the output of a loop or a condition");
    value = joinValues(value, printedValue(parsed, k, ctx, depth));
    if (isDynamic(value)) return value;
  }
  return value;
}

const LOOP_WORDS = new Set(["for", "while", "until", "if", "case", "select", "elif"]);

/** A $( ) or ` `: its output, trailing newlines removed. */
function substitutionValue(parsed, ctx, depth) {
  if (parsed.commands.length === 0) return EMPTY;
  const value = rangeOutput(parsed, [0, parsed.commands.length - 1], ctx, depth + 1);
  return isDynamic(value) ? value : known(value.strings.map((text) => text.replace(/\n+$/, "")));
}

/** The text a command reads on stdin: its here-documents, here-strings, `< file` and its pipe. */
function stdinValue(env) {
  const { command, parsed, ctx, depth } = env;
  const values = command.inputs.map((input) => inputValue(input, ctx, depth));
  for (const redirect of command.redirects) {
    if (!/^0?<$/.test(redirect.op)) continue;
    const target = wordValue(redirect.word, ctx, depth);
    values.push(
      isDynamic(target) ? target : (writtenText(target.strings, ctx) ?? dynamic("the content of a file")),
    );
  }
  if (command.piped && command.from) values.push(rangeOutput(parsed, command.from, ctx, depth));
  return values.length === 0 ? undefined : anyOf(values);
}

function inputValue(input, ctx, depth) {
  if (input.text !== undefined) return known([input.text]);
  if (input.parts) return partsValue(input.parts, ctx, depth);
  return joinValues(wordValue(input.word, ctx, depth), known(["\n"]));
}

/** What an earlier command of the line wrote to one of these files, if it did. */
function writtenText(strings, ctx) {
  const found = [];
  for (const text of strings) {
    for (const base of ctx.bases) {
      const value = ctx.written.get(resolve(base, expandHome(text, base)));
      if (value) found.push(value);
    }
  }
  return found.length === 0 ? undefined : anyOf(found);
}

function echoValue(args) {
  let at = 0;
  let newline = true;
  while (/^-[neE]+$/.test(single(args[at]) ?? "")) {
    if ((single(args[at]) ?? "").includes("n")) newline = false;
    at += 1;
  }
  let value = EMPTY;
  for (const [k, field] of args.slice(at).entries())
    value = joinValues(value, k === 0 ? field.value : joinValues(known([" "]), field.value));
  if (isDynamic(value)) return value;
  const strings = value.strings.flatMap((text) => {
    if (!text.includes("\\")) return [text];
    const decoded = decodeEchoEscapes(text);
    return [text, decoded.stop ? decoded.text : decoded.text];
  });
  return known(strings.map((text) => (newline ? `${text}\n` : text)));
}

function printfValue(args) {
  if (args.length === 0) return EMPTY;
  const [format, ...rest] = args;
  const choices = [format, ...rest].map((field) => field.value);
  const found = choices.find(isDynamic);
  if (found) return found;
  const outputs = [];
  for (const combination of combinations(choices.map((value) => value.strings))) {
    const text = formatPrintf(combination[0] ?? "", combination.slice(1));
    if (text === undefined) return dynamic("printf with a directive the guard does not compute");
    outputs.push(text);
  }
  return known(outputs);
}

/** Every way to pick one string from each list, within the word expansion bound. */
function combinations(lists) {
  let result = [[]];
  for (const list of lists) {
    const next = [];
    for (const prefix of result) {
      for (const item of list) {
        if (next.push([...prefix, item]) > LIMITS.wordExpansions)
          throw new GuardError(`a command can take over ${LIMITS.wordExpansions} forms`);
      }
    }
    result = next;
  }
  return result;
}

/** cat of nothing, `-` or written files; anything else reads a file whose text the guard does not read. */
function catValue(args, env) {
  const files = args.filter((field) => !/^-[uA-Za-z]*$/.test(single(field) ?? "x") || single(field) === "-");
  if (args.some((field) => /^-[A-Za-z]+$/.test(single(field) ?? "") && single(field) !== "-u"))
    return dynamic("the output of cat with options");
  if (files.length === 0 || files.every((field) => single(field) === "-")) return stdinValue(env) ?? EMPTY;
  let value = EMPTY;
  for (const field of files) {
    const text = isDynamic(field.value) ? field.value : writtenText(field.value.strings, env.ctx);
    value = joinValues(value, text ?? dynamic("the content of a file"));
  }
  return value;
}

/** `git rev-parse --show-toplevel`, HEAD and the branch: read from the repository, as git would. */
function gitValue(args, env) {
  const words = args.map(single);
  const joined = words.join(" ");
  const top = repositoryRoot(env.ctx);
  if (joined === "rev-parse --show-toplevel") return top ? known([`${top}\n`]) : dynamic("the output of git");
  if (/^rev-parse (--short(=\d+)? |--verify )*HEAD$/.test(joined)) return known(["0\n"]);
  if (/^(branch --show-current|rev-parse --abbrev-ref HEAD|symbolic-ref --short HEAD)$/.test(joined)) {
    const branch = top ? currentBranch(top) : undefined;
    return branch === undefined ? dynamic("the name of the current branch") : known([`${branch}\n`]);
  }
  if (top && listsIndexedFiles(words)) {
    const paths = indexedPaths(top);
    if (paths) return known([paths.flatMap((path) => [path, join(top, path)]).join("\n")]);
  }
  return dynamic("the output of git");
}

/**
 * `git ls-files` and `git diff --name-only` (the work tree against the index) print names the
 * index holds, so the index's names are all they can print. With --others, a revision or --cached
 * they may print names the index does not hold.
 */
function listsIndexedFiles(words) {
  const [command, ...rest] = words;
  const options = rest.slice(0, rest.includes("--") ? rest.indexOf("--") : rest.length);
  if (command === "ls-files")
    return options.every(
      (word) => word !== undefined && !/^-(o|i|k)$|^--(others|ignored|killed|with-tree)/.test(word),
    );
  if (command !== "diff" || !options.includes("--name-only")) return false;
  return options.every((word) => word?.startsWith("-") && !/^--(cached|staged|no-index)$/.test(word ?? ""));
}

/** Most index entries the guard reads; a larger index makes the listing dynamic (bounded look-ups). */
const MAX_INDEX_ENTRIES = 2000;

/** The paths in a repository's index (.git/index, versions 2 to 4), or undefined. */
function indexedPaths(top) {
  let bytes;
  try {
    spend("fsCalls", 3);
    let gitDir = join(top, ".git");
    if (statSync(gitDir).isFile())
      gitDir = resolve(top, /^gitdir: (.+)$/m.exec(readFileSync(gitDir, "utf8"))?.[1]?.trim() ?? "");
    if (statSync(join(gitDir, "index")).size > MAX_CHECKED_FILE_BYTES * 8) return undefined;
    bytes = readFileSync(join(gitDir, "index"));
    const config = readFileSync(join(gitDir, "config"), "utf8");
    return parseIndex(bytes, /objectformat\s*=\s*sha256/i.test(config) ? 32 : 20);
  } catch (error) {
    if (error instanceof GuardError) throw error;
    return undefined;
  }
}

function parseIndex(bytes, hashSize) {
  if (bytes.length < 12 || bytes.toString("latin1", 0, 4) !== "DIRC") return undefined;
  const version = bytes.readUInt32BE(4);
  const count = bytes.readUInt32BE(8);
  if (version < 2 || version > 4 || count > MAX_INDEX_ENTRIES) return undefined;
  const paths = [];
  let at = 12;
  let previous = "";
  for (let n = 0; n < count; n += 1) {
    const start = at;
    at += 40 + hashSize;
    const flags = bytes.readUInt16BE(at);
    at += 2 + (version >= 3 && flags & 0x4000 ? 2 : 0);
    let path;
    if (version === 4) {
      let strip = 0;
      for (let byte = 0x80; byte & 0x80; ) {
        byte = bytes[at++] ?? 0;
        strip = (strip << 7) | (byte & 0x7f);
        if (byte & 0x80) strip += 1;
      }
      const end = bytes.indexOf(0, at);
      path = previous.slice(0, previous.length - strip) + bytes.toString("utf8", at, end);
      at = end + 1;
    } else {
      const end = bytes.indexOf(0, at);
      path = bytes.toString("utf8", at, end);
      at = start + Math.ceil((end - start + 1) / 8) * 8;
    }
    if (at > bytes.length) return undefined;
    paths.push(path);
    previous = path;
  }
  return paths;
}

function repositoryRoot(ctx) {
  if (ctx.unknownBase || ctx.bases.length !== 1) return undefined;
  for (let dir = ctx.bases[0] ?? "/"; ; dir = dirname(dir)) {
    if (fileExists(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function currentBranch(top) {
  try {
    spend("fsCalls", 2);
    let gitDir = join(top, ".git");
    if (statSync(gitDir).isFile()) {
      const pointer = /^gitdir: (.+)$/m.exec(readFileSync(gitDir, "utf8"))?.[1];
      if (!pointer) return undefined;
      gitDir = resolve(top, pointer.trim());
    }
    const head = readFileSync(join(gitDir, "HEAD"), "utf8");
    return /^ref: refs\/heads\/(.+)$/m.exec(head)?.[1]?.trim();
  } catch (error) {
    if (error instanceof GuardError) throw error;
    return undefined;
  }
}

/** `date`: its format with every %x as 0, so the shape of its output is judged. */
function dateValue(args) {
  const format = args.map(single).find((word) => word?.startsWith("+"));
  if (format === undefined)
    return args.length === 0 ? known(["Thu Jan  1 00:00:00 UTC 1970\n"]) : dynamic("the output of date");
  return known([`${format.slice(1).replace(/%[-_0^#]?[A-Za-z%]/g, "0")}\n`]);
}

function pathFunctionValue(fn) {
  return (args) => {
    const values = args.filter((field) => !(single(field) ?? "").startsWith("-")).map((field) => field.value);
    if (values.length === 0) return dynamic("the output of a command without arguments");
    const found = values.find(isDynamic);
    if (found) return found;
    return known(values.flatMap((value) => value.strings.map((text) => `${fn(text)}\n`)));
  };
}

/**
 * grep, head, tail, sort and uniq reading stdin print some of the lines they read: their input
 * stands for their output (a superset of its names). `flags` they may have, `valued` options that
 * take the next word, `patterns` leading words that are a pattern (grep's). Anything else (a file,
 * -o, -c, -n) makes the output dynamic.
 */
function filterValue(name, flags, valued, patterns) {
  return (args, env) => {
    let left = patterns;
    for (let k = 0; k < args.length; k += 1) {
      const text = single(args[k]);
      if (text !== undefined && valued.test(text)) {
        if (text === "-e") left = 0;
        k += 1;
      } else if (text !== undefined && flags.test(text)) continue;
      else if (text !== undefined && !text.startsWith("-") && left > 0) left -= 1;
      else return dynamic(`the output of \`${name}\` with these arguments`);
    }
    return stdinValue(env) ?? EMPTY;
  };
}

/** The commands whose output the guard computes; every other command's output is dynamic. */
const PRINTERS = {
  echo: (args) => echoValue(args),
  printf: (args) => ((single(args[0]) ?? "") === "-v" ? EMPTY : printfValue(args)),
  cat: catValue,
  tee: (_args, env) => stdinValue(env) ?? EMPTY,
  pwd: (_args, env) => joinValues(folderValue(env.ctx), known(["\n"])),
  date: dateValue,
  nproc: () => known(["0\n"]),
  seq: () => known(["0\n"]),
  whoami: () => known([`${userInfo().username}\n`]),
  hostname: () => known([`${hostname()}\n`]),
  basename: pathFunctionValue((text) => basename(text)),
  dirname: pathFunctionValue((text) => dirname(text)),
  git: gitValue,
  grep: filterValue(
    "grep",
    /^-[viEFwxP]+$|^-[ABC]\d+$|^--(invert-match|ignore-case|extended-regexp|fixed-strings|word-regexp|line-regexp)$/,
    /^-[eABCm]$/,
    1,
  ),
  head: filterValue("head", /^-n?\d+$/, /^-n$/, 0),
  tail: filterValue("tail", /^-n?\d+$/, /^-n$/, 0),
  sort: filterValue("sort", /^-[urnfVbs]+$/, /^-[kt]$/, 0),
  uniq: filterValue("uniq", /^-[ud]+$/, /^$/, 0),
  mktemp: (args) => {
    const template = args.map(single).find((word) => word !== undefined && !word.startsWith("-"));
    return known([
      `${template ? template.replace(/X+$/, (xs) => "0".repeat(xs.length)) : "/tmp/tmp.0000000000"}\n`,
    ]);
  },
};

// ─── Brace expansion: {a,b} alternatives and {x..y} sequences, as bash does, within the bounds ──

/**
 * Every word bash's brace expansion makes of `word` ({a,b}, nested groups, {1..9}, {a..z..2},
 * {01..10}). Quoting is already gone, so a quoted brace expands too: that can only add names.
 * Past LIMITS.wordExpansions results, or the expansion or size bounds, it blocks.
 */
export function expandBraces(word) {
  if (!word.includes("{")) return [word];
  const done = [];
  const pending = [word];
  while (pending.length > 0) {
    const current = pending.pop() ?? "";
    const group = firstBraceGroup(current);
    if (!group) {
      spend("expansions");
      if (done.push(current) > LIMITS.wordExpansions)
        throw new GuardError(`a word expands to over ${LIMITS.wordExpansions} words`);
      continue;
    }
    const before = current.slice(0, group.open);
    const after = current.slice(group.close + 1);
    // Pushed last to first, so the words come out in bash's order.
    for (const choice of [...group.choices].reverse()) {
      spend("producedChars", before.length + choice.length + after.length);
      pending.push(before + choice + after);
    }
  }
  return done;
}

const MAX_BRACE_NESTING = 256;

/**
 * The first brace group that expands, innermost first, found in one pass with a stack: its
 * bounds and choices. `${...}` is a parameter, not a group; `{x}` and unmatched braces are text.
 */
function firstBraceGroup(word) {
  const stack = [];
  for (let i = 0; i < word.length; i += 1) {
    const char = word[i];
    if (char === "{") {
      if (stack.length >= MAX_BRACE_NESTING)
        throw new GuardError(`braces nest deeper than ${MAX_BRACE_NESTING} levels`);
      stack.push({ open: i, comma: false, parameter: word[i - 1] === "$" });
    } else if (char === "," && stack.length > 0) (stack.at(-1) ?? {}).comma = true;
    else if (char === "}" && stack.length > 0) {
      const frame = stack.pop() ?? { open: 0, comma: false, parameter: true };
      if (frame.parameter) continue;
      const body = word.slice(frame.open + 1, i);
      const choices = frame.comma ? topLevelChoices(body) : sequenceChoices(body);
      if (choices) return { open: frame.open, close: i, choices };
    }
  }
  return undefined;
}

function topLevelChoices(body) {
  const choices = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < body.length; i += 1) {
    if (body[i] === "{") depth += 1;
    else if (body[i] === "}") depth -= 1;
    else if (body[i] === "," && depth === 0) {
      choices.push(body.slice(from, i));
      from = i + 1;
    }
  }
  choices.push(body.slice(from));
  return choices;
}

const NUMBER_SEQUENCE = /^([-+]?\d{1,15})\.\.([-+]?\d{1,15})(?:\.\.([-+]?\d{1,15}))?$/;
const CHARACTER_SEQUENCE = /^([^\d\\])\.\.([^\d\\])(?:\.\.([-+]?\d{1,15}))?$/;

/** {x..y[..step]} with numbers (zero-padded like the widest end) or single characters; else undefined. */
function sequenceChoices(body) {
  if (body.length > 50) return undefined;
  const numbers = NUMBER_SEQUENCE.exec(body);
  const match = numbers ?? CHARACTER_SEQUENCE.exec(body);
  if (!match) return undefined;
  const end = (text = "") => (numbers ? Number(text) : (text.codePointAt(0) ?? 0));
  const from = end(match[1]);
  const to = end(match[2]);
  const step = Math.abs(Number(match[3] ?? 1)) || 1;
  const count = Math.floor(Math.abs(to - from) / step) + 1;
  if (count > LIMITS.wordExpansions)
    throw new GuardError(`the brace sequence {${body}} has over ${LIMITS.wordExpansions} items`);
  const format = numbers
    ? numberFormat(match[1] ?? "", match[2] ?? "")
    : (code) => String.fromCodePoint(code);
  const direction = to >= from ? 1 : -1;
  return Array.from({ length: count }, (_, k) => format(from + direction * k * step));
}

/** Numbers as bash writes them: padded with zeros to the wider end when either end has a leading zero. */
function numberFormat(first, last) {
  const padded = /^[-+]?0\d/.test(first) || /^[-+]?0\d/.test(last);
  const width = Math.max(first.replace(/^\+/, "").length, last.replace(/^\+/, "").length);
  if (!padded) return (n) => String(n);
  return (n) => (n < 0 ? `-${String(-n).padStart(width - 1, "0")}` : String(n).padStart(width, "0"));
}

// ─── Shell commands: which words a command may open, and what it runs ──────────────────────────

/**
 * Words that run the command after them, and the options they take first: `values` take the next
 * word, `chdir` moves the command to that folder, `split` is text env -S splits into a command,
 * `positional` words come before the command (timeout's duration).
 */
const WRAPPERS = new Map([
  [
    "sudo",
    {
      values: words(
        "-u -g -C -D -h -p -U -T -r -t --user --group --chdir --host --prompt --other-user --close-from --command-timeout --role --type",
      ),
      chdir: ["-D", "--chdir"],
    },
  ],
  ["doas", { values: ["-u", "-C"] }],
  [
    "env",
    {
      values: words("-u -C -S --unset --chdir --split-string"),
      chdir: ["-C", "--chdir"],
      split: ["-S", "--split-string"],
      assignments: true,
    },
  ],
  ["nice", { values: ["-n", "--adjustment"] }],
  ["ionice", { values: words("-c -n -p -P -u --class --classdata") }],
  ["stdbuf", { values: ["-i", "-o", "-e"] }],
  ["timeout", { values: words("-k -s --kill-after --signal"), positional: 1 }],
  ["exec", { values: ["-a"] }],
  ["taskset", { positional: 1 }],
  ["chrt", { positional: 1 }],
  ...words("nohup time builtin setsid caffeinate unbuffer busybox").map((word) => [word, {}]),
  ...words("if then else elif while until do ! { ( coproc").map((word) => [word, { keyword: true }]),
]);

/** Splits a wrapper's options from the command it runs (no side effects: see applyWrapper). */
function unwrap(spec, args) {
  const found = { rest: args, chdirs: [], splits: [], assignments: [] };
  if (spec.keyword) return found;
  let i = 0;
  while (i < args.length) {
    const text = single(args[i]);
    if (text === undefined) break;
    if (spec.assignments && /^[A-Za-z_]\w*=/.test(text)) {
      found.assignments.push(args[i]);
      i += 1;
      continue;
    }
    if (text === "--") {
      i += 1;
      break;
    }
    if (!text.startsWith("-") || text === "-") break;
    const eq = text.startsWith("--") ? text.indexOf("=") : -1;
    const option = eq > 0 ? text.slice(0, eq) : text;
    let value = eq > 0 ? { value: known([text.slice(eq + 1)]), word: args[i]?.word } : undefined;
    if (value === undefined && spec.values?.includes(option)) {
      value = args[i + 1];
      i += 1;
    }
    if (value && spec.chdir?.includes(option)) found.chdirs.push(value);
    if (value && spec.split?.includes(option)) found.splits.push(value);
    i += 1;
  }
  found.rest = args.slice(Math.min(args.length, i + (spec.positional ?? 0)));
  return found;
}

/** The command name and its arguments once wrappers (sudo, env, timeout, …) are set aside. */
function commandHead(fields) {
  let rest = fields;
  for (let guard = 0; guard < 16 && rest.length > 0; guard += 1) {
    const name = single(rest[0]);
    if (name === undefined) return { name: undefined, args: rest.slice(1) };
    const spec = WRAPPERS.get(basename(name));
    if (!spec) return { name: basename(name), path: name, args: rest.slice(1) };
    rest = unwrap(spec, rest.slice(1)).rest;
  }
  return { name: undefined, args: [] };
}

/** Commands whose plain arguments are never opened as files. */
const NON_READING_COMMANDS = new Set(
  words(
    "echo printf ls test [ [[ touch mkdir stat which type kill sleep true false : exit return shift wait date seq basename dirname pwd unset hash umask jobs popd dirs set shopt break continue nproc whoami id uname hostname tty clear times ulimit mktemp realpath readlink printenv tput sync case esac } fi done function",
  ),
);
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "fish", "ash", "mksh", "busybox"]);
const INTERPRETERS =
  /^(python[\d.]*|pypy[\d.]*|ipython\d?|node|nodejs|deno|bun|perl[\d.]*|ruby[\d.]*|irb|php[\d.]*|lua[\d.]*|luajit|tclsh|osascript|pwsh|powershell|rscript|julia|groovy|jshell)$/i;
const AWKS = new Set(["awk", "gawk", "mawk", "nawk"]);

/**
 * Why the simple command at parsed.commands[index] touches a secret (a reason to block), or
 * undefined; a reason to ask (it uses a name the guard cannot compute) goes to ctx.ask.
 */
function commandReason(parsed, index, ctx, depth) {
  const command = parsed.commands[index];
  if (!command) return undefined;
  const env = { command, parsed, index, ctx, depth };
  let at = 0;
  while (at < command.words.length && assignedName(command.words[at] ?? { parts: [] })) at += 1;
  for (const word of command.words.slice(0, at)) {
    const reason = assignmentReason(word, env);
    if (reason) return reason;
  }
  for (const redirect of command.redirects) {
    const reason = redirectReason(redirect, env);
    if (reason) return reason;
  }
  const fields = fieldsOf(command.words.slice(at), ctx, depth);
  return fields.length === 0 ? undefined : fieldsReason(fields, env);
}

/** The command named by the first field: each value it may have, split as the shell splits it. */
function fieldsReason(fields, env) {
  const [head, ...rest] = fields;
  if (!head) return undefined;
  if (isDynamic(head.value)) {
    noteAsk(
      env.ctx,
      `the command name ${wordText(head.word)} is computed when it runs (${head.value.dynamic})`,
    );
    return argumentsReason("?", rest, env);
  }
  for (const name of head.value.strings) {
    const splitter = splitsOnSpaces(head.word) ? fieldSplitter(env.ctx) : undefined;
    const tokens =
      splitter && !isDynamic(splitter) ? name.split(splitter).filter((piece) => piece !== "") : [name];
    const split = tokens.map((token) => ({ value: known([token]), word: head.word }));
    const reason =
      split.length === 0 ? fieldsReason(rest, env) : namedReason(split[0], [...split.slice(1), ...rest], env);
    if (reason) return reason;
  }
  return undefined;
}

function namedReason(head, args, env) {
  const path = single(head) ?? "";
  const name = basename(path);
  const wrapper = WRAPPERS.get(name);
  if (wrapper) return wrapperReason(name, wrapper, args, env);
  if (path.includes("/")) {
    const reason = valueReason(path, name, env) ?? scriptReason(head, "shell", env);
    if (reason) return reason;
    return argumentsReason(name, args, env);
  }
  // A name the line wrote a file under runs that file when PATH reaches it (PATH=.:$PATH).
  const written = scriptReason(head, "shell", env);
  if (written) return written;
  const handler = COMMAND_HANDLERS[name];
  if (handler) return handler(args, env, name);
  if (SHELLS.has(name)) return shellReason(name, args, env);
  if (INTERPRETERS.test(name)) return interpreterReason(name, args, env);
  if (NON_READING_COMMANDS.has(name)) return undefined;
  return argumentsReason(name, args, env);
}

function wrapperReason(name, spec, args, env) {
  const { ctx } = env;
  if (name === "command" && /^-[vV]/.test(single(args[0]) ?? "")) return undefined;
  const found = unwrap(spec, args);
  for (const field of found.assignments) {
    const reason = blockingValueReason(field.value, env);
    if (reason) return reason;
    const text = single(field) ?? "";
    assignVariable(ctx, text.slice(0, text.indexOf("=")), known([text.slice(text.indexOf("=") + 1)]));
  }
  for (const field of found.chdirs) moveTo(ctx, field, env);
  for (const field of found.splits) {
    const reason = programFieldReason(field, "shell", `\`${name} -S\``, env);
    if (reason) return reason;
  }
  return found.rest.length === 0 ? undefined : fieldsReason(found.rest, env);
}

/**
 * Options whose value the command uses as data, never as a name it opens: a value computed when
 * the command runs is harmless there. `atFile`: the option reads a file when its value starts with @.
 */
const DATA_OPTIONS = {
  git: "-m --message --author --committer --since --until --after --before --grep --format --pretty -S -G --date -n --max-count -b -B",
  gh: "-t --title -b --body -l --label -a --assignee -B --base -H --head -R --repo -m --milestone -r --reviewer --search -q --jq --template",
  docker:
    "-t --tag --name -e --env -l --label -p --publish --platform --build-arg --network -h --hostname -u --user -w --workdir",
  kubectl: "-n --namespace --context -l --selector",
  curl: "-H --header -A --user-agent -X --request -u --user -e --referer -w --write-out --data-raw -d --data --data-binary",
};
const AT_FILE_OPTIONS = new Set(["-H", "--header", "-w", "--write-out", "-d", "--data", "--data-binary"]);

/** A computed field that is the value of a data option (`-m "$(date)"`, `--author=$(…)`). */
function isDataValue(name, previous, field) {
  const options = DATA_OPTIONS[name]?.split(" ");
  if (!options) return false;
  const first = field.word?.parts[0];
  const lead = first?.lit ?? "";
  const attached = /^(--?[\w-]+)=/.exec(lead);
  const option = attached ? attached[1] : previous;
  if (!option || !options.includes(option)) return false;
  const value = attached ? lead.slice(attached[0].length) : lead;
  return !AT_FILE_OPTIONS.has(option) || (value !== "" && !value.startsWith("@"));
}

/** Every argument a command may open: a known one is judged as a path, a computed one asks. */
function argumentsReason(name, args, env) {
  chdirOptions(args, env);
  for (const [k, field] of args.entries()) {
    if (isDynamic(field.value) && isDataValue(name, single(args[k - 1]), field)) continue;
    if (isDynamic(field.value)) {
      noteAsk(
        env.ctx,
        `\`${name}\` gets ${wordText(field.word)}, a name computed when it runs (${field.value.dynamic})`,
      );
      continue;
    }
    for (const text of field.value.strings) {
      const reason = valueReason(text, name, env);
      if (reason) return reason;
    }
  }
  return undefined;
}

/** Options that run a command in another folder (git -C, make -C, tar -C, --directory=…). */
const CHDIR_OPTIONS = new Set([
  "-C",
  "--directory",
  "--chdir",
  "--cwd",
  "--prefix",
  "--work-tree",
  "--git-dir",
]);

function chdirOptions(args, env) {
  for (const [k, field] of args.entries()) {
    const text = single(field) ?? "";
    const eq = text.indexOf("=");
    if (eq > 0 && CHDIR_OPTIONS.has(text.slice(0, eq)))
      moveTo(env.ctx, { value: known([text.slice(eq + 1)]), word: field.word }, env);
    else if (CHDIR_OPTIONS.has(text) && args[k + 1]) moveTo(env.ctx, args[k + 1], env);
  }
}

/** A known string as every name it may stand for; the first secret blocks. */
function valueReason(text, name, env) {
  for (const candidate of pathCandidates(text, env.ctx)) {
    const reason = judgePath(candidate, env.ctx);
    if (reason) return `\`${name}\` touches ${candidate}: ${reason}`;
  }
  return speculativeReason(text, env);
}

/** Values that are data here (assignments, shell positional arguments) still block on a secret name. */
function blockingValueReason(value, env, name = "assignment") {
  if (isDynamic(value)) return undefined;
  for (const text of value.strings) {
    for (const candidate of pathCandidates(text, env.ctx)) {
      for (const base of env.ctx.bases) {
        const reason = pathReason(candidate, base);
        if (reason) return `\`${name}\` names ${candidate}: ${reason}`;
      }
    }
    const reason = speculativeReason(text, env);
    if (reason) return reason;
  }
  return undefined;
}

/**
 * A candidate judged in every folder the line may be in, and through every link or copy the line
 * made (`ln -s ~/.aws x; cat x/credentials`); a relative one under an unknown folder asks.
 */
function judgePath(candidate, ctx) {
  if (ctx.unknownBase && !isAbsolute(candidate) && !/^(~|-)/.test(candidate))
    noteAsk(ctx, `${candidate} is relative to ${ctx.unknownBase}`);
  for (const base of ctx.bases) {
    const reason =
      pathReason(candidate, base) ??
      (ctx.aliases.size > 0 ? madeNameReason(resolve(base, expandHome(candidate, base)), ctx) : undefined);
    if (reason) return reason;
  }
  return undefined;
}

function madeNameReason(path, ctx) {
  for (const [name, source] of ctx.aliases) {
    if (path !== name && !path.startsWith(`${name}/`)) continue;
    const reason = pathReason(source + path.slice(name.length), "/");
    if (reason) return `${path} is ${source + path.slice(name.length)} (made on this line): ${reason}`;
  }
  return undefined;
}

/**
 * ln, cp, mv and install make a name that stands for another file: the new name (and the new name
 * of each source inside a target folder) is judged as its source from then on.
 */
function copyReason(args, env, name) {
  const { ctx } = env;
  const names = [];
  let into;
  for (let i = 0; i < args.length; i += 1) {
    const text = single(args[i]);
    if (text === undefined) continue;
    if (text === "-t" || text === "--target-directory") {
      into = single(args[i + 1]);
      i += 1;
    } else if (text.startsWith("--target-directory=")) into = text.slice(19);
    else if (text === "-S" || text === "--suffix") i += 1;
    else if (!text.startsWith("-") || text === "-") names.push(text);
  }
  const target = into ?? names.pop();
  if (target !== undefined && ctx.aliases.size < 64) {
    for (const base of ctx.bases) {
      const to = resolve(base, expandHome(target, base));
      for (const source of names) {
        const from = resolve(base, expandHome(source, base));
        const linked = resolve(dirname(to), expandHome(source, base));
        for (const [alias, real] of [
          [to, from],
          [join(to, basename(from)), from],
          [to, linked],
        ]) {
          if (alias !== real && !ctx.aliases.has(alias)) {
            ctx.aliases.set(alias, real);
            if (ctx.compound) ctx.version += 1;
          }
        }
      }
    }
  }
  return argumentsReason(name, args, env);
}

const WORD_PIECES = /[^\s'"`()<>|;&,=:@{}]+/g;

/**
 * A value → strings that may name a file: itself, the value after =, after @ or < (curl -d @f,
 * -F f=@x, f=<x), a file: URL's path, embedded names, and braces expanded. Lazy, so a value of
 * 100,000 pieces costs only as much as is judged before a bound stops it.
 */
function* pathCandidates(text, ctx) {
  const seen = new Set();
  for (const form of valueForms(text, ctx)) {
    if (seen.has(form)) continue;
    seen.add(form);
    yield* expandBraces(form);
  }
}

function* valueForms(text, ctx) {
  // A name longer than PATH_MAX cannot be opened: only the names inside it can.
  if (text.length <= MAX_RESOLVED_PATH) yield text;
  const eq = text.indexOf("=");
  if (eq >= 0) yield text.slice(eq + 1);
  if (eq >= 0 && /^[@<]/.test(text.slice(eq + 1))) yield text.slice(eq + 2);
  if (/^[@<]/.test(text)) yield text.slice(1);
  const url = /file:/i.exec(text);
  if (url) yield* fileUrlPaths(text.slice(url.index));
  const separators = ifsSeparators(ctx);
  if (separators) for (const piece of text.split(separators)) yield piece;
  // Inside text with spaces (a message, a regular expression, code) a piece is a name at most,
  // never a pattern a program expands: `rg "import .* from"` globs nothing.
  const spaced = /\s/.test(text);
  for (const [piece] of text.matchAll(WORD_PIECES)) if (!(spaced && hasGlob(piece))) yield piece;
}

/** When IFS is set on the line, a value may split on its characters too. */
function ifsSeparators(ctx) {
  const entry = ctx?.vars.get("IFS");
  if (!entry || entry.strings.size === 0) return undefined;
  const chars = [...new Set([...entry.strings].join(""))].filter((char) => !" \t\n".includes(char));
  return chars.length === 0 ? undefined : new RegExp(characterClass(chars));
}

/** The paths a file: URL may open: percent-decoded once and twice, with and without a host. */
function* fileUrlPaths(url) {
  const rest = url.replace(/^file:/i, "");
  const path = rest.startsWith("//") ? rest.replace(/^\/\/[^/]*/, "") : rest;
  yield path;
  const once = percentDecoded(path);
  yield once;
  yield percentDecoded(once);
}

function percentDecoded(text) {
  return text.replace(/%([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function redirectReason(redirect, env) {
  const { ctx, depth } = env;
  const value = wordValue(redirect.word, ctx, depth);
  if (
    /[<>]&$/.test(redirect.op) &&
    !isDynamic(value) &&
    value.strings.every((text) => /^(\d+-?|-)$/.test(text))
  )
    return undefined;
  if (isDynamic(value)) {
    noteAsk(
      ctx,
      `a redirection to ${wordText(redirect.word)}, a name computed when it runs (${value.dynamic})`,
    );
    return undefined;
  }
  for (const text of value.strings) {
    if (text === "/dev/null") continue;
    for (const candidate of pathCandidates(text, ctx)) {
      const reason = judgePath(candidate, ctx);
      if (reason) return `redirection touches ${candidate}: ${reason}`;
    }
  }
  return undefined;
}

function assignmentReason(word, env) {
  const { ctx, depth } = env;
  const name = assignedName(word) ?? "";
  let value;
  if (word.array) {
    const elements = word.array.map((element) => wordValue(element, ctx, depth));
    value = elements.length === 0 ? EMPTY : anyOf(elements);
  } else value = partsValue(assignedParts(word), ctx, depth);
  if (/^[^=]*\+=/.test(word.parts[0]?.lit ?? "") && !isDynamic(value))
    value = anyOf([value, joinValues(variableValue(ctx, name), value)]);
  const reason =
    blockingValueReason(value, env, `${name}=`) ??
    (/^(BASH_ENV|ENV)$/.test(name) && !isDynamic(value)
      ? writtenText(value.strings, ctx) && scriptReason({ value, word }, "shell", env)
      : undefined);
  if (reason) return reason;
  assignVariable(ctx, name, value);
  return undefined;
}

/** cd and pushd: every folder the command may move to becomes a base for the relative names after it. */
function cdReason(args, env, name) {
  const { ctx } = env;
  let i = 0;
  while (i < args.length) {
    const text = single(args[i]);
    if (text === "--") {
      i += 1;
      break;
    }
    if (text !== undefined && /^-[LPe@]+$/.test(text)) i += 1;
    else break;
  }
  const target = args[i];
  if (!target || single(target) === "-") {
    moveTo(
      ctx,
      { value: variableValue(ctx, target ? "OLDPWD" : "HOME"), word: target?.word ?? { parts: [] } },
      env,
    );
    return undefined;
  }
  const reason = isDynamic(target.value) ? undefined : blockingValueReason(target.value, env, name);
  if (reason) return reason;
  moveTo(ctx, target, env);
  return undefined;
}

function moveTo(ctx, field, env) {
  if (isDynamic(field.value)) {
    if (ctx.unknownBase === undefined) {
      ctx.unknownBase = `a folder \`cd\` computes when it runs (${wordText(field.word)})`;
      if (ctx.compound) ctx.version += 1;
    }
    return;
  }
  for (const text of field.value.strings) {
    if (text === "-" || /^[+-]\d+$/.test(text)) continue;
    const expanded = expandHome(text, ctx.base);
    if (isAbsolute(expanded)) {
      addBase(ctx, resolve(expanded));
      continue;
    }
    for (const base of [...ctx.bases, ...cdPath(ctx, env)]) addBase(ctx, resolve(base, expanded));
  }
}

/** CDPATH's folders, where a relative cd also looks. */
function cdPath(ctx, env) {
  const value = ctx.vars.has("CDPATH") ? variableValue(ctx, "CDPATH") : known([process.env.CDPATH ?? ""]);
  if (isDynamic(value)) {
    moveTo(ctx, { value, word: { parts: [{ lit: "$CDPATH" }] } }, env);
    return [];
  }
  return value.strings
    .flatMap((text) => text.split(":"))
    .filter((dir) => dir !== "")
    .map((dir) => expandHome(dir, ctx.base));
}

function addBase(ctx, dir) {
  if (ctx.bases.includes(dir)) return;
  if (ctx.bases.length >= MAX_BASES) {
    ctx.unknownBase ??= `one of more than ${MAX_BASES} folders the line moves to`;
    return;
  }
  ctx.bases.push(dir);
  if (ctx.compound) ctx.version += 1;
}

/** export, declare, local, readonly, typeset: their NAME=value words are assignments. */
function declareReason(args, env) {
  const reference = args.some((field) => /^-[a-zA-Z]*n/.test(single(field) ?? ""));
  for (const field of args) {
    if (!field.word || !assignedName(field.word)) continue;
    if (reference) {
      assignVariable(env.ctx, assignedName(field.word) ?? "", dynamic("is a name reference"));
      continue;
    }
    const reason = assignmentReason(field.word, env);
    if (reason) return reason;
  }
  return undefined;
}

/** Names read, mapfile, readarray and getopts set from input: computed when the command runs. */
function readReason(args, env, name) {
  const valued =
    name === "read"
      ? ["-a", "-d", "-i", "-n", "-N", "-p", "-t", "-u"]
      : ["-d", "-n", "-O", "-s", "-u", "-C", "-c"];
  const names = [];
  for (let i = 0; i < args.length; i += 1) {
    const text = single(args[i]) ?? "";
    if (name !== "read" && text === "-C") {
      const reason = programFieldReason(args[i + 1], "shell", "mapfile's callback", env);
      if (reason) return reason;
    }
    if (text === "-a" && name === "read") names.push(single(args[i + 1]) ?? "");
    if (valued.includes(text)) i += 1;
    else if (!text.startsWith("-")) names.push(text);
  }
  if (names.length === 0) names.push(name === "read" ? "REPLY" : "MAPFILE");
  if (name === "getopts") names.splice(0, 1, "OPTARG");
  for (const variable of names)
    assignVariable(env.ctx, variable, dynamic(`is read by \`${name}\` when the command runs`));
  return undefined;
}

function letReason(args, env) {
  for (const field of args) {
    const variable = /^([A-Za-z_]\w*)/.exec(single(field) ?? "")?.[1];
    if (variable) assignVariable(env.ctx, variable, known(["0"]));
  }
  return undefined;
}

/** printf -v NAME sets NAME to what it would print. */
function printfReason(args, env) {
  if (single(args[0]) !== "-v") return undefined;
  const variable = single(args[1]) ?? "";
  assignVariable(env.ctx, variable, printfValue(args.slice(2)));
  return undefined;
}

/** trap 'text' SIGNAL and alias name='text': the text runs later as a shell program. */
function trapReason(args, env) {
  const first = single(args[0]);
  if (first === undefined && args[0]) return programFieldReason(args[0], "shell", "`trap`", env);
  if (first === undefined || /^-[lp]$/.test(first) || first === "-" || /^\d+$/.test(first)) return undefined;
  return programFieldReason(first === "--" ? args[1] : args[0], "shell", "`trap`", env);
}

function aliasReason(args, env) {
  for (const field of args) {
    if (isDynamic(field.value)) {
      noteAsk(env.ctx, `an alias of text computed when it runs (${field.value.dynamic})`);
      continue;
    }
    for (const text of field.value.strings) {
      const eq = text.indexOf("=");
      if (eq < 0) continue;
      const reason = programTextReason(known([text.slice(eq + 1)]), "shell", "the alias", env);
      if (reason) return reason;
    }
  }
  return undefined;
}

function evalReason(args, env) {
  let text = EMPTY;
  for (const [k, field] of args.entries())
    text = joinValues(text, k === 0 ? field.value : joinValues(known([" "]), field.value));
  return programTextReason(text, "shell", "`eval`", env);
}

/** source FILE and . FILE: a file written on this line, a process substitution's output, or a script on disk. */
function sourceReason(args, env, name) {
  const file = args[0]?.value && single(args[0]) === "--" ? args[1] : args[0];
  if (!file) return undefined;
  return scriptReason(file, "shell", env) ?? argumentsReason(name, [file], env);
}

/**
 * A shell's program: -c TEXT, a script file, or what it reads on stdin (here-documents, a pipe).
 * Text it runs is judged as a command; text computed when it runs asks.
 */
function shellReason(name, args, env) {
  let i = 0;
  let takesText = false;
  let readsStdin = false;
  while (i < args.length) {
    const text = single(args[i]);
    if (text === undefined) break;
    if (text === "--" || text === "-") {
      readsStdin ||= text === "-";
      i += 1;
      break;
    }
    if (/^[-+][oO]$/.test(text) || text === "--rcfile" || text === "--init-file") {
      i += 2;
      continue;
    }
    if (!/^[-+]/.test(text)) break;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(text)) takesText = true;
    if (/^-[a-zA-Z]*s[a-zA-Z]*$/.test(text)) readsStdin = true;
    i += 1;
  }
  const rest = args.slice(i);
  if (takesText) {
    const reason = programFieldReason(rest[0], "shell", `\`${name} -c\``, env);
    return reason ?? positionalReason(name, rest.slice(1), env);
  }
  if (!readsStdin && rest.length > 0) {
    const reason = scriptReason(rest[0], "shell", env) ?? argumentsReason(name, rest.slice(0, 1), env);
    return reason ?? positionalReason(name, rest.slice(1), env);
  }
  const fed = stdinValue(env);
  if (fed) {
    const reason = programTextReason(fed, "shell", `\`${name}\` from stdin`, env);
    if (reason) return reason;
  }
  return positionalReason(name, rest, env);
}

/** Arguments a shell hands its program as $1…: a known secret name still blocks. */
function positionalReason(name, args, env) {
  for (const field of args) {
    const reason = blockingValueReason(field.value, env, name);
    if (reason) return reason;
  }
  return undefined;
}

/** Names of stdin and of file descriptors, which a shell or interpreter reads its program from. */
const STDIN_NAMES = /^(-|\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/(self|\d+)\/fd\/\d+)$/;

/** A script named by a field: written on this line (judged), a process substitution (its output), or on disk. */
function scriptReason(field, kind, env) {
  const proc = field?.word?.parts.find((part) => part.proc);
  if (proc)
    return programTextReason(
      substitutionValue(proc.proc, env.ctx, env.depth),
      kind,
      "a process substitution's output",
      env,
    );
  if (!field) return undefined;
  if (isDynamic(field.value)) {
    noteAsk(env.ctx, `it runs a script named when it runs (${field.value.dynamic})`);
    return undefined;
  }
  if (field.value.strings.some((name) => STDIN_NAMES.test(name))) {
    const fed = stdinValue(env) ?? dynamic("the program it reads from a file descriptor");
    return programTextReason(fed, kind, `a script read from ${field.value.strings[0]}`, env);
  }
  const text = writtenText(field.value.strings, env.ctx);
  return text
    ? programTextReason(text, kind, `the script ${field.value.strings[0]} written on this line`, env)
    : undefined;
}

function programFieldReason(field, kind, what, env) {
  if (!field) return undefined;
  return programTextReason(field.value, kind, what, env);
}

/** Text run as a program: a shell's is judged as a command line, another language's by its names. */
function programTextReason(value, kind, what, env) {
  if (isDynamic(value)) {
    noteAsk(env.ctx, `${what} runs text computed when it runs (${value.dynamic})`);
    return undefined;
  }
  for (const text of value.strings) {
    const reason = kind === "shell" ? programReason(text, env) : codeReason(text, env);
    if (reason) return `text run by ${what}: ${reason}`;
  }
  return undefined;
}

/** A shell program inside the line (sh -c, eval, a fed script): judged in the same context. */
function programReason(text, env) {
  return parsedReason(parseShell(text, 0, "", env.depth + 1), env.ctx, env.depth + 1);
}

/**
 * Text that may be a shell program somewhere later (a git option, an ssh command, a JSON script
 * entry): lexed as one, and only a secret it names for certain blocks. Text that does not lex is
 * not a program.
 */
function speculativeReason(text, env) {
  if (!/['"\\$`]/.test(text) || env.depth + 1 >= LIMITS.depth) return undefined;
  let parsed;
  try {
    parsed = parseShell(text, 0, "", env.depth + 1);
  } catch (error) {
    if (error instanceof ShellSyntaxError || error instanceof DepthError) return undefined;
    throw error;
  }
  try {
    return judgeParsed(parsed, childContext(env.ctx), env.depth + 1);
  } catch (error) {
    if (error instanceof ShellSyntaxError || error instanceof DepthError) return undefined;
    throw error;
  }
}

/** Flags after which an interpreter takes its program as the next word. */
const CODE_FLAGS = {
  python: ["-c"],
  node: ["-e", "--eval", "-p", "--print"],
  bun: ["-e", "--eval", "-p", "--print"],
  deno: ["eval"],
  php: ["-r"],
  pwsh: ["-c", "-Command", "-command", "-EncodedCommand", "-e", "-ec"],
  powershell: ["-c", "-Command", "-command", "-EncodedCommand", "-e", "-ec"],
};

function codeFlag(name, text) {
  const family = name.replace(/[\d.]+$/, "").toLowerCase();
  const flags = CODE_FLAGS[family] ?? CODE_FLAGS[family.replace(/^(pypy|ipython)$/, "python")];
  if (flags) return flags.includes(text);
  if (/^(perl|ruby)/.test(family)) return /^-[a-zA-Z]*[eE]$/.test(text);
  return ["-c", "-e", "-E", "--eval"].includes(text);
}

/**
 * Python, Node, Perl, Ruby and other interpreters: inline programs, a script, or the program on
 * stdin, judged by codeReason; their other arguments may be opened like any command's.
 */
function interpreterReason(name, args, env) {
  const codes = [];
  let i = 0;
  let program = false;
  let module = false;
  while (i < args.length) {
    const text = single(args[i]);
    if (text !== undefined && codeFlag(name, text)) {
      codes.push(args[i + 1]);
      i += 2;
      continue;
    }
    if (text === "-m" && /^py|^ipy/i.test(name)) {
      module = true;
      i += 2;
      break;
    }
    if (text === "--" || text === "-") {
      program ||= text === "-";
      i += 1;
      break;
    }
    if (text === undefined || !text.startsWith("-")) break;
    i += 1;
  }
  for (const field of codes) {
    const reason = programFieldReason(field, "code", `\`${name}\``, env);
    if (reason) return reason;
  }
  const rest = args.slice(i);
  for (const field of args) {
    const named = single(field);
    const reason =
      named &&
      (writtenProgramReason(named, env) ?? (module ? writtenProgramReason(`${named}.py`, env) : undefined));
    if (reason) return reason;
  }
  if (codes.length === 0 && !module && !program && rest.length > 0) {
    const reason = scriptReason(rest[0], "code", env);
    if (reason) return reason;
  } else if (codes.length === 0 && !module) {
    const fed = stdinValue(env);
    if (fed) {
      const reason = programTextReason(fed, "code", `\`${name}\` from stdin`, env);
      if (reason) return reason;
    }
  }
  return argumentsReason(name, rest, env);
}

const STRING_LITERALS = /(['"`])((?:\\[\s\S]|(?!\1)[^\\\n])*)\1/g;
/** x.replace('a', 'b') with both texts written out: the guard applies it to every string of the program. */
const LITERAL_REPLACE = /\.replace(?:All)?\(\s*(['"])([^'"\\\n]*)\1\s*,\s*(['"])([^'"\\\n]*)\3\s*\)/g;
/** What lets a program open a file or run a command by a name it holds. */
const FILE_CAPABILITY =
  /\b(open|fopen|file|file_get_contents|readfile|readFile|readFileSync|createReadStream|openSync|read_text|read_bytes|read_\w+|loadtxt|genfromtxt|Path|pathlib|subprocess|system|popen|spawn|spawnSync|execSync|execFile|exec|eval|compile|__import__|importlib|getattr|fileinput|codecs|shutil|linecache|child_process|Function|require|include|passthru|shell_exec|readpipe|File|IO|Kernel|Deno|Bun)\s*[.(]|\b(open|ARGV|ARGF|qx)\b|`|<\$?\w*>/;
/** What builds a name the program's text does not spell out: escapes, joins, decoders, input. */
const NAME_CONSTRUCTION = new RegExp(
  [
    String.raw`\\(?![ntr\\])`, // an escape other than \n \t \r \\
    String.raw`['"\x60]\s*\+|\+\s*['"\x60]`, // "a" + b
    String.raw`['"]\s*\.\s*['"$]|['"]\s+\.\s|\s\.\s+['"]`, // Perl's and PHP's "a" . "b"
    String.raw`['"]\s+['"]`, // "a" "b", Python's implicit join
    String.raw`\b(chr|ord|fromCharCode|fromCodePoint|unescape|decodeURI\w*|atob|b64decode|base64|Buffer|bytes|bytearray|decode|unhexlify|fromhex|rot13|format|sprintf|pack|reverse|reversed|concat|map|lambda|reduce)\b`,
    String.raw`\b(getenv|environ|ENV|argv|ARGV|stdin|STDIN|input|readline|listdir|scandir|walk|readdir|iterdir|glob|Dir|opendir|raw)\b`, // names from outside the text
    String.raw`\$\{|\bf['"]|%\s*\(|%[sd]|\[::-1\]`, // templates, f-strings, % formats, reversal
    String.raw`\.replace(All)?\(\s*[^'"\s]|\.replace(All)?\(\s*['"][^'"]*['"]\s*,\s*[^'"\s]`, // a replace whose text is not written out
    String.raw`['"]\/?['"]\s*\.join\(|\bjoin\(\s*['"]\/?['"]|\bpath\.join\(`, // joins that make names
  ].join("|"),
);

/**
 * A program in another language: every name and string in it is judged as a path, strings are
 * also tried as shell programs, and one that can open files while building a name asks.
 */
function codeReason(text, env) {
  const { ctx } = env;
  for (const token of text.split(/\s+/)) {
    if (token === "") continue;
    const reason = valueReasonQuiet(token, env);
    if (reason) return reason;
  }
  const literals = [...text.matchAll(STRING_LITERALS)].map((match) => match[2] ?? "");
  const replaced = [...text.matchAll(LITERAL_REPLACE)].flatMap(([, , from = "", , to = ""]) =>
    literals
      .filter((literal) => from !== "" && literal.includes(from))
      .map((literal) => literal.split(from).join(to)),
  );
  for (const body of [...literals, ...replaced]) {
    const reason =
      valueReasonQuiet(body, env) ?? speculativeReason(body, env) ?? writtenProgramReason(body, env);
    if (reason) return reason;
  }
  if (FILE_CAPABILITY.test(text) && NAME_CONSTRUCTION.test(text))
    noteAsk(ctx, "a program that can open files builds a name when it runs");
  return undefined;
}

/** A string naming a file written on this line (`exec(open('x.py').read())`): that file's text is judged too. */
function writtenProgramReason(name, env) {
  const text = name === "" ? undefined : writtenText([name], env.ctx);
  if (!text) return undefined;
  return (
    programTextReason(text, "code", `the file ${name} written on this line`, env) ??
    programTextReason(text, "shell", `the file ${name} written on this line`, {
      ...env,
      ctx: childContext(env.ctx),
    })
  );
}

function valueReasonQuiet(text, env) {
  for (const candidate of pathCandidates(text, env.ctx)) {
    const reason = judgePath(candidate, env.ctx);
    if (reason) return `touches ${candidate}: ${reason}`;
  }
  return undefined;
}

/** awk's program: one that runs commands or reads other files (system, getline, pipes) asks. */
const AWK_CAPABILITY = /\b(system|getline|ARGV|ARGC)\b|\|\s*"|\bprintf?\b[^;}\n]*[>|]/;

function awkReason(args, env, name) {
  const files = [];
  let program;
  for (let i = 0; i < args.length; i += 1) {
    const text = single(args[i]);
    if (text === "-f" || text === "--file") {
      program ??= { value: known([""]) };
      const reason = fileProgramReason(args[i + 1], (body) => awkProgramReason(body, env, name), env);
      if (reason) return reason;
      files.push(args[i + 1]);
      i += 1;
    } else if (text === "-v" || text === "-F" || text === "--assign" || text === "--field-separator") {
      const reason = args[i + 1] ? blockingValueReason(args[i + 1].value, env, name) : undefined;
      if (reason) return reason;
      i += 1;
    } else if (program === undefined && !(text ?? "").startsWith("-")) program = args[i];
    else if (program !== undefined && !(text ?? "").startsWith("-")) files.push(args[i]);
  }
  if (program && isDynamic(program.value))
    noteAsk(env.ctx, `\`${name}\` runs a program computed when it runs`);
  else if (program) {
    for (const text of program.value.strings) {
      const reason = awkProgramReason(text, env, name);
      if (reason) return reason;
    }
  }
  return argumentsReason(name, files.filter(Boolean), env);
}

function awkProgramReason(text, env, name) {
  const reason = codeReason(text, env);
  if (!reason && AWK_CAPABILITY.test(text))
    noteAsk(env.ctx, `the \`${name}\` program runs commands or reads files by names it holds`);
  return reason;
}

/**
 * A program read from a file (awk -f, sed -f): a process substitution's output, stdin, or a file
 * written on this line is judged with `judge`; a file already on disk is a program the guard does not read.
 */
function fileProgramReason(field, judge, env) {
  if (!field) return undefined;
  const proc = field.word?.parts.find((part) => part.proc);
  const value = proc
    ? substitutionValue(proc.proc, env.ctx, env.depth)
    : isDynamic(field.value)
      ? field.value
      : field.value.strings.some((name) => STDIN_NAMES.test(name))
        ? (stdinValue(env) ?? dynamic("a program read from a file descriptor"))
        : writtenText(field.value.strings, env.ctx);
  if (value === undefined) return undefined;
  if (isDynamic(value)) {
    noteAsk(env.ctx, `it runs a program file computed when it runs (${value.dynamic})`);
    return undefined;
  }
  for (const text of value.strings) {
    const reason = judge(text);
    if (reason) return reason;
  }
  return undefined;
}

/** sed: its scripts' e command and s///e run text as a shell program; r, R, w, W name files. */
function sedReason(args, env, name) {
  const scripts = [];
  const files = [];
  let scripted = false;
  for (let i = 0; i < args.length; i += 1) {
    const text = single(args[i]);
    if (text === "-e" || text === "--expression") {
      scripts.push(args[i + 1]);
      i += 1;
    } else if (text?.startsWith("--expression="))
      scripts.push({ value: known([text.slice(13)]), word: args[i]?.word });
    else if (text === "-f" || text === "--file") {
      const reason = fileProgramReason(args[i + 1], (body) => sedScriptReason(body, env), env);
      if (reason) return reason;
      scripted = true;
      files.push(args[i + 1]);
      i += 1;
    } else if (text === "-l" || text === "--line-length") i += 1;
    else if (text === undefined || !text.startsWith("-") || text === "-") files.push(args[i]);
  }
  if (scripts.length === 0 && !scripted && files.length > 0) scripts.push(files.shift());
  for (const field of scripts) {
    if (!field) continue;
    if (isDynamic(field.value)) {
      noteAsk(env.ctx, `\`sed\` runs a script computed when it runs (${field.value.dynamic})`);
      continue;
    }
    for (const script of field.value.strings) {
      const reason = sedScriptReason(script, env);
      if (reason) return reason;
    }
  }
  return argumentsReason(name, files.filter(Boolean), env);
}

function sedScriptReason(script, env) {
  const end = script.length;
  const lineEnd = (from) => {
    const newline = script.indexOf("\n", from);
    return newline < 0 ? end : newline;
  };
  let i = 0;
  while (i < end) {
    while (i < end && /[\s;]/.test(script[i] ?? "")) i += 1;
    if (i >= end) break;
    i = skipSedAddresses(script, i);
    while (i < end && /[\s!]/.test(script[i] ?? "")) i += 1;
    const command = script[i] ?? "";
    i += 1;
    if ("{}=dDgGhHnNpPxzF".includes(command)) continue;
    if (command === "#" || command === ":" || "aic".includes(command)) {
      i = lineEnd(i);
      continue;
    }
    if (command === "e") {
      const text = script.slice(i, lineEnd(i)).trim();
      i = lineEnd(i);
      if (text === "") noteAsk(env.ctx, "`sed e` runs the text it is reading as a command");
      const reason = text === "" ? undefined : programTextReason(known([text]), "shell", "`sed e`", env);
      if (reason) return reason;
      continue;
    }
    if ("rRwW".includes(command)) {
      const file = script.slice(i, lineEnd(i)).trim();
      i = lineEnd(i);
      const reason = valueReason(file, "sed", env);
      if (reason) return reason;
      continue;
    }
    if (command === "s" || command === "y") {
      const delimiter = script[i] ?? "";
      i = delimitedEnd(script, i + 1, delimiter) + 1;
      i = delimitedEnd(script, i, delimiter) + 1;
      if (command === "y") continue;
      const flagsStart = i;
      while (i < end && !/[;\n}w]/.test(script[i] ?? "")) i += 1;
      if (script.slice(flagsStart, i).includes("e"))
        noteAsk(env.ctx, "`sed s///e` runs the text it makes as a command");
      if (script[i] === "w") {
        const reason = valueReason(script.slice(i + 1, lineEnd(i)).trim(), "sed", env);
        if (reason) return reason;
        i = lineEnd(i);
      }
      continue;
    }
    if ("btTqQlLv".includes(command)) {
      while (i < end && !/[;\n}]/.test(script[i] ?? "")) i += 1;
      continue;
    }
    noteAsk(env.ctx, "a `sed` script it cannot read");
    return undefined;
  }
  return undefined;
}

function skipSedAddresses(script, from) {
  let i = from;
  for (let k = 0; k < 2; k += 1) {
    while (script[i] === " ") i += 1;
    const char = script[i] ?? "";
    if (/\d/.test(char)) while (/[\d~]/.test(script[i] ?? "")) i += 1;
    else if (char === "$") i += 1;
    else if (char === "/" || char === "\\") {
      const delimiter = char === "\\" ? (script[i + 1] ?? "") : "/";
      i = delimitedEnd(script, char === "\\" ? i + 2 : i + 1, delimiter) + 1;
      while (/[IM]/.test(script[i] ?? "")) i += 1;
    } else if (k === 1 && (char === "+" || char === "~")) {
      i += 1;
      while (/\d/.test(script[i] ?? "")) i += 1;
    } else break;
    while (script[i] === " ") i += 1;
    if (k === 0 && script[i] === ",") i += 1;
    else break;
  }
  return i;
}

function delimitedEnd(text, from, delimiter) {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === "\\") i += 1;
    else if (text[i] === delimiter) return i;
  }
  return text.length;
}

/** find: -exec runs a command on names find finds ({}), which the guard cannot know. */
function findReason(args, env, name) {
  const plain = [];
  for (let i = 0; i < args.length; i += 1) {
    const text = single(args[i]) ?? "";
    if (/^-(exec|execdir|ok|okdir)$/.test(text)) {
      let j = i + 1;
      while (j < args.length && !/^[;+]$/.test(single(args[j]) ?? "")) j += 1;
      const inner = args
        .slice(i + 1, j)
        .map((field) =>
          (field.value.strings ?? []).some((piece) => piece.includes("{}"))
            ? { value: dynamic("is a name `find` finds when it runs"), word: field.word }
            : field,
        );
      const reason = fieldsReason(inner, env);
      if (reason) return reason;
      i = j;
    } else plain.push(args[i]);
  }
  return argumentsReason(name, plain, env);
}

/** fd -x / -X: a command run on the names fd finds ({}, {/}, {.}…, or appended). */
function fdReason(args, env, name) {
  const at = args.findIndex((field) => /^(-x|-X|--exec|--exec-batch)$/.test(single(field) ?? ""));
  if (at < 0) return argumentsReason(name, args, env);
  const end = args.findIndex((field, k) => k > at && single(field) === ";");
  const found = {
    value: dynamic(`is a name \`${name}\` finds when it runs`),
    word: { parts: [{ lit: "{}" }] },
  };
  const command = args.slice(at + 1, end < 0 ? args.length : end);
  const placed = command.some((field) =>
    (field.value.strings ?? []).some((piece) => /\{\/?\/?\.?\}/.test(piece)),
  );
  const inner = placed
    ? command.map((field) =>
        (field.value.strings ?? []).some((piece) => /\{\/?\/?\.?\}/.test(piece))
          ? { ...found, word: field.word }
          : field,
      )
    : [...command, found];
  return argumentsReason(name, args.slice(0, at), env) ?? fieldsReason(inner, env);
}

/** xargs: the names it reads on stdin become arguments of its command. */
function xargsReason(args, env, name) {
  const valued =
    "-a --arg-file -d --delimiter -E -I -L -n -P -s --max-args --max-procs --max-chars --max-lines --process-slot-var".split(
      " ",
    );
  let i = 0;
  let replace;
  let file;
  let split = "words";
  while (i < args.length) {
    const text = single(args[i]);
    if (text === "-0" || text === "--null" || text === "-d" || text?.startsWith("--delimiter"))
      split = "whole";
    else if (text === "-L" || text === "-I" || /^-[il]/.test(text ?? "")) split = "lines";
    if (text === undefined || !text.startsWith("-")) break;
    if (text === "--") {
      i += 1;
      break;
    }
    if (text === "-I") replace = single(args[i + 1]);
    else if (/^-i/.test(text)) replace = text.slice(2) || "{}";
    if (text === "-a" || text === "--arg-file") file = args[i + 1];
    i += valued.includes(text) ? 2 : 1;
  }
  const command =
    args.slice(i).length > 0 ? args.slice(i) : [{ value: known(["echo"]), word: { parts: [] } }];
  let data = stdinValue(env) ?? EMPTY;
  if (file) {
    const reason = argumentsReason(name, [file], env);
    if (reason) return reason;
    data = isDynamic(file.value)
      ? file.value
      : (writtenText(file.value.strings, env.ctx) ?? dynamic("names read from a file"));
  }
  if (isDynamic(data)) {
    const head = commandHead(command);
    if (!head.name || !NON_READING_COMMANDS.has(head.name))
      noteAsk(env.ctx, `\`xargs\` passes names it reads when it runs (${data.dynamic})`);
    return fieldsReason(command, env);
  }
  for (const text of data.strings) {
    for (const items of xargsItems(text, split)) {
      const fields = replace ? replaced(command, replace, items) : [...command, ...items.map(literalField)];
      const reason = fieldsReason(fields, env);
      if (reason) return reason;
    }
  }
  return undefined;
}

/** GNU parallel: like xargs, with the items after ::: (or on stdin) put in place of {} or after the command. */
function parallelReason(args, env, name) {
  const split = args.findIndex((field) => /^:::+$/.test(single(field) ?? ""));
  let at = 0;
  while (at < args.length && (single(args[at]) ?? "").startsWith("-")) at += 1;
  const command = args.slice(at, split < 0 ? args.length : split);
  const sources = split < 0 ? [stdinValue(env) ?? EMPTY] : args.slice(split + 1).map((field) => field.value);
  const data = anyOf(sources.map((value) => (isDynamic(value) ? value : known([value.strings.join("\n")]))));
  if (isDynamic(data)) {
    noteAsk(env.ctx, `\`${name}\` passes names it reads when it runs (${data.dynamic})`);
    return fieldsReason(command, env);
  }
  for (const text of data.strings) {
    for (const items of xargsItems(text)) {
      const reason = fieldsReason(
        replaced(command, "{}", items).concat(
          command.some((field) => (field.value.strings ?? []).some((piece) => piece.includes("{}")))
            ? []
            : items.map(literalField),
        ),
        env,
      );
      if (reason) return reason;
    }
  }
  return undefined;
}

const literalField = (text) => ({ value: known([text]), word: { parts: [{ lit: text, q: true }] } });

/** xargs -I R: each item in place of R. */
function replaced(command, replace, items) {
  return command.map((field) =>
    (field.value.strings ?? []).some((piece) => piece.includes(replace))
      ? {
          ...field,
          value: known(
            items.flatMap((item) => field.value.strings.map((piece) => piece.split(replace).join(item))),
          ),
        }
      : field,
  );
}

/**
 * The ways xargs may split what it reads: with -0 or -d, at NULs or the delimiter (taken as any
 * separator, the whole text included); with -L or -I, its lines; else its blank-separated words,
 * also with xargs' own quotes and backslashes removed.
 */
function xargsItems(text, split = "words") {
  const trimmed = text.replace(/\n$/, "");
  if (split === "whole") return [[text], [trimmed], trimmed.split(/[\n\0]/)];
  if (split === "lines") return [trimmed.split("\n")];
  const words = trimmed.split(/[\s\0]+/).filter((piece) => piece !== "");
  return [words, words.map((word) => word.replace(/["'\\]/g, ""))];
}

const COMMAND_HANDLERS = {
  cd: cdReason,
  pushd: cdReason,
  export: declareReason,
  declare: declareReason,
  typeset: declareReason,
  local: declareReason,
  readonly: declareReason,
  read: readReason,
  mapfile: readReason,
  readarray: readReason,
  getopts: readReason,
  let: letReason,
  printf: printfReason,
  trap: trapReason,
  alias: aliasReason,
  eval: evalReason,
  source: sourceReason,
  ".": sourceReason,
  sed: sedReason,
  find: findReason,
  fd: fdReason,
  fdfind: fdReason,
  ln: copyReason,
  link: copyReason,
  cp: copyReason,
  mv: copyReason,
  install: copyReason,
  xargs: xargsReason,
  parallel: parallelReason,
  command: (args, env) => (/^-[vV]/.test(single(args[0]) ?? "") ? undefined : fieldsReason(args, env)),
  for: forReason,
  select: forReason,
  shopt: shoptReason,
  function: (args, env) => {
    const open = args.findIndex((field) => single(field) === "{");
    return open < 0 ? undefined : fieldsReason(args.slice(open + 1), env);
  },
  ...Object.fromEntries([...AWKS].map((name) => [name, awkReason])),
};

/** shopt -s dotglob (or extglob) makes * match dotfiles from then on: judged so for the whole line. */
function shoptReason(args, env) {
  for (const field of args) {
    if (isDynamic(field.value))
      noteAsk(env.ctx, `\`shopt\` sets options computed when it runs (${field.value.dynamic})`);
    else if (field.value.strings.some((text) => /dotglob|extglob/.test(text))) setDotglob(env.ctx);
  }
  return undefined;
}

function setDotglob(ctx) {
  if (ctx.dotglob) return;
  ctx.dotglob = true;
  ctx.version += 1;
}

/** for NAME in WORDS: NAME takes each word; the words themselves still block on a secret name. */
function forReason(args, env) {
  const variable = single(args[0]);
  const at = args.findIndex((field) => single(field) === "in");
  if (!variable || !/^[A-Za-z_]\w*$/.test(variable)) return undefined;
  const words = at < 0 ? [] : args.slice(at + 1);
  for (const field of words) {
    const reason = blockingValueReason(field.value, env, "for");
    if (reason) return reason;
  }
  const value =
    at < 0
      ? dynamic("is set from $@ when the command runs")
      : words.length === 0
        ? EMPTY
        : anyOf(words.map((field) => field.value));
  assignVariable(env.ctx, variable, value);
  return undefined;
}

/** What a command writes into the files its > and >> (and tee's arguments) name, for a later `sh file`. */
function rememberWritten(parsed, index, ctx, depth) {
  const command = parsed.commands[index];
  if (!command) return;
  const targets = command.redirects.filter(isStdoutToFile);
  const head = commandHead(
    fieldsOf(
      command.words.filter((word) => !assignedName(word)),
      ctx,
      depth,
    ),
  );
  const teeFiles =
    head.name === "tee" ? head.args.filter((field) => !(single(field) ?? "-").startsWith("-")) : [];
  if (targets.length === 0 && teeFiles.length === 0) return;
  const text = printedValue(parsed, index, ctx, depth, true);
  const append = head.name === "tee" && head.args.some((field) => /^-[a-z]*a/.test(single(field) ?? ""));
  const write = (field, appends) => {
    if (isDynamic(field.value)) return;
    for (const name of field.value.strings) {
      const path = resolve(ctx.base, expandHome(name, ctx.base));
      const before = ctx.written.get(path);
      if (ctx.written.size >= 64 && !before) continue;
      if (ctx.compound && appends)
        ctx.written.set(path, dynamic("is appended to on a line with loops or functions"));
      else ctx.written.set(path, appends && before ? joinValues(before, text) : text);
      if (ctx.compound && !before) ctx.version += 1;
    }
  };
  for (const redirect of targets)
    write({ value: wordValue(redirect.word, ctx, depth) }, redirect.op.endsWith(">>"));
  for (const field of teeFiles) write(field, append);
}

/**
 * Judges a parsed line, again while judging it taught the guard new values of its variables. A cd
 * and a write to a file apply to the commands after them, in order; on a line with loops,
 * functions, traps or aliases (compound) text may run after a later cd or write, so there they
 * apply to every command and are kept from one pass to the next.
 */
function judgeParsed(parsed, ctx, depth) {
  for (let pass = 1; ; pass += 1) {
    const before = ctx.version;
    ctx.ask = undefined;
    if (!ctx.compound)
      Object.assign(ctx, {
        written: new Map(),
        bases: [ctx.base],
        unknownBase: undefined,
        aliases: new Map(),
      });
    matchDotfiles = ctx.dotglob;
    const reason = parsedReason(parsed, ctx, depth);
    if (reason) return reason;
    if (ctx.version === before) return undefined;
    if (pass === MAX_PASSES) {
      noteAsk(ctx, "its variables keep taking new values as the line runs");
      return undefined;
    }
  }
}

function parsedReason(parsed, ctx, depth) {
  checkDepth(depth, "shell command");
  for (const inner of parsed.nested) {
    const reason = parsedReason(inner, ctx, depth + 1);
    if (reason) return reason;
  }
  for (let index = 0; index < parsed.commands.length; index += 1) {
    const reason = commandReason(parsed, index, ctx, depth);
    if (reason) return reason;
    rememberWritten(parsed, index, ctx, depth);
  }
  return undefined;
}

/** { block } when the command touches a secret, { ask } when it uses a name the guard cannot compute, else {}. */
export function shellVerdict(text, base, depth = 0) {
  const ctx = newShellContext(base);
  const plain = text.replace(/['"\\]/g, "");
  ctx.dotglob = /dotglob|GLOBIGNORE/.test(plain);
  ctx.compound = /\b(for|while|until|select|function|trap|alias)\b|\(\s*\)/.test(plain);
  try {
    const block = judgeParsed(parseShell(text, 0, "", depth), ctx, depth);
    return block ? { block } : ctx.ask ? { ask: ctx.ask } : {};
  } finally {
    matchDotfiles = true;
  }
}

/** Text that may be run as a shell command (an MCP tool's argument): only a secret it names for certain blocks. */
export function maybeProgramVerdict(text, base) {
  const ctx = newShellContext(base);
  const block = speculativeReason(text, { ctx, depth: 0 });
  return block ? { block } : {};
}

/** Program text under `code` and `script` (Claude's REPL, a Workflow script): judged like an interpreter's. */
export function programVerdict(text, base) {
  const ctx = newShellContext(base);
  const block = codeReason(text, { ctx, depth: 0 });
  return block ? { block } : ctx.ask ? { ask: ctx.ask } : {};
}

// ─── Content ───────────────────────────────────────────────────────────────────────────────────

const GLOBAL_REGEXES = new Map();

/** The first rule with a match that its allow-list does not excuse, or undefined. */
export function secretContentRule(text) {
  for (const rule of SECRET_CONTENT_RULES) {
    checkDeadline();
    if (!GLOBAL_REGEXES.has(rule))
      GLOBAL_REGEXES.set(rule, new RegExp(rule.regex.source, `${rule.regex.flags}g`));
    for (const found of text.matchAll(GLOBAL_REGEXES.get(rule))) {
      if (!rule.allow?.test(found[0])) return rule;
    }
  }
  return undefined;
}

// ─── Glob fields: split and brace-expanded as the client and ripgrep do ───────────────────────

/**
 * The patterns one glob field stands for. Claude Code splits Grep's `glob` on whitespace, and a
 * piece without braces also on commas; ripgrep then expands {a,b}. The field as written is kept
 * too, and a `!` exclusion is no read.
 */
export function globPatterns(field) {
  const pieces = new Set([field]);
  for (const word of field.split(/\s+/)) {
    if (word === "") continue;
    pieces.add(word);
    if (!(word.includes("{") && word.includes("}"))) for (const part of word.split(",")) pieces.add(part);
  }
  const out = new Set();
  for (const piece of pieces) {
    spend("tokens");
    for (const expanded of expandBraces(piece))
      if (expanded !== "" && !expanded.startsWith("!")) out.add(expanded);
  }
  return [...out];
}

// ─── Decision ──────────────────────────────────────────────────────────────────────────────────

const ALLOW = Object.freeze({ allow: true, decision: "allow" });
const blocked = (reason) => ({ allow: false, decision: "block", reason });

/**
 * { allow: true, decision: "allow" }; { allow: false, decision: "block", reason } when the call
 * touches a secret; { allow: false, decision: "ask", reason } when it uses a name the guard cannot
 * compute, so it cannot show the call reads no secret. Throws on anything it cannot judge, and once
 * any bound is passed or the clock passes `deadline` (performance.now() milliseconds).
 */
export function decide(payload, deadline = performance.now() + timeoutMs(), given = DEFAULT_OPTIONS) {
  options = given;
  budget = newBudget(deadline, timeoutMs());
  realpaths = new Map();
  formReasons = new Map();
  pathReasons = new Map();
  if (process.env[CRASH_ENV] === "1") throw new Error(`scanner crash requested by ${CRASH_ENV}=1`);
  const inspection = inspectionOf(payload);
  if (inspection.nothingToInspect) return ALLOW;
  const base = inspection.commandBase;
  for (const path of inspection.paths) {
    const reason = pathReason(path, base);
    if (reason) return blocked(`path ${path}: ${reason}`);
  }
  // A glob is relative to the folder the tool searches (Grep's path) as well as to the call's folder.
  const folders = [base, ...inspection.paths.map((path) => resolve(base, expandHome(path, base)))];
  for (const field of inspection.globs) {
    for (const glob of globPatterns(field)) {
      for (const folder of folders) {
        const reason = pathReason(glob, folder);
        if (reason) return blocked(`pattern ${glob}: ${reason}`);
      }
    }
  }
  let ask;
  const judged = [
    ...inspection.commands.map((text) => ["shell command", () => shellVerdict(text, base)]),
    ...inspection.codes.map((text) => ["program text", () => programVerdict(text, base)]),
    ...inspection.maybePrograms.map((text) => [
      "an argument that may be run",
      () => maybeProgramVerdict(text, base),
    ]),
  ];
  for (const [what, judge] of judged) {
    const verdict = judge();
    if (verdict.block) return blocked(`${what}: ${verdict.block}`);
    ask ??= verdict.ask && `${what}: ${verdict.ask}`;
  }
  // One pass per rule over all strings; the separator ends every token a rule can match.
  const rule = secretContentRule(inspection.contents.join("\n\u0000\n"));
  if (rule) return blocked(`content contains what looks like a ${rule.description} (${rule.id})`);
  return ask ? { allow: false, decision: "ask", reason: ask } : ALLOW;
}

// ─── Output and exit ───────────────────────────────────────────────────────────────────────────

/** Deny JSON for clients that read stdout even on exit 2 (harmless elsewhere: exit 2 decides). */
function denyOutput(payload, message) {
  if (!isObject(payload)) return undefined;
  if ("toolName" in payload) return { permissionDecision: "deny", permissionDecisionReason: message };
  if ("cursor_version" in payload || "conversation_id" in payload) {
    return { permission: "deny", user_message: message, agent_message: message };
  }
  return undefined;
}

/**
 * The answer that makes the client ask the person, for the payloads whose client has one: Claude
 * Code and Copilot in VS Code (hookSpecificOutput), Copilot CLI (top-level permissionDecision),
 * Cursor's shell and MCP events (permission). Codex (its payloads carry turn_id) parses "ask" and
 * then runs the call, so it never gets one; nor do payloads of other shapes, nor a session whose permission
 * mode lets every ask through.
 */
function askOutput(payload, message) {
  if (!isObject(payload) || "turn_id" in payload) return undefined;
  // Under bypassPermissions Claude Code grants an ask without a person: the call is blocked instead.
  if (payload.permission_mode === "bypassPermissions") return undefined;
  if ("toolName" in payload) return { permissionDecision: "ask", permissionDecisionReason: message };
  const event = eventOf(payload);
  if ("cursor_version" in payload || "conversation_id" in payload) {
    const asks = event === "beforeShellExecution" || event === "beforeMCPExecution";
    return asks ? { permission: "ask", user_message: message, agent_message: message } : undefined;
  }
  if (event !== "PreToolUse" || typeof payload.tool_name !== "string") return undefined;
  return {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "ask",
      permissionDecisionReason: message,
    },
  };
}

/** Reasons name paths and commands from the payload; a long one is cut, so a block is one short line. */
const MAX_REASON_CHARS = 400;

const oneShortLine = (reason) => {
  const oneLine = String(reason).replace(/\s+/g, " ");
  return oneLine.length > MAX_REASON_CHARS ? `${oneLine.slice(0, MAX_REASON_CHARS)}…` : oneLine;
};

/** With --ask and a client that can ask, the person decides; otherwise the call is blocked. */
function askOrBlock(reason, payload, given) {
  const message = `agentc-guard cannot tell whether this call reads a secret: ${oneShortLine(reason)}`;
  const json = given.ask ? askOutput(payload, message) : undefined;
  if (!json) block(`it cannot tell which files this reads: ${reason}`, payload);
  try {
    process.stdout.write(`${JSON.stringify(json)}\n`);
  } finally {
    process.exit(0);
  }
}

function block(reason, payload) {
  const message = `agentc-guard blocked this call: ${oneShortLine(reason)}`;
  const json = denyOutput(payload, message);
  try {
    if (json) process.stdout.write(`${JSON.stringify(json)}\n`);
    process.stderr.write(`${message}\n`);
  } finally {
    process.exit(2);
  }
}

/** Without --fail-closed a payload the guard cannot read goes through; stderr says why. */
function letThrough(reason) {
  try {
    process.stderr.write(`agentc-guard let this call through unread (no --fail-closed): ${reason}\n`);
  } finally {
    process.exit(0);
  }
}

function timeoutMs() {
  const asked = Number(process.env[TIMEOUT_ENV]);
  return Number.isFinite(asked) && asked > 0 ? Math.min(asked, TIMEOUT_MS) : TIMEOUT_MS;
}

async function main() {
  process.on("uncaughtException", (error) => block(`internal error: ${error?.message ?? error}`));
  process.on("unhandledRejection", (error) => block(`internal error: ${error?.message ?? error}`));
  process.stdout.on("error", () => undefined);
  // While stdin is read the event loop is free, so a timer covers a payload that never ends; the
  // synchronous scan checks the same deadline itself (decide). Both count from the process start.
  const left = Math.max(0, timeoutMs() - performance.now());
  setTimeout(() => block(`no decision within ${timeoutMs()} ms`), left).unref();
  let payload;
  let given = DEFAULT_OPTIONS;
  try {
    given = parseOptions(process.argv.slice(2));
    payload = parsePayload(await readStdin(MAX_STDIN_BYTES));
    const verdict = decide(payload, timeoutMs(), given);
    if (verdict.decision === "ask") askOrBlock(verdict.reason, payload, given);
    if (!verdict.allow) block(verdict.reason, payload);
    process.exit(0);
  } catch (error) {
    if (error instanceof UnreadableInput && !given.failClosed) letThrough(error.message);
    block(
      error instanceof GuardError ? error.message : `internal error: ${error?.message ?? error}`,
      payload,
    );
  }
}

const invokedPath = process.argv[1] ? realpathLoose(resolve(process.argv[1])) : undefined;
if (invokedPath === realpathLoose(fileURLToPath(import.meta.url))) main();
