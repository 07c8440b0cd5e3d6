import type { CommandHelp } from "./command-help.js";

export const publishHelp: CommandHelp = {
  arguments: [
    { name: "<build-dir | bundle.zip>", text: "what to publish" },
    { name: "<oci://HOST/REPO:TAG>", text: "where: an OCI registry reference" },
  ],
  options: {},
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
  ],
};
