import type { CommandHelp } from "./command-help.js";

export const publishHelp: CommandHelp = {
  arguments: [
    {
      name: "<build-dir | bundle.zip | registry-dir>",
      text: "what to publish; a registry folder (sources.json, no manifest.json) is pushed as its source, for other registries to depend on",
    },
    { name: "<oci://HOST/REPO:TAG>", text: "where: an OCI registry reference" },
  ],
  options: {
    sign: {
      value: "KEY",
      text: "sign manifest.json with this SSH key (ssh-keygen -Y sign) and push the signature as a referrer of the bundle",
      default: "push the <zip>.sig or manifest.json.sig found beside the bundle, if any",
    },
    "any-tag": {
      text: "push to a version tag that is not the bundle's registry_version (projects update along version tags, so this is refused without it)",
    },
  },
  exitCodes: {
    0: "published; the digest is printed",
    1: "the origin cannot be read, or the registry refused the push",
    2: "a missing argument or a target that is not oci://; or a usage error",
  },
  examples: [
    {
      command: "agentc publish build oci://ghcr.io/acme/agent-config:1.2.0",
      text: "push the build folder as version 1.2.0",
    },
    {
      command: "agentc publish bundle.zip oci://localhost:5000/agents:latest --format json",
      text: "push a packed bundle; print reference and digest as JSON",
    },
    {
      command: "agentc publish build oci://ghcr.io/acme/agent-config:1.2.0 --sign ~/.ssh/team_ed25519",
      text: "push it signed: install and update verify the signature and record the key",
    },
    {
      command: "agentc publish org-registry oci://ghcr.io/acme/org-registry:2026.1",
      text: "push the registry folder itself, for team registries to list as a dependency",
    },
  ],
};
