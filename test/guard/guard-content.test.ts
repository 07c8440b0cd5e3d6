import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";
import { describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import { packageRoot } from "../../src/shared/package-paths.js";

interface ContentRule {
  id: string;
  description: string;
  regex: RegExp;
  allow?: RegExp;
}
interface GuardModule {
  SECRET_CONTENT_RULES: ContentRule[];
  secretContentRule(text: string): ContentRule | undefined;
}

const guardPath = join(packageRoot, "assets", "hooks", "agentc-guard.mjs");
const guard = (await import(pathToFileURL(guardPath).href)) as GuardModule;
/** Examples are assembled at run time so this file holds no literal a secret scanner would flag. */
const k = (...parts: string[]): string => parts.join("");
const ALNUM36 = "abcdefghijklmnopqrstuvwxyz0123456789";

/** rule id → [a secret it must catch, a near miss it must let through]. */
const EXAMPLES: Record<string, [string, string]> = {
  "aws-access-key-id": [k("id = AKIA", "QWERTYUIOP234567"), k("id = AKIA", "QWERTYUIOP23456")],
  "aws-secret-access-key": [
    k("aws_secret_access_key = ", "abcdEFGHijklMNOPqrstUVWXyz0123456789/+ab"),
    k("aws_secret_access_key = ", "abcdEFGHijklMNOPqrstUVWXyz0123456789/+a"),
  ],
  "github-token": [k("ghp_", ALNUM36), k("ghp_", ALNUM36.slice(1))],
  "github-fine-grained-pat": [k("github_pat_", "a1".repeat(41)), k("github_pat_", "a1".repeat(40))],
  "gitlab-token": [k("glpat-", "abcdefghij0123456789"), k("glpat-", "abcdefghij")],
  "slack-bot-token": [k("xoxb-", "1234567890-1234567890-abcdef"), k("xoxb-", "123-456-abcdef")],
  "slack-user-token": [
    k("xoxp-", "1234567890-1234567890-1234567890-", "a".repeat(30)),
    k("xoxp-", "1234567890-1234567890-", "a".repeat(30)),
  ],
  "slack-app-token": [k("xapp-1-", "A0B1C2D3E4-1234567890-abcdef0123"), k("xapp-1-", "A0B1C2D3E4")],
  "slack-webhook-url": [
    k("https://hooks.slack.com/services/", "T00000000/B00000000/", "X".repeat(24)),
    k("https://hooks.slack.com/services/", "T0000/B0000"),
  ],
  "stripe-key": [k("sk_live_", "abcdefghij0123456789"), k("sk_live_", "short")],
  "google-api-key": [
    k("AIza", "SyA-", "abcdefghijklmnopqrstuvwxyz", "01234"),
    k("AIza", "SyA-", "abcdefghijklmnopqrstuvwxyz", "0123"),
  ],
  "private-key": [k("-----BEGIN RSA ", "PRIVATE KEY-----"), "-----BEGIN PUBLIC KEY-----"],
  jwt: [
    k("eyJhbGciOiJIUzI1NiJ9", ".eyJzdWIiOiIxMjM0NTY3ODkwIn0", ".dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"),
    "eyJhbGciOi.eyJzdWIi.abc",
  ],
  "npm-token": [k("npm_", ALNUM36), k("npm_", ALNUM36.slice(1))],
  "npmrc-auth": [
    k("//registry.npmjs.org/:_auth", "Token=abcdef0123456789"),
    k("//registry.npmjs.org/:_authToken=$", "{NPM_TOKEN}"),
  ],
  "openai-api-key": [k("sk-proj-", "a1B2".repeat(12)), k("sk-proj-", "short")],
  "anthropic-api-key": [k("sk-ant-api03-", "x".repeat(93), "AA"), k("sk-ant-api03-", "x".repeat(20))],
  "huggingface-token": [
    k("hf_", "abcdefghijklmnopqrstuvwxyzABCDEFGH"),
    k("hf_", "abcdefghijklmnopqrstuvwxyzABCDEFG"),
  ],
  "alibaba-access-key-id": [k("LTAI", "abcdefghij0123456789"), k("LTAI", "abc")],
  "postman-api-key": [
    k("PMAK-", "0123456789abcdef01234567", "-", "0123456789abcdef0123456789abcdef01"),
    k("PMAK-", "0123456789abcdef"),
  ],
  "pypi-upload-token": [k("pypi-AgEIcHlwaS5vcmc", "a".repeat(60)), k("pypi-AgEIcHlwaS5vcmc", "a".repeat(10))],
  "shopify-token": [k("shpat_", "0123456789abcdef0123456789abcdef"), k("shpat_", "0123456789abcdef")],
  "vault-token": [k("hvs.", "a".repeat(95)), k("hvs.", "a".repeat(20))],
  "age-secret-key": [k("AGE-SECRET-KEY-1", "Q".repeat(58)), k("AGE-SECRET-KEY-1", "Q".repeat(57))],
  "azure-storage-key": [k("AccountKey=", "a".repeat(86), "=="), k("AccountKey=", "a".repeat(20), "==")],
};

describe("secret content rules (derived from gitleaks, written for JavaScript)", () => {
  it("every rule has examples and every example names a rule", () => {
    const ids = guard.SECRET_CONTENT_RULES.map((rule) => rule.id).sort();
    assert.deepEqual(ids, Object.keys(EXAMPLES).sort());
    assert.equal(new Set(ids).size, ids.length, "rule ids are unique");
  });

  for (const rule of guard.SECRET_CONTENT_RULES) {
    const [secret, nearMiss] = EXAMPLES[rule.id] ?? ["", ""];
    it(`${rule.id}: compiles in JS, no Go inline flags, catches a secret, passes a near miss`, () => {
      assert.doesNotMatch(
        rule.regex.source,
        /\(\?[-imsU]+[:)]/,
        "Go inline flags like (?i) must be translated",
      );
      assert.doesNotThrow(() => new RegExp(rule.regex.source, `${rule.regex.flags}g`));
      assert.equal(
        rule.regex.flags.includes("g"),
        false,
        "a stateful g regex would skip matches between calls",
      );
      assert.match(`const value = "${secret}";`, rule.regex);
      assert.doesNotMatch(`const value = "${nearMiss}";`, rule.regex);
      assert.equal(guard.secretContentRule(`x ${secret} y`)?.id, rule.id);
    });
  }

  it("lets the documented AWS example key through, like gitleaks' allow-list", () => {
    assert.equal(guard.secretContentRule(k("AKIAIOSFODNN7", "EXAMPLE")), undefined);
  });

  it("still finds a real key after an allowed example in the same text", () => {
    const text = k("AKIAIOSFODNN7", "EXAMPLE and AKIA", "QWERTYUIOP234567");
    assert.equal(guard.secretContentRule(text)?.id, "aws-access-key-id");
  });

  it("finds nothing in ordinary code", () => {
    const code = readFileSync(join(packageRoot, "src", "shared", "package-paths.ts"), "utf8");
    assert.equal(guard.secretContentRule(code), undefined);
  });
});

describe("the guard program is a standalone asset", () => {
  const source = readFileSync(guardPath, "utf8");

  it("starts with a node shebang", () => assert.ok(source.startsWith("#!/usr/bin/env node\n")));

  // That it ships in the npm package, executable: test/cli/npm-package.test.ts, on the packed tarball.

  it("imports nothing but node: built-ins", () => {
    const specifiers = [
      ...source.matchAll(/\bfrom\s+["']([^"']+)["']/g),
      ...source.matchAll(/\bimport\s*\(\s*["']([^"']+)["']/g),
      ...source.matchAll(/\brequire\s*\(\s*["']([^"']+)["']/g),
    ].map((match) => match[1] ?? "");
    assert.ok(specifiers.length > 0, "the scan finds the imports");
    for (const specifier of specifiers) {
      assert.ok(specifier.startsWith("node:"), `${specifier} is not a node: built-in`);
      assert.ok(builtinModules.includes(specifier.slice("node:".length)), `${specifier} is not a built-in`);
    }
  });
});
