#!/usr/bin/env node
// agentc-guard: a fail-closed secret-protection hook for coding assistants.
//
// Reads one hook payload (JSON) on stdin, finds every path, shell command and piece of content the
// tool call would touch, and blocks (exit 2, one-line reason on stderr) when any of them is a
// secret. Every error, timeout or unreadable payload also exits 2. Exit 0 (no output) lets the call
// through and leaves the client's own approval flow unchanged. See docs/guard.md.
//
// This file is one self-contained program on purpose: it is copied into projects as an owned asset,
// so it imports only node: built-ins and has no sibling modules.

import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, parse, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

// ─── Limits and test hooks ──────────────────────────────────────────────────────────────────────

export const MAX_STDIN_BYTES = 4 * 1024 * 1024;
export const TIMEOUT_MS = 5000;
const MAX_WALK_NODES = 100_000;
const MAX_DEPTH = 32;
const MAX_GLOB_VISITS = 5000;
const MAX_SHELL_WORDS = 20_000;
const MAX_CHECKED_FILE_BYTES = 1024 * 1024;
/** Test hook: AGENTC_GUARD_TEST_CRASH=1 makes the scanner throw, to prove a crash blocks. */
const CRASH_ENV = "AGENTC_GUARD_TEST_CRASH";
/** Test hook: AGENTC_GUARD_TIMEOUT_MS may only shorten the timeout, never lengthen it. */
const TIMEOUT_ENV = "AGENTC_GUARD_TIMEOUT_MS";

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
const COMMAND_KEYS = new Set(["command", "cmd", "script"]);
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

class GuardError extends Error {}

// ─── Reading the payload ───────────────────────────────────────────────────────────────────────

function readStdin(limit) {
  return new Promise((resolvePromise, reject) => {
    const chunks = [];
    let size = 0;
    process.stdin.on("data", (chunk) => {
      size += chunk.length;
      if (size > limit) reject(new GuardError(`stdin is larger than ${limit} bytes`));
      else chunks.push(chunk);
    });
    process.stdin.on("end", () => resolvePromise(Buffer.concat(chunks)));
    process.stdin.on("error", (error) => reject(new GuardError(`cannot read stdin: ${error.message}`)));
  });
}

export function parsePayload(bytes) {
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new GuardError("stdin is not valid UTF-8");
  }
  if (text.trim() === "") throw new GuardError("stdin is empty, expected a hook payload (JSON)");
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new GuardError(`stdin is not valid JSON (${error.message})`);
  }
}

// ─── Payload shapes → what to inspect ──────────────────────────────────────────────────────────

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

function newInspection(base) {
  return { base, paths: [], globs: [], commands: [], contents: [], nothingToInspect: false };
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
  if (value === undefined) throw new GuardError(`${field} is missing`);
  if (isObject(value)) return value;
  if (typeof value !== "string") throw new GuardError(`${field} is neither an object nor a JSON string`);
  if (value.trim() === "") return {};
  let parsed;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new GuardError(`${field} is a string but not JSON`);
  }
  if (!isObject(parsed)) throw new GuardError(`${field} is JSON but not an object`);
  return parsed;
}

function requireString(value, field) {
  if (typeof value !== "string") throw new GuardError(`${field} is missing or not a string`);
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
  if (!isObject(payload)) throw new GuardError("payload is not a JSON object");
  const shape = PAYLOAD_SHAPES.find((candidate) => candidate.matches(payload));
  if (!shape) throw new GuardError("unknown payload shape: no tool_name, toolName or hook_event_name");
  const inspection = newInspection(baseDirOf(payload));
  const { tool, args, prompt } = shape.input(payload);
  collect(args, tool, inspection);
  if (typeof prompt === "string") collectPrompt(prompt, inspection);
  const toolLess = shape === PAYLOAD_SHAPES.at(-1);
  inspection.nothingToInspect = toolLess && inspection.paths.length === 0 && inspection.globs.length === 0;
  return inspection;
}

