import type { CommandHelp } from "./command-help.js";

export const serveHelp: CommandHelp = {
  arguments: [
    {
      name: "<build-dir | bundle.zip | folder-of-versions>",
      text: "what to serve (the newest version first); followed while it runs: a version added, rebuilt or removed is served without a restart, one half-written never",
    },
  ],
  options: {
    host: { value: "H", text: "the address to listen on", default: "127.0.0.1" },
    port: {
      value: "N",
      text: "the port, fixed so recorded URLs survive a restart; 0 picks a free one for this run only",
      default: "8080",
    },
    "public-url": { value: "URL", text: "the address clients use, when a proxy or CDN is in front" },
    timeout: { value: "SECONDS", text: "drop a connection that makes no progress this long", default: "30" },
  },
  exitCodes: {
    0: "stopped by Ctrl-C or SIGTERM",
    1: "nothing servable at the path, or the port is taken",
    2: "a bad --port, --timeout or --public-url; or a usage error",
  },
  examples: [
    {
      command: "agentc serve build",
      text: "serve the build on http://127.0.0.1:8080/ (install.sh, page, bundle)",
    },
    {
      command: "agentc serve releases/ --host 0.0.0.0 --public-url https://agents.example.com/",
      text: "serve every version in releases/ behind an https proxy",
    },
    {
      command: "agentc build registry --out releases/.next && mv releases/.next releases/1.5.0",
      text: "publish a version to a running server: built under a hidden name, renamed in when complete",
    },
  ],
};
