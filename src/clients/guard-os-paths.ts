/**
 * The guard's secret paths as plain paths and globs, for a client's sandbox to refuse (the second line,
 * docs/guard.md). The guard matches names with regular expressions; a sandbox takes globs, so each rule
 * is spelled out here. test/clients/guard-os-paths.test.ts holds the two lists equal: every path below
 * is one the guard's rule of that id blocks, every template one it lets through, and every rule but the
 * /proc ones (a sandbox mounts a /proc of its own) has paths here.
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
  home("ssh-dir", ".ssh"),
  home("gnupg-dir", ".gnupg"),
  home("password-store", ".password-store"),
  home("aws-credentials", ".aws/credentials"),
  home("docker-config", ".docker/config.json"),
  home("kube-config", ".kube/config"),
  home("gcloud-dir", ".config/gcloud"),
  home("azure-dir", ".azure"),
  home("gh-hosts", ".config/gh/hosts.yml"),
  home("copilot-tokens", ".config/github-copilot"),
  home("codex-auth", ".codex/auth.json"),
  home("gemini-oauth", ".gemini/oauth_creds.json"),
  home("cargo-credentials", ".cargo/credentials"),
  home("cargo-credentials-toml", ".cargo/credentials.toml"),
  home("gem-credentials", ".gem/credentials"),
  home("composer-auth", ".composer/auth.json"),
  home("terraform-credentials", ".terraform.d/credentials.tfrc.json"),
];

/** The .env templates the guard lets through (its env-file rule's exceptions), read again in any folder. */
export const guardOsTemplates: readonly string[] = [
  ".env.example",
  ".env.sample",
  ".env.template",
  ".env.dist",
];

/** The guard's rules a sandbox cannot take: it mounts a /proc of its own, so the host's environ files are not there. */
export const guardRulesWithoutOsPath: readonly string[] = ["process-environ", "thread-environ"];