function collect(toolInput, tool, inspection) {
  const budget = { nodes: 0 };
  const dir = Object.entries(toolInput).find(
    ([key, value]) => DIR_KEYS.has(key) && typeof value === "string",
  );
  inspection.commandBase = dir
    ? resolve(inspection.base, expandHome(dir[1], inspection.base))
    : inspection.base;
  walk(toolInput, "", tool, inspection, budget, 0);
}

function walk(value, key, tool, inspection, budget, depth) {
  budget.nodes += 1;
  if (budget.nodes > MAX_WALK_NODES || depth > MAX_DEPTH)
    throw new GuardError("tool input is too large or too deep");
  if (typeof value === "string") return collectString(value, key, tool, inspection);
  if (Array.isArray(value)) {
    if (COMMAND_KEYS.has(key) && value.every((item) => typeof item === "string")) {
      inspection.commands.push(value.map(shellQuote).join(" "));
      inspection.contents.push(value.join(" "));
      return;
    }
    for (const item of value) walk(item, key, tool, inspection, budget, depth + 1);
  } else if (isObject(value)) {
    for (const [childKey, child] of Object.entries(value))
      walk(child, childKey, tool, inspection, budget, depth + 1);
  }
}

function collectString(value, key, tool, inspection) {
  if (!UNSCANNED_KEYS.has(key)) inspection.contents.push(value);
  if (value.includes(PATCH_MARKER)) collectPatch(value, inspection);
  if (value.trimStart().startsWith(PATCH_MARKER)) return; // a raw patch is not a shell command
  if (PATH_KEYS.has(key) || DIR_KEYS.has(key)) inspection.paths.push(value);
  else if (value.startsWith("file://")) inspection.paths.push(value.slice("file://".length));
  else if (looksLikePath(value, key)) inspection.paths.push(value);
  if (GLOB_KEYS.has(key) || (key === "pattern" && /glob/i.test(tool))) inspection.globs.push(value);
  if (COMMAND_KEYS.has(key)) inspection.commands.push(value);
}

/** A value under an unknown key (an MCP tool's `target`, `name`...) that reads as a file name. */
function looksLikePath(value, key) {
  if (CONTENT_KEYS.has(key) || COMMAND_KEYS.has(key) || UNSCANNED_KEYS.has(key)) return false;
  if (value.length > 4096 || /\s/.test(value) || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false;
  return /[/\\]/.test(value) || value.startsWith(".") || value.startsWith("~") || hasSecretName(value);
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
    .map((segment) =>
      segment
        .toLowerCase()
        .replace(/::?\$data$/, "")
        .replace(/(?<=[^. ])[. ]+$/, ""),
    );
}

function runMatches(segments, at, rule) {
  return rule.segments.every((want, offset) => want === "*" || segments[at + offset] === want);
}

/** Why a resolved path is secret, or undefined. `hypothetical`: a name a glob could produce. */
export function secretPathReason(path, hypothetical = false) {
  const segments = segmentsOf(path);
  const name = segments.at(-1) ?? "";
  for (const rule of SECRET_NAME_RULES) {
    if (!rule.test.test(name) || rule.unless?.test(name)) continue;
    if (hypothetical || !rule.mustExist?.test(name) || existsSync(path)) return rule.reason;
  }
  return SECRET_DIR_RULES.find((rule) => dirRuleMatches(segments, rule))?.reason;
}

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
  return SECRET_DIR_RULES.find((rule) => dirRuleMatches(segments, rule))?.id;
}

function dirRuleMatches(segments, rule) {
  const name = segments.at(-1) ?? "";
  for (let at = 0; at + rule.segments.length <= segments.length; at += 1) {
    if (!runMatches(segments, at, rule)) continue;
    const below = at + rule.segments.length < segments.length;
    if (!(below && rule.unlessName?.test(name))) return true;
  }
  return false;
}

/** realpath of the path, or of its deepest existing ancestor with the rest appended. */
function realpathLoose(path) {
  let dir = path;
  const rest = [];
  for (;;) {
    try {
      return join(realpathSync.native(dir), ...rest);
    } catch {
      const parent = dirname(dir);
      if (parent === dir) return undefined;
      rest.unshift(basename(dir));
      dir = parent;
    }
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
    if (statSync(path).size > MAX_CHECKED_FILE_BYTES) return "credential file too large to check";
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined;
    return `cannot check ${basename(path)} for credentials (${error.code ?? error.message})`;
  }
  const hit = secretContentRule(text);
  return hit ? `${basename(path)} holds a credential (${hit.description})` : undefined;
}

