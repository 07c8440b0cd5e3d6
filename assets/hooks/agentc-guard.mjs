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
import { homedir } from "node:os";
import { basename, dirname, join, parse, resolve, sep } from "node:path";
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
  if (depth > LIMITS.depth) throw new GuardError(`${what} nests deeper than ${LIMITS.depth} levels`);
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
  { id: "ssh-dir", segments: [".ssh"], unlessName: /\.pub$/, reason: "~/.ssh holds private keys" },
  { id: "gnupg-dir", segments: [".gnupg"], reason: "GnuPG keyring" },
  { id: "password-store", segments: [".password-store"], reason: "pass password store" },
  { id: "aws-credentials", segments: [".aws", "credentials"], reason: "AWS credentials" },
  { id: "docker-config", segments: [".docker", "config.json"], reason: "Docker registry credentials" },
  { id: "kube-config", segments: [".kube", "config"], reason: "Kubernetes credentials" },
  { id: "gcloud-dir", segments: [".config", "gcloud"], reason: "gcloud credentials" },
  { id: "azure-dir", segments: [".azure"], reason: "Azure CLI tokens" },
  { id: "gh-hosts", segments: [".config", "gh", "hosts.yml"], reason: "GitHub CLI token" },
  { id: "copilot-tokens", segments: [".config", "github-copilot"], reason: "GitHub Copilot tokens" },
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

// ─── Shell words ───────────────────────────────────────────────────────────────────────────────

/** Commands whose plain arguments are never read as files; exempt only when the command is bare. */
const NON_READING_COMMANDS = new Set([
  "echo",
  "printf",
  "ls",
  "test",
  "[",
  "[[",
  "touch",
  "mkdir",
  "stat",
  "which",
  "type",
]);
/** Commands that turn data into file names; their presence removes every exemption. */
const INDIRECT_COMMANDS = new Set(["xargs", "parallel", "read", "mapfile", "readarray"]);
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "fish", "ash"]);
const COMMAND_PREFIXES = new Set([
  "sudo",
  "doas",
  "env",
  "command",
  "builtin",
  "exec",
  "nohup",
  "time",
  "nice",
  "ionice",
  "stdbuf",
  "timeout",
  "!",
  "{",
  "}",
  "if",
  "then",
  "else",
  "elif",
  "do",
  "while",
  "until",
]);

// ─── Options: the client pack's facts, written into the hook command ─────────────────────────────

/** At most this many arguments, names per list and characters per name: a hook command is short. */
const MAX_ARGS = 16;
const MAX_LISTED = 64;
const LISTED_NAME = /^[A-Za-z0-9_.:@-]{1,64}$/;

export const DEFAULT_OPTIONS = Object.freeze({ failClosed: false, pathFields: [], mcpPrefixes: [] });

/**
 * --fail-closed: a payload the guard cannot read blocks. --path-fields a,b: tool input fields that
 * carry a path for this client, judged as paths besides the guard's own list. --mcp-prefixes p: tool
 * names starting with p are MCP tools, whose every path-like string is judged as a path, content
 * fields included (an MCP server's argument names do not say what it opens).
 */
