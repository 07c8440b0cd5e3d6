/** targets.json "plugin" (SPEC §1): what plugin.zip and marketplace.json are made of. */
export interface PluginLayout {
  native_manifest?: string;
  portable_manifest?: string;
  skills_dir?: string;
  hooks_file?: string;
  mcp_files?: string[];
  portable_schema?: string;
}

export interface PluginConfig {
  name: string;
  description?: string;
  version?: string;
  owner?: { name: string; email?: string; url?: string };
  skills_from?: string;
  hook_seed?: string;
  hook_path_rewrites?: [string, string][];
  mcp_seed?: string;
  /** Plugin hosts (plugin-hosts/*.json); default: the hosts of the seed layout. */
  hosts?: string[];
  layout?: PluginLayout;
}