/** A path is checked as written and, when it has * ? [, also as a glob. */
export function pathReason(raw, base) {
  if (raw.trim() === "") return undefined;
  return literalPathReason(raw, base) ?? (hasGlob(raw) ? globReason(raw, base) : undefined);
}

function literalPathReason(raw, base) {
  for (const form of resolvedForms(raw, base)) {
    const reason = secretPathReason(form) ?? checkedFileReason(form);
    if (reason) return reason;
  }
  return undefined;
}

// ─── Globs: try secret names, then expand against the file system ──────────────────────────────

const hasGlob = (text) => /[*?[]/.test(text);
const isPureWildcard = (segment) => /^[*?]+$/.test(segment);

function globSegmentRegex(segment) {
  let source = segment.startsWith(".") ? "" : "(?!\\.)";
  for (let i = 0; i < segment.length; i += 1) {
    const char = segment[i] ?? "";
    const close = char === "[" ? segment.indexOf("]", i + 2) : -1;
    if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else if (close > 0) {
      const body = segment
        .slice(i + 1, close)
        .replace(/^!/, "^")
        .replace(/[\\\]]/g, "\\$&");
      source += `[${body}]`;
      i = close;
    } else source += char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "i");
}

function globReason(raw, base) {
  const pattern = resolve(base, expandHome(raw, base));
  const direct = secretPathReason(pattern);
  if (direct) return direct;
  const last = basename(pattern);
  if (!isPureWildcard(last) && last !== "**") {
    const regex = globSegmentRegex(last);
    for (const name of REPRESENTATIVE_SECRET_NAMES) {
      const reason = regex.test(name) ? secretPathReason(join(dirname(pattern), name), true) : undefined;
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
  let visits = 0;
  for (const segment of segments) {
    if (segment === "**") return [];
    if (!hasGlob(segment)) {
      current = current.map((dir) => join(dir, segment));
      continue;
    }
    const regex = globSegmentRegex(segment);
    const next = [];
    for (const dir of current) {
      for (const entry of safeReaddir(dir)) {
        visits += 1;
        if (visits > MAX_GLOB_VISITS) throw new GuardError(`glob ${pattern} expands to too many files`);
        if (regex.test(entry)) next.push(join(dir, entry));
      }
    }
    current = next;
  }
  return current;
}

function safeReaddir(dir) {
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
  throw new GuardError(`unterminated ${char} in shell command`);
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
 * A small POSIX-shell lexer. Returns the simple commands (words and redirection targets), the
 * command substitutions $( ) ` ` <( ) >( ) as nested results, and where it stopped: at the `)`
 * closing a substitution when `closer` is ")". Here-document bodies are data, not commands.
 */
export function parseShell(text, start = 0, closer = "", budget = { words: 0 }) {
  const out = { commands: [], nested: [], end: text.length };
  const lexer = newLexer(out, budget);
  for (let i = start; i < text.length; i += 1) {
    const char = text[i] ?? "";
    const next = text[i + 1] ?? "";
    if (char === ")" && closer && lexer.parens === 0) {
      lexer.endCommand();
      out.end = i;
      return out;
    }
    i = lexOne(text, i, char, next, lexer, budget);
  }
  if (closer) throw new GuardError("unbalanced parenthesis in shell command");
  lexer.endCommand();
  return out;
}

function newLexer(out, budget) {
  const lexer = { words: [], redirects: [], word: null, quoted: false, target: "word", strip: false };
  Object.assign(lexer, { parens: 0, heredocs: [] });
  lexer.append = (part) => {
    lexer.word = (lexer.word ?? "") + part;
  };
  lexer.endWord = () => {
    if (lexer.word === null) return;
    if (++budget.words > MAX_SHELL_WORDS)
      throw new GuardError(`shell command has over ${MAX_SHELL_WORDS} words`);
    if (lexer.target === "heredoc")
      lexer.heredocs.push({ delimiter: lexer.word, quoted: lexer.quoted, strip: lexer.strip });
    else (lexer.target === "redirect" ? lexer.redirects : lexer.words).push(lexer.word);
    Object.assign(lexer, { word: null, quoted: false, target: "word" });
  };
  lexer.endCommand = () => {
    lexer.endWord();
    if (lexer.words.length > 0 || lexer.redirects.length > 0) {
      out.commands.push({ words: lexer.words, redirects: lexer.redirects });
    }
    Object.assign(lexer, { words: [], redirects: [] });
  };
  lexer.substitute = (text, from) => {
    const inner = parseShell(text, from, ")", budget);
    out.nested.push(inner);
    lexer.append("");
    return inner.end;
  };
  lexer.backtick = (text, from) => {
    const close = closingIndex(text, from, "`");
    out.nested.push(parseShell(text.slice(from, close), 0, "", budget));
    lexer.append("");
    return close;
  };
  lexer.skipHeredocs = (text, from) => skipHeredocs(text, from, lexer.heredocs.splice(0), out, budget);
  return lexer;
}

/** Consumes one character (or construct) at i; returns the index of its last character. */
function lexOne(text, i, char, next, lexer, budget) {
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
  } else if (";&|".includes(char)) lexer.endCommand();
  else if ((char === "<" || char === ">" || char === "$") && next === "(")
    return lexer.substitute(text, i + 2);
  else if (char === "<" && next === "<" && text[i + 2] !== "<") {
    lexer.endWord();
    lexer.strip = text[i + 2] === "-";
    lexer.target = "heredoc";
    return lexer.strip ? i + 2 : i + 1;
  } else if (char === "<" || char === ">") {
    lexer.endWord();
    while ("<>&|".includes(text[i + 1] ?? "x")) i += 1;
    lexer.target = "redirect";
  } else return lexQuoting(text, i, char, next, lexer, budget);
  return i;
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
  lexer.append(char);
  return i;
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
    else lexer.append(char);
  }
  throw new GuardError('unterminated " in shell command');
}

/** Skips here-document bodies; an unquoted delimiter's body still runs its $( ) and ` `. */
function skipHeredocs(text, from, heredocs, out, budget) {
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
    if (!doc.quoted) out.nested.push(...bodySubstitutions(body.join("\n"), budget));
  }
  return at;
}