export function parseOptions(argv) {
  if (argv.length > MAX_ARGS) throw new GuardError(`more than ${MAX_ARGS} arguments`);
  const options = { failClosed: false, pathFields: [], mcpPrefixes: [] };
  const lists = { "--path-fields": "pathFields", "--mcp-prefixes": "mcpPrefixes" };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--fail-closed") options.failClosed = true;
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
  return { base, paths: [], globs: [], commands: [], codes: [], contents: [], nothingToInspect: false };
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
  if (PATH_KEYS.has(key) || DIR_KEYS.has(key) || options.pathFields.includes(key))
    inspection.paths.push(value);
  else if (value.startsWith("file://")) inspection.paths.push(value.slice("file://".length));
  else if (looksLikePath(value, key) || (isMcpTool(tool) && looksLikeMcpPath(value, key)))
    inspection.paths.push(value);
  if (GLOB_KEYS.has(key) || (key === "pattern" && /glob/i.test(tool))) inspection.globs.push(value);
  if (COMMAND_KEYS.has(key)) inspection.commands.push(value);
  if (CODE_KEYS.has(key)) inspection.codes.push(value);
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

/** A rule segment matches the same name, any name for "*", and a glob segment that can produce it. */
function runMatches(segments, at, rule, globby) {
  for (let offset = 0; offset < rule.segments.length; offset += 1) {
    const want = rule.segments[offset] ?? "";
    const segment = segments[at + offset] ?? "";
    if (want === "*" || segment === want) continue;
    // A bare * only stands for names that exist, and the glob's expansion on disk checks those.
    if (!(globby && hasGlob(segment) && !isPureWildcard(segment) && globMatcher(segment)(want))) return false;
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
  if (!CONTENT_CHECKED_NAMES.has(segmentsOf(path).at(-1) ?? "")) return undefined;
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
  const key = `${base}\0${raw}`;
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
 * A matcher for one glob segment (* ? [..], case-insensitive, dot files only by an explicit dot).
 * Greedy with one backtrack point, so a match costs at most name length × segment length steps; a
 * regular expression with many stars can take exponential time.
 */
function globMatcher(segment) {
  const tokens = globTokens(segment.toLowerCase());
  if (!tokens) return neverMatches;
  const dotted = segment.startsWith(".");
  return (name) => (dotted || !name.startsWith(".")) && tokensMatch(tokens, name.toLowerCase());
}

/** Tokens of a glob segment (runs of * collapsed), or undefined when it cannot match a file name. */
function globTokens(segment) {
  const tokens = [];
  let fixed = 0;
  for (let i = 0; i < segment.length; i += 1) {
    const char = segment[i] ?? "";
    const close = char === "[" ? closingBracket(segment, i) : -1;
    if (char === "*") {
      if (tokens.at(-1) !== "*") tokens.push("*");
      continue;
    }
    if (++fixed > MAX_NAME_LENGTH) return undefined;
    if (char === "?") tokens.push({ any: true });
    else if (close > 0) {
      tokens.push(globClass(segment.slice(i + 1, close)));
      i = close;
    } else tokens.push({ char });
  }
  return tokens;
}

/** The `]` closing a bracket expression at i (searched within 256 characters), or -1. */
function closingBracket(segment, i) {
  const close = segment.slice(i + 2, i + 2 + MAX_NAME_LENGTH).indexOf("]");
  return close < 0 ? -1 : i + 2 + close;
}

/** A bracket expression; a POSIX class ([:alpha:]) is read as any character (it can only widen). */
function globClass(body) {
  const negate = body.startsWith("!") || body.startsWith("^");
  const chars = negate ? body.slice(1) : body;
  if (chars.includes("[:")) return { any: true };
  const ranges = [];
  for (let i = 0; i < chars.length; i += 1) {
    const from = chars[i] ?? "";
    if (chars[i + 1] === "-" && i + 2 < chars.length) {
      ranges.push([from, chars[i + 2] ?? ""]);
      i += 2;
    } else ranges.push([from, from]);
  }
  return { negate, ranges };
}

function tokenMatches(token, char) {
  if (token.any) return true;
  if (token.char !== undefined) return token.char === char;
  const inside = token.ranges.some(([from, to]) => char >= from && char <= to);
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

// ─── Shell commands: split into simple commands, then check every word that may name a file ────

function closingIndex(text, from, char) {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === "\\" && char !== "'") i += 1;
    else if (text[i] === char) return i;
  }
  throw new ShellSyntaxError(`unterminated ${char} in shell command`);
}

const ANSI_ESCAPES = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", e: "\x1b", f: "\f", v: "\v" };

function decodeAnsiC(body) {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, code) => {
    if (code[0] === "x") return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    if (/^[0-7]+$/.test(code)) return String.fromCharCode(Number.parseInt(code, 8));
    return ANSI_ESCAPES[code] ?? code;
  });
}

/**
 * A small POSIX-shell lexer. Returns the simple commands — their words, redirection targets, the
 * text fed to their stdin (here-document bodies, here-strings), the substitutions inside them, and
 * whether a pipe feeds them — every command substitution $( ) ` ` <( ) >( ) as a nested result,
 * and where it stopped: at the `)` closing a substitution when `closer` is ")".
 */
export function parseShell(text, start = 0, closer = "", depth = 0) {
  checkDepth(depth, "shell command");
  const out = { commands: [], nested: [], end: text.length };
  const lexer = new Lexer(out, depth);
  for (let i = start, steps = 0; i < text.length; i += 1) {
    if (++steps % 4096 === 0) checkDeadline();
    const char = text[i] ?? "";
    const next = text[i + 1] ?? "";
    if (char === ")" && closer && lexer.parens === 0) {
      lexer.endCommand();
      out.end = i;
      return out;
    }
    i = lexOne(text, i, char, next, lexer);
  }
  if (closer) throw new ShellSyntaxError("unbalanced parenthesis in shell command");
  lexer.endCommand();
  return out;
}

