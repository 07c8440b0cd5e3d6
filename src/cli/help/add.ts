import type { CommandHelp } from "./command-help.js";

export const addHelp: CommandHelp = {
  arguments: [
    {
      name: "<source>",
      text: "a git URL (https://, git://, file://), an oci:// reference to a published registry, an https address of a .tar.gz, or npm:<package>",
    },
    { name: "[registry]", text: "the registry folder whose sources.json gets the dependency", default: "." },
  ],
  options: {
    name: {
      value: "NAME",
      text: "how sources.json, agentc.lock and agentc update name it",
      default: "the source's last part",
    },
    kind: {
      value: "KIND",
      text: "registry, git, npm, url (a .tar.gz at an address) or marketplace",
      default: "from the source",
    },
    ref: {
      value: "REF",
      text: "git: a branch, tag or full commit; npm: a version, range or dist-tag",
      default: "HEAD / latest",
    },
    path: { value: "DIR", text: "the folder inside the source that holds what is used", default: "its root" },
    provides: {
      value: "WHAT",
      text: "what that folder holds: registry, core, skills, agents, commands, rules, marketplace-plugin (a plugin as a plugin marketplace lists it) or agent-plugin (an Agent Plugins package)",
      default: "registry for kind registry, else skills",
    },
    plugin: {
      value: "NAME",
      text: "with --kind marketplace: the plugin of the marketplace's marketplace.json whose skills, agents and commands are used",
    },
    "npm-registry": { value: "URL", text: "the npm registry to ask", default: "https://registry.npmjs.org" },
  },
  exitCodes: {
    0: "added to sources.json and pinned in agentc.lock",
    1: "the source cannot be resolved or fetched (sources.json is left as it was), or the name is taken",
    2: "usage error or internal failure",
  },
  examples: [
    {
      command: "agentc add https://example.org/team/skills.git --path skills --ref v1.2.0",
      text: "the skills of a git repository, pinned to the commit v1.2.0 names",
    },
    { command: "agentc add npm:@acme/agent-skills --ref ^2.0.0", text: "the skills an npm package ships" },
  ],
};