function bodySubstitutions(body, budget) {
  const found = [];
  for (let i = body.indexOf("$("); i >= 0; i = body.indexOf("$(", i + 1)) {
    const inner = parseShell(body, i + 2, ")", budget);
    found.push(inner);
    i = inner.end;
  }
  const ticks = body.split("`");
  for (let i = 1; i < ticks.length - 1; i += 2) found.push(parseShell(ticks[i] ?? "", 0, "", budget));
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

const substituteKnown = (word, vars) => word.replace(VARIABLE, (found, a, b) => vars.get(a ?? b) ?? found);

/** Word → strings that may name a file: itself, the value after =, after @, and embedded names. */
function pathCandidates(word, vars = new Map()) {
  const forms = new Set([word, substituteKnown(word, vars)]);
  for (const part of word.split(/\$\{?IFS\}?/)) forms.add(part);
  const eq = word.indexOf("=");
  if (eq >= 0) forms.add(word.slice(eq + 1));
  if (word.startsWith("@")) forms.add(word.slice(1));
  for (const piece of word.match(/[^\s'"`()<>|;&,=:]+/g) ?? []) forms.add(piece);
  for (const form of [...forms]) forms.add(form.replace(/\$\{[A-Za-z_]\w*:?[-=+?]([^}]*)\}/g, "$1"));
  const out = [];
  for (const form of forms) {
    const variables = form.replace(/\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*/g, (found) =>
      /^\$\{?(HOME|PWD)\}?$/.test(found) ? found : "*",
    );
    // `$MSG` alone would match every file in the folder; only a variable inside a name is a pattern.
    if (variables !== form && /^[*/]*$/.test(variables)) continue;
    out.push(...expandBraces(variables, 64));
  }
  return out;
}

function expandBraces(word, limit) {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(word);
  if (!match) return [word];
  const out = [];
  for (const choice of match[1]?.split(",") ?? []) {
    const joined = word.slice(0, match.index) + choice + word.slice(match.index + match[0].length);
    for (const expanded of expandBraces(joined, limit)) {
      if (out.length >= limit) return out;
      out.push(expanded);
    }
  }
  return out;
}

/** Why a shell command touches a secret, or undefined. */
export function commandReason(text, base, depth = 0) {
  return parsedReason(parseShell(text), base, depth, false);
}

/** A substitution's output becomes words of the outer command, so inside one nothing is exempt. */
function parsedReason(parsed, base, depth, substituted) {
  if (depth > 8) throw new GuardError("shell command nests too deeply");
  for (const inner of parsed.nested) {
    const reason = parsedReason(inner, base, depth + 1, true);
    if (reason) return reason;
  }
  const indirect =
    substituted || parsed.commands.some((command) => INDIRECT_COMMANDS.has(commandParts(command.words).name));
  const bases = [base];
  const vars = new Map();
  for (const command of parsed.commands) {
    for (const at of bases) {
      const reason = simpleCommandReason(command, at, depth, indirect, vars);
      if (reason) return reason;
    }
    rememberAssignments(command, vars);
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

// ─── Content ───────────────────────────────────────────────────────────────────────────────────

const GLOBAL_REGEXES = new Map();

/** The first rule with a match that its allow-list does not excuse, or undefined. */
export function secretContentRule(text) {
  for (const rule of SECRET_CONTENT_RULES) {
    if (!GLOBAL_REGEXES.has(rule))
      GLOBAL_REGEXES.set(rule, new RegExp(rule.regex.source, `${rule.regex.flags}g`));
    for (const found of text.matchAll(GLOBAL_REGEXES.get(rule))) {
      if (!rule.allow?.test(found[0])) return rule;
    }
  }
  return undefined;
}

// ─── Decision ──────────────────────────────────────────────────────────────────────────────────

/** { allow: true } or { allow: false, reason }. Throws on anything it cannot judge. */
export function decide(payload) {
  if (process.env[CRASH_ENV] === "1") throw new Error(`scanner crash requested by ${CRASH_ENV}=1`);
  const inspection = inspectionOf(payload);
  if (inspection.nothingToInspect) return { allow: true };
  for (const path of inspection.paths) {
    const reason = pathReason(path, inspection.commandBase);
    if (reason) return { allow: false, reason: `path ${path}: ${reason}` };
  }
  for (const glob of inspection.globs) {
    const reason = pathReason(glob, inspection.commandBase);
    if (reason) return { allow: false, reason: `pattern ${glob}: ${reason}` };
  }
  for (const command of inspection.commands) {
    const reason = commandReason(command, inspection.commandBase);
    if (reason) return { allow: false, reason: `shell command: ${reason}` };
  }
  for (const text of inspection.contents) {
    const rule = secretContentRule(text);
    if (rule)
      return { allow: false, reason: `content contains what looks like a ${rule.description} (${rule.id})` };
  }
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

function block(reason, payload) {
  const message = `agentc-guard blocked this call: ${String(reason).replace(/\s+/g, " ")}`;
  const json = denyOutput(payload, message);
  try {
    if (json) process.stdout.write(`${JSON.stringify(json)}\n`);
    process.stderr.write(`${message}\n`);
  } finally {
    process.exit(2);
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
  setTimeout(() => block(`no decision within ${timeoutMs()} ms`), timeoutMs());
  let payload;
  try {
    payload = parsePayload(await readStdin(MAX_STDIN_BYTES));
    const verdict = decide(payload);
    if (!verdict.allow) block(verdict.reason, payload);
    process.exit(0);
  } catch (error) {
    block(
      error instanceof GuardError ? error.message : `internal error: ${error?.message ?? error}`,
      payload,
    );
  }
}

const invokedPath = process.argv[1] ? realpathLoose(resolve(process.argv[1])) : undefined;
if (invokedPath === realpathLoose(fileURLToPath(import.meta.url))) main();