/** The state of one parseShell call: the word and simple command being built, and their parts. */
class Lexer {
  constructor(out, depth) {
    Object.assign(this, { out, depth, word: null, quoted: false, target: "word", strip: false });
    Object.assign(this, { parens: 0, heredocs: [], piped: false });
    this.fresh();
  }

  fresh() {
    Object.assign(this, { words: [], redirects: [], inputs: [], nested: [] });
  }

  append(part) {
    this.word = (this.word ?? "") + part;
  }

  endWord() {
    if (this.word === null) return;
    spend("tokens");
    const { word, target } = this;
    if (target === "heredoc") {
      const doc = { delimiter: word, quoted: this.quoted, strip: this.strip, inputs: this.inputs };
      this.heredocs.push(doc);
    } else if (target === "herestring") this.inputs.push(word);
    if (target === "redirect" || target === "herestring") this.redirects.push(word);
    else if (target === "word") this.words.push(word);
    Object.assign(this, { word: null, quoted: false, target: "word" });
  }

  endCommand() {
    this.endWord();
    if (this.words.length + this.redirects.length === 0) return;
    const { words, redirects, inputs, nested, piped } = this;
    this.out.commands.push({ words, redirects, inputs, nested, piped });
    this.piped = false;
    this.fresh();
  }

  /** `|` and `|&`: the next command reads this one's output. */
  pipe() {
    this.endCommand();
    this.piped = true;
  }

  separate() {
    this.endCommand();
    this.piped = false;
  }

  addNested(inner) {
    this.out.nested.push(inner);
    this.nested.push(inner);
    this.append("");
  }

  substitute(text, from) {
    const inner = parseShell(text, from, ")", this.depth + 1);
    this.addNested(inner);
    return inner.end;
  }

  backtick(text, from) {
    const close = closingIndex(text, from, "`");
    this.addNested(parseShell(text.slice(from, close), 0, "", this.depth + 1));
    return close;
  }

