import { secretDirRules } from "../../shared/secret-path-rule.js";

/**
 * The guard's secret paths as plain paths and globs, for a client's sandbox to refuse (the second line,
 * docs/guard.md). The guard matches file names with regular expressions; a sandbox takes globs, so each
 * name rule is spelled out here, while the folder rules come from the guard's own list as paths under the
 * home folder (its `.pub` exception under .ssh is not carried: the whole folder is refused).
 * test/clients/guard-os-paths.test.ts holds the two equal: every path below is one the guard's rule of
 * that id blocks, every template one it lets through, and every rule but the /proc ones has paths here.
 */
export interface GuardOsPath {
  /** The id of the guard's rule (assets/hooks/agentc-guard.mjs). */
  rule: string;
  /** `anywhere`: a file name or glob in any folder of the project; `home`: a path under the home folder. */
  where: "anywhere" | "home";
  path: string;
}

const anywhere = (rule: string, ...paths: string[]): GuardOsPath[] =>
  paths.map((path) => ({ rule, where: "anywhere", path }));
const home = (rule: string, path: string): GuardOsPath => ({ rule, where: "home", path });

const sshKeys = ["rsa", "dsa", "ecdsa", "ed25519"].flatMap((kind) => [`id_${kind}`, `id_${kind}_sk`]);
/** secret(s).env is the env-named-file rule's (*.env), which the guard checks first. */
const secretsFiles = ["secret", "secrets"].flatMap((base) =>
  ["yaml", "yml", "json", "toml", "ini", "txt", "properties"].map((ext) => `${base}.${ext}`),
);

/**
 * The guard's rules a sandbox cannot take: it gives commands a /proc of their own (a new PID namespace),
 * where only the sandboxed processes are.
 */
export const guardRulesWithoutOsPath: readonly string[] = ["process-environ", "thread-environ"];

export const guardOsPaths: readonly GuardOsPath[] = [
  ...anywhere("env-file", ".env", ".env.*", ".env~*", ".env-*", ".env_*"),
  ...anywhere("env-named-file", "*.env", ".envrc"),
  ...anywhere("ssh-private-key", ...sshKeys),
  ...anywhere(
    "key-container",
    ...["pem", "key", "p12", "pfx", "jks", "keystore", "p8", "ppk", "kdbx"].map((e) => `*.${e}`),
  ),
  ...anywhere(
    "credential-file",
    ".netrc",
    "_netrc",
    ".git-credentials",
    ".pypirc",
    ".pgpass",
    ".my.cnf",
    ".htpasswd",
    ".vault-token",
    ".boto",
    ".s3cfg",
    ".dockercfg",
    "kubeconfig",
    "credentials.json",
    "application_default_credentials.json",
    ".credentials.json",
  ),
  ...anywhere(
    "cloud-key-json",
    "client_secret*.json",
    "service-account*.json",
    "service_account*.json",
    "serviceaccount*.json",
  ),
  ...anywhere("secrets-file", ...secretsFiles),
  ...anywhere("terraform-state", "*.tfstate", "*.tfstate.backup", "*.tfvars", "*.tfvars.json"),
  // The guard's folder rules, as paths under the home folder: its own list, so the names stay there.
  ...secretDirRules
    .filter((rule) => !guardRulesWithoutOsPath.includes(rule.id))
    .map((rule) => home(rule.id, rule.segments.join("/"))),
];

/** The .env templates the guard lets through (its env-file rule's exceptions), read again in any folder. */
export const guardOsTemplates: readonly string[] = [
  ".env.example",
  ".env.sample",
  ".env.template",
  ".env.dist",
];