  skipHeredocs(text, from) {
    return skipHeredocs(text, from, this.heredocs.splice(0), this.out, this.depth);
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
  } else if (char === "(" || char === ")") {
    lexer.parens = Math.max(0, lexer.parens + (char === "(" ? 1 : -1));
    lexer.endCommand();
  } else if (char === "|") return lexPipe(i, next, lexer);
  else if (char === ";" || char === "&") lexer.separate();
  else if ((char === "<" || char === ">" || char === "$") && next === "(")
    return lexer.substitute(text, i + 2);
  else if (char === "<" && next === "<") return lexHereInput(text, i, lexer);
  else if (char === "<" || char === ">") {
    lexer.endWord();
    while ("<>&|".includes(text[i + 1] ?? "x")) i += 1;
    lexer.target = "redirect";
  } else return lexQuoting(text, i, char, next, lexer);
  return i;
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

function lexQuoting(text, i, char, next, lexer) {
  if (char === "\\") {
    if (next !== "\n") lexer.append(next);
    lexer.quoted = true;
    return i + 1;
  }
  if (char === "'" || (char === "$" && next === "'")) {
    const from = char === "'" ? i + 1 : i + 2;
    const close = closingIndex(text, from, "'");
    const body = text.slice(from, close);
    lexer.append(char === "'" ? body : decodeAnsiC(body));
    lexer.quoted = true;
    return close;
  }
  if (char === "`") return lexer.backtick(text, i + 1);
  if (char === '"') {
    lexer.quoted = true;
    return readDoubleQuoted(text, i + 1, lexer);
  }
  const end = plainRunEnd(text, i, UNQUOTED_SPECIALS);
  lexer.append(text.slice(i, end));
  return end - 1;
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
  lexer.append("");
  for (let i = from; i < text.length; i += 1) {
    const char = text[i] ?? "";
    const next = text[i + 1] ?? "";
    if (char === '"') return i;
    if (char === "\\" && '$`"\\\n'.includes(next)) {
      if (next !== "\n") lexer.append(next);
      i += 1;
    } else if (char === "$" && next === "(") i = lexer.substitute(text, i + 2);
    else if (char === "`") i = lexer.backtick(text, i + 1);
    else {
      const end = plainRunEnd(text, i, DOUBLE_QUOTED_SPECIALS);
      lexer.append(text.slice(i, end));
      i = end - 1;
    }
  }
  throw new ShellSyntaxError('unterminated " in shell command');
}

/** Reads here-document bodies into their command's inputs; an unquoted body still runs $( ) and ` `. */
function skipHeredocs(text, from, heredocs, out, depth) {
  let at = from;
  for (const doc of heredocs) {
    const body = [];
    while (at < text.length) {
      const newline = text.indexOf("\n", at);
      const line = text.slice(at, newline < 0 ? text.length : newline);
      at = newline < 0 ? text.length : newline + 1;
      if ((doc.strip ? line.replace(/^\t+/, "") : line) === doc.delimiter) break;
      body.push(line);
    }
    doc.inputs.push(body.join("\n"));
    if (!doc.quoted) out.nested.push(...bodySubstitutions(body.join("\n"), depth));
  }
  return at;
}

function bodySubstitutions(body, depth) {
  const found = [];
  for (let i = body.indexOf("$("); i >= 0; i = body.indexOf("$(", i + 1)) {
    const inner = parseShell(body, i + 2, ")", depth + 1);
    found.push(inner);
    i = inner.end;
  }
  const ticks = body.split("`");
  for (let i = 1; i < ticks.length - 1; i += 2) found.push(parseShell(ticks[i] ?? "", 0, "", depth + 1));
  return found;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Splits a simple command into leading assignments, an optional prefix chain, name and args. */
function commandParts(words) {
  let at = 0;
  const assignments = [];
  while (at < words.length && ASSIGNMENT.test(words[at] ?? "")) assignments.push(words[at++] ?? "");
  const start = at;
  while (at < words.length && COMMAND_PREFIXES.has(basename(words[at] ?? ""))) at += 1;
  return { assignments, prefixed: at > start, name: basename(words[at] ?? ""), rest: words.slice(at) };
}

const VARIABLE = /\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g;
const DECLARERS = new Set(["export", "declare", "local", "readonly", "typeset"]);

/** Records NAME=value words (bare or after export/declare...) so later words can use them. */
function rememberAssignments(command, vars) {
  const { assignments, name, rest } = commandParts(command.words);
  const declared = DECLARERS.has(name) ? rest.slice(1).filter((word) => ASSIGNMENT.test(word)) : [];
  for (const word of assignments.concat(declared)) {
    const eq = word.indexOf("=");
    if (vars.size < 256) vars.set(word.slice(0, eq), substituteKnown(word.slice(eq + 1), vars));
  }
}

/** Known variables substituted; what that produces counts, so `a=$a$a` repeated cannot grow without end. */
function substituteKnown(word, vars) {
  if (vars.size === 0 || !word.includes("$")) return word;
  const out = word.replace(VARIABLE, (found, a, b) => vars.get(a ?? b) ?? found);
  if (out !== word) spend("producedChars", out.length);
  return out;
}

const WORD_PIECES = /[^\s'"`()<>|;&,=:]+/g;

/**
 * Word → strings that may name a file: itself, the value after =, after @, embedded names, with
 * ${X:-default} defaults, unknown variables as *, and braces expanded. Lazy, so a word of 100,000
 * pieces costs only as much as is judged before a bound stops it.
 */
function* pathCandidates(word, vars = new Map()) {
  const seen = new Set();
  for (const form of wordForms(word, vars)) {
    for (const shaped of [form, form.replace(/\$\{[A-Za-z_]\w*:?[-=+?]([^}]*)\}/g, "$1")]) {
      if (seen.has(shaped)) continue;
      seen.add(shaped);
      const variables = shaped.replace(/\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*/g, (found) =>
        /^\$\{?(HOME|PWD)\}?$/.test(found) ? found : "*",
      );
      // `$MSG` alone would match every file in the folder; only a variable inside a name is a pattern.
      if (variables !== shaped && /^[*/]*$/.test(variables)) continue;
      yield* expandBraces(variables);
    }
  }
}

function* wordForms(word, vars) {
  yield word;
  yield substituteKnown(word, vars);
  yield* word.split(/\$\{?IFS\}?/);
  const eq = word.indexOf("=");
  if (eq >= 0) yield word.slice(eq + 1);
  if (word.startsWith("@")) yield word.slice(1);
  for (const [piece] of word.matchAll(WORD_PIECES)) yield piece;
}

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
    for (const choice of group.choices) {
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

// ─── Shell commands: which words and which fed texts to check ──────────────────────────────────

/** Why a shell command touches a secret, or undefined. */
export function commandReason(text, base, depth = 0) {
  return parsedReason(parseShell(text, 0, "", depth), base, depth, false);
}

/** Program text: judged as a shell command when it lexes as one, else by every name in it. */
function codeReason(text, base, depth) {
  try {
    return commandReason(text, base, depth);
  } catch (error) {
    if (!(error instanceof ShellSyntaxError)) throw error;
  }
  return namesReason(text, base);
}

/** Every whitespace-separated piece of a text, checked as a path. */
function namesReason(text, base) {
  for (const token of text.split(/\s+/)) {
    if (token === "") continue;
    for (const candidate of pathCandidates(token)) {
      const reason = pathReason(candidate, base);
      if (reason) return `touches ${candidate}: ${reason}`;
    }
  }
  return undefined;
}

/** A substitution's output becomes words of the outer command, so inside one nothing is exempt. */
function parsedReason(parsed, base, depth, substituted) {
  checkDepth(depth, "shell command");
  for (const inner of parsed.nested) {
    const reason = parsedReason(inner, base, depth + 1, true);
    if (reason) return reason;
  }
  const indirect =
    substituted || parsed.commands.some((command) => INDIRECT_COMMANDS.has(commandParts(command.words).name));
  const bases = [base];
  const vars = new Map();
  const written = new Map();
  for (const [index, command] of parsed.commands.entries()) {
    for (const at of bases) {
      const reason =
        simpleCommandReason(command, at, depth, indirect, vars) ??
        fedProgramReason(parsed.commands, index, at, depth, written);
      if (reason) return reason;
    }
    rememberAssignments(command, vars);
    rememberWritten(command, base, written);
    const { name, rest } = commandParts(command.words);
    if ((name === "cd" || name === "pushd") && rest[1] && bases.length < 8) {
      bases.push(resolve(base, expandHome(rest[1], base)));
    }
  }
  return undefined;
}

function simpleCommandReason(command, base, depth, indirect, vars) {
  const { assignments, prefixed, name, rest } = commandParts(command.words);
  const script = SHELLS.has(name) ? rest.findIndex((word) => /^-[a-z]*c[a-z]*$/.test(word)) : -1;
  if (script >= 0 && rest[script + 1] !== undefined) {
    const reason = commandReason(rest[script + 1] ?? "", base, depth + 1);
    if (reason) return reason;
  }
  if (name === "eval") {
    const reason = commandReason(rest.slice(1).join(" "), base, depth + 1);
    if (reason) return reason;
  }
  const exempt = !indirect && !prefixed && NON_READING_COMMANDS.has(name);
  const values = assignments.map((word) => word.slice(word.indexOf("=") + 1));
  const scriptWord = script >= 0 ? rest[script + 1] : undefined;
  const args = exempt ? [] : command.words.filter((word) => word !== scriptWord);
  for (const word of command.redirects.concat(values, args)) {
    for (const candidate of pathCandidates(word, vars)) {
      const reason = pathReason(candidate, base);
      if (reason) return `\`${name || word}\` touches ${candidate}: ${reason}`;
    }
  }
  return undefined;
}

/**
 * Text a shell or another interpreter runs as its program: its here-documents and here-strings,
 * what echo, printf or a here-document writes into a pipe that feeds it (the commands before it,
 * up to PIPE_LOOKBACK, so a `{ …; }` group counts), what the commands inside its substitutions
 * print (`sh <(echo …)`, `eval "$(printf …)"`), and what an earlier command of the line wrote to
 * the file it runs (`echo … > x.sh; sh x.sh`, `./x.sh`). A shell reading its program from stdin
 * is judged strictly (text it cannot lex blocks); a script's stdin and other interpreters'
 * programs by the names in them.
 */
function fedProgramReason(commands, index, base, depth, written) {
  const command = commands[index];
  if (!command) return undefined;
  const { name, rest } = commandParts(command.words);
  const runsWritten = written.get(resolve(base, rest[0] ?? ""));
  const kind = interpreterKind(name) ?? (runsWritten ? "code" : undefined);
  if (!kind) return undefined;
  const texts = [...command.inputs, ...command.nested.flatMap((inner) => inner.commands.flatMap(printedBy))];
  if (command.piped)
    for (let at = index - 1; at >= Math.max(0, index - PIPE_LOOKBACK); at -= 1)
      texts.push(...printedBy(commands[at]));
  for (const word of rest.concat(command.redirects)) texts.push(...(written.get(resolve(base, word)) ?? []));
  const strict = SHELL_EVALUATORS.has(name) || (kind === "shell" && shellReadsProgram(rest));
  for (const text of texts) {
    const reason = strict ? commandReason(text, base, depth + 1) : codeReason(text, base, depth + 1);
    if (reason) return `text run by \`${name}\`: ${reason}`;
  }
  return undefined;
}

const PIPE_LOOKBACK = 16;

/** Records what a command printed into the files it redirects to, so running one of them is seen. */
function rememberWritten(command, base, written) {
  const texts = printedBy(command).filter((text) => text !== "");
  if (texts.length === 0) return;
  for (const target of command.redirects)
    if (written.size < 64 && !command.inputs.includes(target)) written.set(resolve(base, target), texts);
}

const SHELL_EVALUATORS = new Set(["eval", "source", "."]);
const INTERPRETERS =
  /^(python[\d.]*|pypy[\d.]*|ipython\d?|node|nodejs|deno|bun|perl[\d.]*|ruby[\d.]*|irb|php[\d.]*|lua[\d.]*|luajit|tclsh|osascript|pwsh|powershell|rscript|julia|groovy|jshell|awk|gawk|mawk)$/i;

function interpreterKind(name) {
  if (SHELLS.has(name) || SHELL_EVALUATORS.has(name)) return "shell";
  return INTERPRETERS.test(name) ? "code" : undefined;
}

/** True unless the shell takes its program from -c or a script file (then stdin is data). */
function shellReadsProgram(rest) {
  for (const word of rest.slice(1)) {
    if (/^-[a-z]*s/i.test(word) || word === "-") return true;
    if (/^-[a-z]*c[a-z]*$/i.test(word)) return false;
    if (!word.startsWith("-") && !word.startsWith("+")) return false;
  }
  return true;
}

/** What a command is known to print: its here-documents, here-strings, and echo / printf text. */
function printedBy(command) {
  if (!command) return [];
  const { name, rest } = commandParts(command.words);
  const texts = [...command.inputs];
  if (name === "echo" || name === "printf") {
    const args = rest.slice(1);
    while (name === "echo" && /^-[neE]+$/.test(args[0] ?? "")) args.shift();
    const text = args.join(" ");
    texts.push(text);
    if (text.includes("\\")) texts.push(decodeAnsiC(text));
  }
  return texts;
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

/**
 * { allow: true } or { allow: false, reason }. Throws on anything it cannot judge, and once any
 * bound is passed or the clock passes `deadline` (performance.now() milliseconds).
 */
export function decide(payload, deadline = performance.now() + timeoutMs(), given = DEFAULT_OPTIONS) {
  options = given;
  budget = newBudget(deadline, timeoutMs());
  realpaths = new Map();
  formReasons = new Map();
  pathReasons = new Map();
  if (process.env[CRASH_ENV] === "1") throw new Error(`scanner crash requested by ${CRASH_ENV}=1`);
  const inspection = inspectionOf(payload);
  if (inspection.nothingToInspect) return { allow: true };
  const base = inspection.commandBase;
  for (const path of inspection.paths) {
    const reason = pathReason(path, base);
    if (reason) return { allow: false, reason: `path ${path}: ${reason}` };
  }
  for (const field of inspection.globs) {
    for (const glob of globPatterns(field)) {
      const reason = pathReason(glob, base);
      if (reason) return { allow: false, reason: `pattern ${glob}: ${reason}` };
    }
  }
  for (const command of inspection.commands) {
    const reason = commandReason(command, base);
    if (reason) return { allow: false, reason: `shell command: ${reason}` };
  }
  for (const code of inspection.codes) {
    const reason = codeReason(code, base, 0);
    if (reason) return { allow: false, reason: `program text: ${reason}` };
  }
  // One pass per rule over all strings; the separator ends every token a rule can match.
  const rule = secretContentRule(inspection.contents.join("\n\u0000\n"));
  if (rule)
    return { allow: false, reason: `content contains what looks like a ${rule.description} (${rule.id})` };
  return { allow: true };
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

/** Reasons name paths and commands from the payload; a long one is cut, so a block is one short line. */
const MAX_REASON_CHARS = 400;

function block(reason, payload) {
  const oneLine = String(reason).replace(/\s+/g, " ");
  const short = oneLine.length > MAX_REASON_CHARS ? `${oneLine.slice(0, MAX_REASON_CHARS)}…` : oneLine;
  const message = `agentc-guard blocked this call: ${short}`;
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
