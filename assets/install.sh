#!/bin/sh
# agentc install.sh: installs one version of an agentc bundle from an `agentc serve` (or a static copy of
# its files) into a project, in plain POSIX sh with awk, find, sha256sum (or shasum) and curl (or wget).
#
#   curl -fsS https://HOST/install.sh | sh -s -- --project DIR [--components a,b] [--dry-run] [--from URL]
#
# It reads manifest.json line by line (its canonical layout is the contract, docs/manifest.md), verifies
# every file against the manifest's sha256 before anything is written, and follows the safety rules of
# `agentc install` for the common case (docs/install-sh.md): owned files and folders, seeds written only
# when missing, links, legacy removals, agentc's block composed into a person's own instruction files (adopt
# lines); settings files written where missing from the text the server composed; never overwriting a file
# it did not install; every conflict listed before any write; the same install record. What it does not
# implement (composing into a settings file already there, capability packages, tool payloads, link
# fallbacks, --move-aside) it refuses in one line, naming `agentc install`.
set -u

# agentc-serve-config-begin (agentc serve writes the values of this block)
AGENTC_BASE=''
AGENTC_TREE=''
AGENTC_VERSION=''
AGENTC_MANIFEST_SHA256=''
AGENTC_BUNDLE_SHA256=''
AGENTC_SIGNATURE=''
AGENTC_SIGNER=''
AGENTC_COMPOSE=''
# agentc-serve-config-end

# The only files a bundle may compose into although a person wrote them: the instruction files agentc's
# built-in adapters adopt, and the settings files its built-in client packs compose values into
# (src/install/bundle/composable-files.ts; npm run build writes this copy, scripts/install-sh-lists.ts).
# An adopt or composed line naming any other path rejects the bundle.
# agentc-composable-begin
AGENTC_INSTRUCTION_FILES='.claude/CLAUDE.md .github/copilot-instructions.md AGENTS.md CLAUDE.md GEMINI.md'
AGENTC_SETTINGS_FILES='.agents/hooks.json .agents/mcp_config.json .agents/plugins/agentc/hooks/hooks.json .amp/settings.json .augment/settings.json .claude/settings.json .codex/config.toml .codex/hooks.json .cursor/cli.json .cursor/hooks.json .cursor/mcp.json .cursor/permissions.json .devin/config.json .factory/mcp.json .factory/settings.json .gemini/settings.json .github/hooks/agentc.json .gitlab/duo/hooks.json .gitlab/duo/mcp.json .junie/mcp/mcp.json .kiro/settings/mcp.json .mcp.json .qwen/settings.json .roo/mcp.json .vscode/mcp.json .windsurf/hooks.json .zed/settings.json crush.json kilo.json opencode.json'
# The other places a client reads a settings file from (its pack's also_reads.settings_files), as
# "<file>=<place>,<place>": where the file is missing and exactly one of its places is there, agentc install
# composes into that one, which this installer leaves to it.
AGENTC_SETTINGS_PLACES='kilo.json=.kilo/kilo.json,.kilo/kilo.jsonc,.kilocode/kilo.json,.kilocode/kilo.jsonc,kilo.jsonc opencode.json=.opencode/opencode.json,.opencode/opencode.jsonc,opencode.jsonc'
# agentc-composable-end

# Where agentc takes over a person's file it adopted, once the bundle changes it (docs/installer.md, *Files agentc
# took over*): the assistant files and folders its own data names (src/install/bundle/takeover-places.ts;
# npm run build writes this copy, scripts/install-sh-lists.ts). Elsewhere an adopted file is never replaced.
# agentc-takeover-begin
AGENTC_TAKEOVER_FILES='.amazonq/rules/00-always-on.md .claude/CLAUDE.md .clinerules .continue/rules/00-always-on.md .cursorrules .github/copilot-instructions.md .gitlab/duo/chat-rules.md .goosehints .junie/AGENTS.md .junie/guidelines.md .rules .windsurfrules AGENT.md AGENTS.md CLAUDE.md CRUSH.md GEMINI.md'
AGENTC_TAKEOVER_DIRS='.agent/rules .agents/agents .agents/commands .agents/rules .agents/skills .agents/workflows .amazonq/rules .augment/agents .augment/commands .augment/rules .augment/skills .claude/agents .claude/commands .claude/rules .claude/skills .cline/rules .cline/skills .clinerules .clinerules/skills .clinerules/workflows .codex/agents .codex/skills .continue/rules .crush/commands .cursor/agents .cursor/commands .cursor/rules .cursor/skills .devin/agents .devin/rules .devin/skills .factory/commands .factory/droids .factory/skills .gemini/agents .gemini/commands .gemini/skills .github/agents .github/instructions .github/prompts .github/skills .junie/agents .junie/skills .kilo/agent .kilo/agents .kilo/command .kilo/commands .kilo/rules .kilo/skill .kilo/skills .kilocode/agent .kilocode/agents .kilocode/command .kilocode/commands .kilocode/rules .kilocode/skill .kilocode/skills .kiro/agents .kiro/skills .kiro/steering .opencode/agent .opencode/agents .opencode/command .opencode/commands .opencode/skill .opencode/skills .pi/prompts .pi/skills .qwen/agents .qwen/commands .qwen/rules .qwen/skills .roo/commands .roo/skills .windsurf/rules .windsurf/skills .windsurf/workflows skills'
# agentc-takeover-end

LC_ALL=C
export LC_ALL
TAB=$(printf '\t')
NL='
'
me='agentc install.sh'
work=''
lock_taken=''
applying=''

say() { printf '%s\n' "$*"; }
warn() { printf '%s: %s\n' "$me" "$*" >&2; }
cleanup() {
  if [ -n "$lock_taken" ]; then rm -f "$lock_taken" "$root/.agentc/lock"; fi
  if [ -n "$work" ]; then rm -rf "$work"; fi
}
die() { warn "$1"; [ $# -gt 2 ] && printf '  hint: %s\n' "$3" >&2; cleanup; exit "${2:-1}"; }
# What agentc install does and this installer cannot: one line, what and why, and the command to use instead
refuse() {
  warn "$1; install with: agentc install ${AGENTC_BASE:-<server URL>} --project ${project:-DIR}"
  cleanup
  exit 1
}
on_signal() {
  if [ -n "$applying" ]; then
    warn "interrupted while writing: the project is partly updated; run this installer again (or agentc install) to complete it"
  fi
  cleanup
  exit "$1"
}
trap 'on_signal 130' INT
trap 'on_signal 143' TERM

usage() {
  cat <<'EOF'
usage: sh install.sh [--project DIR] [--components a,b] [--dry-run] [--from URL] [--signer FILE] [--require-signature]
                     [--allow-downgrade] [--take-imported]
  --project DIR     the project to install into (default: the current folder)
  --components a,b  install these components (required ones are always added); default: those of the
                    last install, else the registry's chosen assistants' (default_components), else all
  --dry-run         print what would change and every conflict; write nothing
  --from URL        the server's base URL, when it is not the one this script was served from
  --signer FILE     install only a bundle signed by a key in FILE (.pub or allowed_signers; needs ssh-keygen)
  --require-signature  refuse an unsigned bundle
  --allow-downgrade install a version older than the one installed (also: AGENTC_ALLOW_DOWNGRADE=1)
  --take-imported   take over your files that still hold what agentc import read from them, where the
                    registry now has another form (kept in .agentc/originals until uninstall)
EOF
}

# ---------------------------------------------------------------------------------------------------------
# The manifest reader: manifest.json, line by line, in its canonical layout, into tab-separated facts.
# Any line that is not where the layout puts it is an error: the file is not what this reader understands.
read_manifest() {
  awk -v instructions=" $AGENTC_INSTRUCTION_FILES " -v settings=" $AGENTC_SETTINGS_FILES " -v lines="${2:-}" '
  function fail(why) { printf "error\tline %d: %s\n", NR, why; failed = 1; exit 1 }
  # a line that asks for what no bundle may have (src/install/bundle/composable-check.ts): the bundle is rejected
  function reject(v, path, allowed, what,   where) {
    where = "install" (listComp != "" ? ".components." listComp : "") "." listKey
    allowed = substr(allowed, 2, length(allowed) - 2); gsub(/ /, ", ", allowed)
    printf "rejected\tline %d (%s): \"%s\" asks to compose into %s, which is not %s agentc composes into (%s); a bundle cannot choose which of a person'"'"'s files agentc writes into: the bundle is rejected\n", NR, where, v, path, what, allowed
    failed = 1; exit 1
  }
  function unq(s,   out, i, c) {
    out = ""
    while ((i = index(s, "\\")) > 0) {
      c = substr(s, i + 1, 1)
      if (c != "\"" && c != "\\" && c != "/") fail("holds an escape (\\" c ") this reader does not decode")
      out = out substr(s, 1, i - 1) c
      s = substr(s, i + 2)
    }
    return out s
  }
  function element(line, pad,   body) {
    if (!match(line, "^" pad "\"")) fail("expected a list element")
    body = substr(line, length(pad) + 2)
    sub(/,$/, "", body)
    if (body !~ /"$/) fail("expected a string")
    return unq(substr(body, 1, length(body) - 1))
  }
  function value(line,   body) {
    body = line
    sub(/^ *"[a-z_]+": /, "", body)
    sub(/,$/, "", body)
    if (body ~ /^"/) { if (body !~ /"$/) fail("expected a string"); return unq(substr(body, 2, length(body) - 2)) }
    return body
  }
  function key(line,   k) { k = line; sub(/^ *"/, "", k); sub(/".*$/, "", k); return k }
  # the rules of src/shared/path-check.ts (but for Unicode normalisation, which agentc build and pack check)
  function badPath(p,   n, seg, i, s) {
    if (p == "") return "is empty"
    if (length(p) > 1024) return "is longer than 1024 characters"
    if (p ~ /[\001-\037\177]/) return "holds a control character"
    if (index(p, "\\") > 0) return "holds a backslash"
    if (p ~ /^\//) return "is absolute"
    if (p ~ /^[A-Za-z]:/) return "starts with a drive letter"
    n = split(p, seg, "/")
    for (i = 1; i <= n; i++) {
      s = seg[i]
      if (s == "") return "holds an empty segment"
      if (s == "." || s == "..") return "holds a \"" s "\" segment"
      if (tolower(s) == ".git") return "holds a .git segment"
      if (s ~ /[. ]$/) return "has a segment ending in a dot or space"
      if (s ~ /[<>:"|?*]/) return "has a character Windows forbids"
      if (tolower(s) ~ /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/) return "uses a reserved device name"
    }
    return ""
  }
  function checked(listKey, v,   parts, when, n, i, why) {
    if (listKey == "artifacts" || listKey == "owned_dirs" || listKey == "owned_files" || listKey == "seeds" || listKey == "remove" || listKey == "scaffold_dirs" || listKey == "executables") {
      why = badPath(v)
      if (why != "") fail(listKey " lists \"" v "\", which " why)
    } else if (listKey == "symlinks" || listKey ~ /_hashes$/) {
      n = split(v, parts, / :: /)
      for (i = 1; i <= (listKey == "symlinks" ? 2 : 1); i++) { why = badPath(parts[i]); if (why != "") fail(listKey " lists \"" parts[i] "\", which " why) }
    } else if (listKey == "adopt") {
      n = split(v, parts, / :: /)
      why = badPath(parts[1]); if (why != "") fail(listKey " lists \"" parts[1] "\", which " why)
      if (index(instructions, " " parts[1] " ") == 0) reject(v, parts[1], instructions, "an instruction file")
      n = (n >= 3) ? split(parts[3], when, ",") : 0
      for (i = 1; i <= n; i++) { why = badPath(when[i]); if (why != "") fail(listKey " lists \"" when[i] "\", which " why) }
    } else if (listKey == "composed") {
      split(v, parts, / :: /)
      if (index(settings, " " parts[1] " ") == 0) reject(v, parts[1], settings, "a settings file")
    }
    # where a line the planner may name is (lines=1): "at <list> <component> <line> <value>"
    if (lines != "" && (listKey == "remove" || listKey == "seed_refresh_hashes")) print "at\t" listKey "\t" listComp "\t" NR "\t" v
    return v
  }
  BEGIN { ctx = "start"; compLists = " owned_dirs owned_files symlinks seeds preserve remove scaffold_dirs executables composed adopt with "
          installLists = " artifact_hashes seed_hashes seed_refresh_hashes imported_hashes tools tool_paths tool_payloads tool_payload_keep tool_purposes payload_hashes payload_executables publish_rewrites default_components " }
  {
    line = $0
    if (line ~ /\r$/) fail("has a carriage return")
    if (ctx == "list") {
      if (line ~ ("^" closing "\\],?$")) { ctx = back; next }
      v = checked(listKey, element(line, pad))
      if (listKey == "artifacts") print "artifact\t" v
      else if (listComp != "") print listKey "\t" listComp "\t" v
      else print listKey "\t" v
      next
    }
    if (ctx == "start") { if (line != "{") fail("expected {"); ctx = "top"; next }
    if (ctx == "top") {
      if (line ~ /^  "version": [0-9]+,$/) { v = value(line); if (v + 0 > 1) fail("version " v " was made by a newer agentc"); if (v != "1") fail("version " v " is not 1"); print "version\t1"; next }
      if (line ~ /^  "artifacts": \[\],$/) next
      if (line ~ /^  "artifacts": \[$/) { ctx = "list"; listKey = "artifacts"; listComp = ""; pad = "    "; closing = "  "; back = "top"; next }
      if (line ~ /^  "install": \{$/) { ctx = "install"; next }
      if (line ~ /^  "registry_version": ".*"$/) { print "registry\t" value(line); ctx = "end"; next }
      fail("expected a top-level key of manifest version 1")
    }
    if (ctx == "install") {
      if (line ~ /^  },$/) { ctx = "top"; next }
      if (line ~ /^    "bundle": ".*",$/) { print "bundle\t" value(line); next }
      if (line ~ /^    "components": \{\},$/) next
      if (line ~ /^    "components": \{$/) { ctx = "components"; next }
      if (line ~ /^    "roster_budget": \{$/) { ctx = "roster"; next }
      k = key(line)
      if (index(installLists, " " k " ") > 0) {
        if (line ~ /^    "[a-z_]+": \[\],?$/) next
        if (line ~ /^    "[a-z_]+": \[$/) { ctx = "list"; listKey = k; listComp = ""; pad = "      "; closing = "    "; back = "install"; next }
      }
      fail("expected a key of install")
    }
    if (ctx == "roster") {
      if (line ~ /^    },$/) { ctx = "install"; next }
      if (line ~ /^      "[a-z_]+": .*$/) { print "roster\t" key(line) "\t" value(line); next }
      fail("expected a key of roster_budget")
    }
    if (ctx == "components") {
      if (line ~ /^    },$/) { ctx = "install"; next }
      if (line ~ /^      "[^"]+": \{$/) { comp = key(line); print "component\t" comp; ctx = "component"; next }
      fail("expected a component")
    }
    if (ctx == "component") {
      if (line ~ /^      },?$/) { ctx = "components"; next }
      if (line ~ /^        "required": (true|false),?$/) { print "required\t" comp "\t" value(line); next }
      if (line ~ /^        "name": ".*",?$/) next
      if (line ~ /^        "capability": \{$/) { print "capability\t" comp; ctx = "capability"; next }
      k = key(line)
      if (index(compLists, " " k " ") > 0) {
        if (line ~ /^        "[a-z_]+": \[\],?$/) next
        if (line ~ /^        "[a-z_]+": \[$/) { ctx = "list"; listKey = k; listComp = comp; pad = "          "; closing = "        "; back = "component"; next }
      }
      fail("expected a key of a component")
    }
    if (ctx == "capability") { if (line ~ /^        }$/) ctx = "component"; else if (line !~ /^          /) fail("expected the capability block"); next }
    if (ctx == "end") { if (line != "}") fail("expected the closing }"); ctx = "done"; next }
    fail("expected the end of the file")
  }
  END { if (!failed && ctx != "done") { printf "error\tline %d: the file ends early (truncated?)\n", NR; exit 1 } }
  ' "$1"
}

# The install record (.agentc/installed.json, JSON.stringify layout): the previous install's facts.
read_record() {
  awk -v dir="$work" '
  function fail(why) { printf "error\tline %d: %s\n", NR, why; failed = 1; exit 1 }
  function value(line,   body) { body = line; sub(/^ *"[a-z_0-9]+": /, "", body); sub(/,$/, "", body); if (body ~ /^"/) body = substr(body, 2, length(body) - 2); return body }
  function key(line,   k) { k = line; sub(/^ *"/, "", k); sub(/".*$/, "", k); return k }
  function flush() { if (path != "") print "prev\t" path "\t" kind "\t" comp "\t" sha "\t" target "\t" exe "\t" adopted "\t" osha "\t" oexe "\t" otarget; path = kind = comp = sha = target = exe = adopted = osha = oexe = otarget = "" }
  BEGIN { ctx = "start" }
  {
    line = $0
    if (index(line, "\\") > 0) fail("holds an escape this reader does not decode")
    if (ctx == "start") { if (line != "{") fail("expected {"); ctx = "top"; next }
    if (ctx == "top") {
      if (line ~ /^  "version": 1,$/) next
      if (line ~ /^  "(registry_version|manifest_sha256)": ".*",$/) { print "r" key(line) "\t" value(line); next }
      if (line ~ /^  "source": \{$/) { ctx = "skip"; skipEnd = "  },"; next }
      if (line ~ /^  "signer": \{$/) { ctx = "signer"; next }
      if (line ~ /^  "components": \[\],$/) next
      if (line ~ /^  "components": \[$/) { ctx = "components"; next }
      if (line ~ /^  "owned_dirs": \[\],$/) next
      if (line ~ /^  "owned_dirs": \[$/) { ctx = "skip"; skipEnd = "  ],"; next }
      if (line ~ /^  "entries": \[\],?$/) next
      if (line ~ /^  "entries": \[$/) { ctx = "entries"; next }
      if (line ~ /^  "composed": \[$/) { ctx = "composed"; next }
      if (line ~ /^  "spawned": \[/) { print "unsupported\t" key(line); ctx = "skip"; skipEnd = "  ]"; next }
      if (line == "}") { ctx = "done"; next }
      fail("expected a key of install record version 1")
    }
    if (ctx == "signer") {
      if (line == "  },") { ctx = "top"; next }
      if (key(line) == "key") print "rsigner\t" value(line); else if (key(line) == "fingerprint") print "rsignerfp\t" value(line); else fail("expected a key of the signer")
      next
    }
    if (ctx == "skip") { if (line == skipEnd || line == skipEnd ",") ctx = "top"; next }
    # each element of "composed", as its text (without the comma after it) in <dir>/rc<n>, hashed by the caller
    if (ctx == "composed") {
      if (line ~ /^  \],?$/) { ctx = "top"; next }
      if (line == "    {") { nrc++; rc = dir "/rc" nrc; printf "%s", line > rc; next }
      if (nrc == 0) fail("expected an element of composed")
      if (line == "    },") line = "    }"
      if (line ~ /^      "path": ".*",$/) print "rcomposed\t" nrc "\t" value(line)
      printf "\n%s", line > rc
      if (line == "    }") close(rc)
      next
    }
    if (ctx == "components") { if (line ~ /^  \],$/) { ctx = "top"; next } v = line; sub(/^    "/, "", v); sub(/",?$/, "", v); print "rcomponent\t" v; next }
    # a file agentc took over: the original'"'"'s hash and mode, kept in .agentc/originals until given back
    if (ctx == "original") {
      if (line == "      }") { if (otarget == "" && (osha == "" || oexe == "")) fail("expected the sha256 and executable, or the target, of original"); ctx = "entries"; next }
      k = key(line); v = value(line)
      if (k == "sha256" && line ~ /^        "sha256": "[0-9a-f]*",$/ && length(v) == 64) osha = v
      else if (k == "executable" && line ~ /^        "executable": (true|false)$/) oexe = (v == "true") ? "1" : "0"
      else if (k == "target" && line ~ /^        "target": ".+"$/ && osha == "") otarget = v
      else fail("expected the sha256 and executable, or the target, of original")
      next
    }
    if (ctx == "entries") {
      if (line ~ /^  \],?$/) { ctx = "top"; next }
      if (line ~ /^    \{$/) next
      if (line ~ /^    \},?$/) { flush(); next }
      k = key(line)
      if (k == "path") path = value(line); else if (k == "kind") kind = value(line); else if (k == "component") comp = value(line)
      else if (k == "sha256") sha = value(line); else if (k == "target") target = value(line); else if (k == "executable") exe = "1"
      else if (k == "adopted") adopted = "1"
      else if (k == "original" && line == "      \"original\": {") ctx = "original"
      else fail("expected a key of an entry")
      next
    }
    fail("expected the end of the file")
  }
  END { if (!failed && ctx != "done") { printf "error\tline %d: the file ends early (truncated?)\n", NR; exit 1 } }
  ' "$1"
}

# ---------------------------------------------------------------------------------------------------------
# Which components, and what they want on disk. Input: the manifest facts, then the record facts. Output,
# after sorting on the first four fields: the chosen components and problems, then the desired state in the
# order the Node installer plans it (every file and seed, component by component, owned files in code-point
# order; then links; scaffold folders; owned folders; legacy removals).
desire() {
  awk -v wanted="$1" -v servedCompose="$AGENTC_COMPOSE" '
  function out(group, c, part, k, rest) { printf "%d\t%d\t%d\t%s\t%s\n", group, c, part, k, rest }
  function push(list, v) { n[list]++; item[list, n[list]] = v }
  function relative(from, to,   a, b, na, nb, i, j, o) {
    na = (from == "") ? 0 : split(from, a, "/"); nb = split(to, b, "/")
    for (i = 1; i <= na && i <= nb && a[i] == b[i]; i++) ;
    o = ""
    for (j = i; j <= na; j++) o = o (o == "" ? "" : "/") ".."
    for (j = i; j <= nb; j++) o = o (o == "" ? "" : "/") b[j]
    return o == "" ? "." : o
  }
  function dirname(p) { return (p ~ /\//) ? substr(p, 1, match(p, /\/[^\/]*$/) - 1) : "" }
  function sep(line, parts) { return split(line, parts, / :: /) }
  function pad(i) { return sprintf("%09d", i) }
  function problem(text) { out(0, 0, 0, "", "rejected\t" text) }
  # the ownership rules of src/install/bundle/ownership-check.ts, with ASCII case folding
  function reserved(p,   first) { first = p; sub(/\/.*/, "", first); if (tolower(first) == ".agentc") problem(p " lies in .agentc/, agentc'"'"'s own folder") }
  function claim(p, c, role,   k) {
    reserved(p); k = tolower(p)
    if (k in wholeC) { problem(p ": installed by component " c " (" role ") and by component " wholeC[k] " (" wholeR[k] ")"); return }
    if (k in dirC) { problem(p ": " role " of component " c " is also the owned folder of component " dirC[k]); return }
    wholeC[k] = c; wholeR[k] = role; claims[++nclaims] = p SUBSEP c
  }
  function claimDir(p, c,   k) {
    reserved(p); k = tolower(p)
    if ((k in dirC && dirC[k] != c) || k in wholeC) { problem(p ": owned folder of component " c " is also installed by component " (k in dirC ? dirC[k] : wholeC[k])); return }
    dirC[k] = c; claims[++nclaims] = p SUBSEP c
  }
  function nesting(   i, parts, p, c, j, k) {
    for (i = 1; i <= nclaims; i++) {
      split(claims[i], parts, SUBSEP); p = parts[1]; c = parts[2]
      for (j = 2; j <= length(p); j++) if (substr(p, j, 1) == "/") {
        k = tolower(substr(p, 1, j - 1))
        if (k in wholeC) problem(p " of component " c " lies below " substr(p, 1, j - 1) ", a file of component " wholeC[k])
        if (k in dirC && dirC[k] != c) problem(p " of component " c " lies inside " substr(p, 1, j - 1) ", the owned folder of component " dirC[k])
      }
    }
  }
  # an adopt line (src/manifest/manifest-lines.ts), in plan order: "adopt <n> <component> <path> block
  # <sha256 of the component'"'"'s own file there>" or "adopt <n> <component> <path> import <line> <when,...>"
  function adopt(c, line, owned,   p, m, when) {
    m = sep(line, p)
    if (m == 2 && p[2] == "block") {
      # a block of a file the component does not ship is left out, as agentc leaves it out
      if (!(p[1] in owned)) return
      if (!(p[1] in ahash)) { problem("component " c " adopts " p[1] " as a block, but the bundle has no hash for its file"); return }
      out(0, 0, 3, pad(++nadopt), "adopt\t" nadopt "\t" c "\t" p[1] "\tblock\t" ahash[p[1]])
      return
    }
    when = (m == 3) ? p[3] : p[1]
    if ((m == 2 || m == 3) && p[2] ~ /^import:./ && when !~ /(^|,)(,|$)/) {
      out(0, 0, 3, pad(++nadopt), "adopt\t" nadopt "\t" c "\t" p[1] "\timport\t" substr(p[2], 8) "\t" when)
      return
    }
    problem("an adopt line of " c " is not \"<path> :: block\" or \"<path> :: import:<text>[ :: <path>,...]\"")
  }
  # the owned files of chosen component c, in owned[]; listed[] those its owned_files name
  function ownedOf(c,   j, k) {
    split("", owned); split("", listed)
    for (j = 1; j <= n[c SUBSEP "owned_files"]; j++) { owned[item[c SUBSEP "owned_files", j]] = 1; listed[item[c SUBSEP "owned_files", j]] = 1 }
    for (j = 1; j <= n[c SUBSEP "owned_dirs"]; j++)
      for (k = 1; k <= na; k++) if (index(artifacts[k], item[c SUBSEP "owned_dirs", j] "/") == 1 && artifacts[k] in ahash) owned[artifacts[k]] = 1
  }
  # one file that two chosen components install with the same mode (their hash is the one of the path) is
  # written once, for the component whose owned folder holds it, else for the first that lists it: keeper[]
  # (sharedCopiesOnce of src/manifest/desired.ts); a seed there, another mode or two folder copies are
  # left for the ownership check to refuse
  function sharedCopiesOnce(   i, j, c, f, x, copies, unlisted, first, folder, mixed, mode, seeded) {
    for (i = 1; i <= nc; i++) {
      c = comps[i]
      if (!(c in pick)) continue
      split("", x); for (j = 1; j <= n[c SUBSEP "executables"]; j++) x[item[c SUBSEP "executables", j]] = 1
      for (j = 1; j <= n[c SUBSEP "seeds"]; j++) seeded[item[c SUBSEP "seeds", j]] = 1
      ownedOf(c)
      for (f in owned) {
        copies[f]++
        if (!(f in first)) { first[f] = c; mode[f] = (f in x) }
        else if (mode[f] != (f in x)) mixed[f] = 1
        if (!(f in listed)) { unlisted[f]++; folder[f] = c }
      }
    }
    for (f in copies) if (copies[f] > 1 && !(f in mixed) && !(f in seeded) && unlisted[f] <= 1) keeper[f] = (f in folder) ? folder[f] : first[f]
  }
  # a settings file the component composes into: written from the text the server composed as agentc install
  # composes it into a missing file ("settings <component> <path> <text sha256> <record sha256>"), where that
  # text was served and no other chosen component composes into the file
  function settings(c, q,   v) {
    if (!((c, q) in served)) { out(0, 0, 0, "", "problem\tcomponent " c " composes its values into " q ", and the server composed no text for it; that needs agentc'"'"'s JSON/TOML editor"); return }
    if (q in composer) { out(0, 0, 0, "", "problem\tcomponents " composer[q] " and " c " both compose their values into " q ", which needs agentc'"'"'s JSON/TOML editor"); return }
    composer[q] = c; reserved(q)
    out(2, nc + 1, 0, q, "settings\t" c "\t" q "\t" served[c, q])
  }
  # the payload folders of the tools (addPayloads of src/manifest/desired.ts): each an owned folder of
  # component tool:<name>, its files from payload_hashes; the files in a payload_keep folder inside are written
  # only while that folder does not exist ("keepfile"), and the folder is preserved
  function payloads(   i, j, k, c, d, pre, f, inKeep) {
    if (npl > 0 && nph == 0) { out(0, 0, 0, "", "problem\tthe bundle names the payload folder " plDir[1] " of tool " plName[1] " but carries no payload_hashes (it was packed without --payloads)"); return }
    for (k = 1; k <= nkd; k++) out(0, 0, 0, "", "keepdir\t" keepDirs[k])
    for (i = 1; i <= npl; i++) {
      c = "tool:" plName[i]; d = plDir[i]; pre = ""
      for (k = 1; k <= nkd; k++) if (index(keepDirs[k], d "/") == 1) pre = pre "\t" substr(keepDirs[k], length(d) + 2) "/**"
      claimDir(d, c)
      out(4, nc + i, 0, "", "owned\t" c "\t" d pre)
      for (j = 1; j <= nph; j++) {
        f = phPath[j]
        if (index(f, d "/") != 1) continue
        claim(f, c, "owned file"); inKeep = ""
        for (k = 1; k <= nkd; k++) if (index(f, keepDirs[k] "/") == 1) inKeep = keepDirs[k]
        if (inKeep != "") out(1, nc + i, 2, pad(j), "keepfile\t" c "\t" f "\t" phSha[j] "\t" inKeep)
        else out(1, nc + i, 0, f, "file\t" c "\t" f "\t" phSha[j] "\t" (f in pexe ? 1 : 0))
      }
    }
  }
  BEGIN {
    FS = "\t"
    m = split(servedCompose, w, " ")
    for (i = 1; i <= m; i++) if (split(w[i], v, ":") == 4) served[v[1], v[2]] = v[3] "\t" v[4]
  }
  $1 == "error" { out(0, 0, 0, "", "problem\tmanifest.json " $2); next }
  $1 == "component" { comps[++nc] = $2; known[$2] = 1; next }
  $1 == "required" { if ($3 == "true") required[$2] = 1; next }
  $1 == "with" { joint[$2] = joint[$2] " " $3; next }
  $1 == "capability" { capability[$2] = 1; next }
  $1 == "composed" { split($3, p, / :: /); ncp[$2]++; cp[$2, ncp[$2]] = p[1]; next }
  $1 == "artifact" { artifacts[++na] = $2; next }
  $1 == "artifact_hashes" { if (sep($2, p) == 2 && !(p[1] in ahash)) ahash[p[1]] = p[2]; next }
  $1 == "seed_hashes" { if (sep($2, p) == 2 && !(p[1] in shash)) shash[p[1]] = p[2]; next }
  $1 == "seed_refresh_hashes" { if (sep($2, p) == 2) out(0, 0, 1, "", "known\t" p[1] "\t" p[2]); next }
  $1 == "imported_hashes" { if (sep($2, p) == 2) out(0, 0, 1, "", "imported\t" p[1] "\t" p[2]); next }
  $1 == "tool_payloads" { if (sep($2, p) == 2) { npl++; plName[npl] = p[1]; plDir[npl] = p[2] } next }
  $1 == "tool_payload_keep" { if (sep($2, p) == 2) keepDirs[++nkd] = p[2]; next }
  $1 == "payload_hashes" { if (sep($2, p) == 2) { nph++; phPath[nph] = p[1]; phSha[nph] = p[2] } next }
  $1 == "payload_executables" { pexe[$2] = 1; next }
  $1 == "tools" { if (sep($2, p) == 2) out(0, 0, 2, pad(++nt), "tool\t" p[1] "\t" p[2]); next }
  $1 == "tool_paths" { if (sep($2, p) == 2) out(0, 0, 2, "", "toolpath\t" p[1] "\t" p[2]); next }
  $1 == "rcomponent" { prev[$2] = 1; hasPrev = 1; next }
  $1 == "default_components" { dflt[$2] = 1; next }
  $1 == "unsupported" { out(0, 0, 0, "", "problem\tthe last install spawned capabilities (" $2 " in .agentc/installed.json), which only agentc updates"); next }
  $1 == "owned_dirs" || $1 == "owned_files" || $1 == "symlinks" || $1 == "seeds" || $1 == "preserve" || $1 == "remove" || $1 == "scaffold_dirs" || $1 == "executables" || $1 == "adopt" { push($2 SUBSEP $1, $3); next }
  { next }
  END {
    if (wanted != "") {
      m = split(wanted, w, ",")
      for (i = 1; i <= m; i++) {
        if (w[i] == "") continue
        if (!(w[i] in known)) { out(0, 0, 0, "", "usage\tunknown component " w[i]); exit }
        if (w[i] in joint) { out(0, 0, 0, "", "usage\t" w[i] " is installed with" joint[w[i]] "; choose those"); exit }
        pick[w[i]] = 1
      }
    } else if (hasPrev) for (i = 1; i <= nc; i++) if (!(comps[i] in joint) && comps[i] in prev) pick[comps[i]] = 1
    any = 0; for (c in pick) any = 1
    # a first install: the components of the assistants the registry serves (src/install/first-install-components.ts)
    if (!any && wanted == "") for (i = 1; i <= nc; i++) if (!(comps[i] in joint) && comps[i] in dflt) pick[comps[i]] = 1
    any = 0; for (c in pick) any = 1
    if (!any) for (i = 1; i <= nc; i++) { if (!(comps[i] in joint)) pick[comps[i]] = 1 }
    else for (i = 1; i <= nc; i++) if (comps[i] in required && !(comps[i] in joint)) pick[comps[i]] = 1
    for (i = 1; i <= nc; i++) {
      c = comps[i]
      if (!(c in joint)) continue
      all = 1; m = split(joint[c], need, " ")
      for (j = 1; j <= m; j++) if (!(need[j] in pick)) all = 0
      if (all) pick[c] = 1
    }
    sharedCopiesOnce()
    for (i = 1; i <= nc; i++) {
      c = comps[i]
      if (!(c in pick)) continue
      out(0, 0, 0, "", "chosen\t" c)
      if (c in capability) out(0, 0, 0, "", "problem\tcomponent " c " is a capability package, whose hooks only agentc runs (with your consent)")
      for (j = 1; j <= ncp[c]; j++) settings(c, cp[c, j])
      split("", exe)
      for (j = 1; j <= n[c SUBSEP "executables"]; j++) exe[item[c SUBSEP "executables", j]] = 1
      ownedOf(c)
      for (f in owned) { if ((f in keeper) && keeper[f] != c) continue; claim(f, c, "owned file"); out(1, i, 0, f, "file\t" c "\t" f "\t" ((f in ahash) ? ahash[f] : "") "\t" (f in exe ? 1 : 0)) }
      for (j = 1; j <= n[c SUBSEP "seeds"]; j++) { f = item[c SUBSEP "seeds", j]; claim(f, c, "seed"); out(1, i, 1, pad(j), "seed\t" c "\t" f "\t" ((f in shash) ? shash[f] : "")) }
      for (j = 1; j <= n[c SUBSEP "symlinks"]; j++) {
        if (sep(item[c SUBSEP "symlinks", j], p) != 3) { out(0, 0, 0, "", "problem\ta symlink line of " c " is not link :: target :: fallback"); continue }
        claim(p[1], c, "link")
        out(2, i, 0, pad(j), "link\t" c "\t" p[1] "\t" relative(dirname(p[1]), p[2]) "\t" p[2])
      }
      for (j = 1; j <= n[c SUBSEP "scaffold_dirs"]; j++) { reserved(item[c SUBSEP "scaffold_dirs", j]); out(3, i, 0, pad(j), "scaffold\t" c "\t" item[c SUBSEP "scaffold_dirs", j]) }
      for (j = 1; j <= n[c SUBSEP "owned_dirs"]; j++) claimDir(item[c SUBSEP "owned_dirs", j], c)
      for (j = 1; j <= n[c SUBSEP "remove"]; j++) reserved(item[c SUBSEP "remove", j])
      pre = ""
      for (j = 1; j <= n[c SUBSEP "preserve"]; j++) {
        q = item[c SUBSEP "preserve", j]
        if (q ~ /[\/{}()!+@]|\*\*/) out(0, 0, 0, "", "problem\tcomponent " c " preserves \"" q "\", a pattern this installer does not match (only file-name patterns with * ? [...])")
        pre = pre "\t" q
      }
      for (j = 1; j <= n[c SUBSEP "owned_dirs"]; j++) out(4, i, 0, pad(j), "owned\t" c "\t" item[c SUBSEP "owned_dirs", j] pre)
      for (j = 1; j <= n[c SUBSEP "adopt"]; j++) adopt(c, item[c SUBSEP "adopt", j], owned)
      for (j = 1; j <= n[c SUBSEP "remove"]; j++) out(5, i, 0, pad(j), "remove\t" c "\t" item[c SUBSEP "remove", j])
    }
    payloads()
    nesting()
  }' | sort -t "$TAB" -k1,1n -k2,2n -k3,3n -k4,4 | cut -f5-
}

# The paths whose state the planner needs (each with its ancestors), and the folders it lists.
interest() {
  awk -v places=" $AGENTC_SETTINGS_PLACES " '
  function want(p,   i, a) { if (p in seen) return; seen[p] = 1; print "stat\t" p; i = length(p); while (i > 0) { if (substr(p, i, 1) == "/") { a = substr(p, 1, i - 1); if (!(a in seen)) { seen[a] = 1; print "stat\t" a } } i-- } }
  BEGIN { FS = "\t"; n = split(places, pl, " "); for (i = 1; i <= n; i++) { eq = index(pl[i], "="); alt[substr(pl[i], 1, eq - 1)] = substr(pl[i], eq + 1) } }
  $1 == "settings" { want($3); if ($3 in alt) { n = split(alt[$3], w, ","); for (i = 1; i <= n; i++) want(w[i]) } next }
  $1 == "file" { want($3); owned[$3] = 1; next }
  $1 == "seed" { want($3); want($3 ".agentc-new"); next }
  $1 == "link" || $1 == "scaffold" { want($3); next }
  $1 == "rsettings" { want($2); next }
  $1 == "keepfile" { want($3); next }
  $1 == "keepdir" { want($2); next }
  $1 == "owned" { want($3); print "walk\t" $3; next }
  $1 == "remove" { want($3); print "walk\t" $3; for (i = 1; i <= 9; i++) want($3 ".agentc-old" (i == 1 ? "" : "-" i)); next }
  $1 == "prev" {
    want($2); if ($3 == "dir") print "walk\t" $2; if ($3 == "file") shipped[$2] = 1
    # a file agentc took over or may take over: its original'"'"'s place, and where it comes back beside an edit
    if ($9 != "" || $11 != "" || $8 == "1") { want(".agentc/originals/" $2); for (i = 1; i <= 9; i++) want($2 ".agentc-old" (i == 1 ? "" : "-" i)) }
    next
  }
  $1 == "adopt" { want($4); n = split($7, w, ","); for (i = 1; i <= n; i++) want(w[i]); next }
  $1 == "imported" { want($2); want(".agentc/originals/" $2); next }
  # where the new version of an owned file the person edited goes
  END { for (p in shipped) if (p in owned) want(p ".agentc-new") }
  '
}

# "state <path> <type> <sha256> <exec> <link text>" for every relative path on stdin (types by find, in batches).
stat_batch() {
  find "$@" -prune -type d -print 2>/dev/null | sed 's/^/dir	/'
  find "$@" -prune -type l -print 2>/dev/null | sed 's/^/symlink	/'
  find "$@" -prune -type f -print 2>/dev/null | sed 's/^/file	/'
  find "$@" -prune -type f -perm -0100 -print 2>/dev/null | sed 's/^/exec	/'
  find "$@" -prune ! -type d ! -type l ! -type f -print 2>/dev/null | sed 's/^/other	/'
}
hash_batch() { $hasher "$@"; }
in_batches() {
  batch_cmd=$1
  set --
  while IFS= read -r batch_path; do
    set -- "$@" "$root/$batch_path"
    if [ $# -ge 200 ]; then "$batch_cmd" "$@"; set --; fi
  done
  if [ $# -gt 0 ]; then "$batch_cmd" "$@"; fi
}
gather_state() {
  sort -u "$1" > "$work/paths"
  in_batches stat_batch < "$work/paths" > "$work/types"
  awk -v n="$((${#root} + 2))" 'BEGIN { FS = "\t" } $1 == "file" { print substr($2, n) }' "$work/types" > "$work/filelist"
  in_batches hash_batch < "$work/filelist" > "$work/hashes" || die "cannot read the files of the project" 1
  : > "$work/links"
  awk -v n="$((${#root} + 2))" 'BEGIN { FS = "\t" } $1 == "symlink" { print substr($2, n) }' "$work/types" > "$work/linkpaths"
  while IFS= read -r p; do
    printf 'target\t%s\t%s\n' "$p" "$(readlink "$root/$p")" >> "$work/links"
  done < "$work/linkpaths"
  awk -v n="$((${#root} + 2))" '
  BEGIN { FS = "\t" }
  FILENAME == ARGV[1] { if ($1 == "exec") x[substr($2, n)] = 1; else t[substr($2, n)] = $1; next }
  FILENAME == ARGV[2] { h = substr($0, 1, 64); p = substr($0, 67); sha[substr(p, n)] = h; next }
  FILENAME == ARGV[3] { target[$2] = $3; next }
  { p = $0; print "state\t" p "\t" (p in t ? t[p] : "absent") "\t" (p in sha ? sha[p] : "") "\t" (p in x ? 1 : 0) "\t" (p in target ? target[p] : "") }
  ' "$work/types" "$work/hashes" "$work/links" "$work/paths"
}

# Every path below the folders to list, as "below <folder> <path>"; refuses names this reader cannot carry.
walk_folders() {
  while IFS= read -r d; do
    [ -d "$root/$d" ] && [ ! -L "$root/$d" ] || continue
    if [ -n "$(find "$root/$d" -name "*$NL*" -print 2>/dev/null | head -n 1)" ] ||
      [ -n "$(find "$root/$d" \( -name "*$TAB*" -o -name '*\\*' \) -print 2>/dev/null | head -n 1)" ]; then
      refuse "$d holds a file whose name has a newline, tab or backslash, which this installer's line-based tools cannot carry"
    fi
    find "$root/$d" -print | awk -v n="$((${#root} + 2))" -v d="$d" 'substr($0, n) != d { print "below\t" d "\t" substr($0, n) }'
  done
}

# ---------------------------------------------------------------------------------------------------------
# agentc's marked block in a person's file (src/install/project/marked-block.ts), composed before planning. Every
# byte goes through od as hex, so CRLF, a missing final newline and any UTF-8 come out as they went in.
block_begin='<!-- agentc:begin (written by agentc install; agentc uninstall removes it) -->'
block_end='<!-- agentc:end -->'

# The file each adopt line's block would go into (blockHost of src/install/plan/plan-block.ts): the path when
# it is a regular file, or the file inside the project a person's link there points to. "host <n> <file>",
# "scan <file> <sha256 of the recorded block>" for those and every file a recorded block is in, and "stat"
# for link targets whose state is not gathered yet.
block_hosts() {
  awk '
  BEGIN { FS = "\t" }
  $1 == "prev" { PK[$2] = $3; PS[$2] = $5; PT[$2] = $6; PA[$2] = $8; if ($3 == "block") recorded[$2] = 1; next }
  $1 == "state" { T[$2] = $3; L[$2] = $6; next }
  $1 == "adopt" { na++; AP[na] = $4; next }
  function st(p) { return (p in T) ? T[p] : "absent" }
  function blocked(p,   i, t) {
    for (i = 2; i <= length(p); i++) if (substr(p, i, 1) == "/") { t = st(substr(p, 1, i - 1)); if (t == "absent") return 0; if (t != "dir") return 1 }
    return 0
  }
  function want(p,   i) { print "stat\t" p; for (i = length(p); i > 1; i--) if (substr(p, i, 1) == "/") print "stat\t" substr(p, 1, i - 1) }
  # posix.normalize of a relative path; "" for the project folder itself
  function normal(p,   seg, n, i, out, m, o) {
    n = split(p, seg, "/"); m = 0
    for (i = 1; i <= n; i++) {
      if (seg[i] == "" || seg[i] == ".") continue
      if (seg[i] == ".." && m > 0 && out[m] != "..") m--
      else out[++m] = seg[i]
    }
    o = ""; for (i = 1; i <= m; i++) o = o (i > 1 ? "/" : "") out[i]
    return o
  }
  # through further links of the project too, at most 8 in a row (fileLinkedFrom of src/install/plan/linked-file.ts);
  # a link agentc recorded only when it adopted it and it still says what it said then
  function host(p,   q, hop) {
    if (blocked(p)) return ""
    if (st(p) == "file") return p
    if (st(p) != "symlink" || (PK[p] == "symlink" && !(PA[p] == "1" && PT[p] == L[p]))) return ""
    q = p
    for (hop = 0; hop < 8; hop++) {
      if (L[q] ~ /^\//) return ""
      q = normal((q ~ /\// ? substr(q, 1, match(q, /\/[^\/]*$/)) : "") L[q])
      if (q == "" || q == ".." || q ~ /^\.\.\//) return ""
      if (!(q in T)) { want(q); return "" }
      if (blocked(q)) return ""
      if (st(q) == "file") return q
      if (st(q) != "symlink") return ""
    }
    return ""
  }
  END {
    for (i = 1; i <= na; i++) { h = host(AP[i]); if (h != "") { print "host\t" i "\t" h; scan[h] = 1 } }
    for (p in recorded) if (!blocked(p) && st(p) == "file") scan[p] = 1
    for (p in scan) print "scan\t" p "\t" (PK[p] == "block" ? PS[p] : "")
  }'
}

# One text, from od: "text <1 UTF-8 | 0 not | nul UTF-8 with a NUL byte> <separatorAfter: 0 none, 1 \n,
# 2 \n\n> <1 when it holds a begin marker>", then with $2 set, "cand <start> <end> <separator>" for every span
# findBlock would hash, in its order.
scan_text() {
  od -An -v -tx1 "$1" | awk -v begin="$block_begin" -v end="$block_end" -v want="$2" '
  BEGIN { for (i = 0; i < 256; i++) v[sprintf("%02x", i)] = i
          for (i = 1; i < 256; i++) code[sprintf("%c", i)] = sprintf("%02x", i)
          nb = hex(begin "\n", B); ne = hex(end "\n", EM) }
  function hex(s, arr,   i) { for (i = 1; i <= length(s); i++) arr[i] = code[substr(s, i, 1)]; return length(s) }
  function at(arr, m, i,   k) { for (k = 1; k <= m; k++) if (b[i + k - 1] != arr[k]) return 0; return 1 }
  function find(arr, m, from,   i) { for (i = from; i + m - 1 <= n; i++) if (b[i] == arr[1] && at(arr, m, i)) return i; return 0 }
  # what Node decodes without a replacement character (WHATWG UTF-8)
  function utf8(   i, c, k, need, lo, hi, nul) {
    for (i = 1; i <= n; i++) {
      c = v[b[i]]
      if (c < 128) { if (c == 0) nul = 1; continue }
      lo = 128; hi = 191
      if (c >= 194 && c <= 223) need = 1
      else if (c == 224) { need = 2; lo = 160 }
      else if ((c >= 225 && c <= 236) || c == 238 || c == 239) need = 2
      else if (c == 237) { need = 2; hi = 159 }
      else if (c == 240) { need = 3; lo = 144 }
      else if (c >= 241 && c <= 243) need = 3
      else if (c == 244) { need = 3; hi = 143 }
      else return 0
      for (k = 1; k <= need; k++) { if (i + k > n) return 0; c = v[b[i + k]]; if (c < lo || c > hi) return 0; lo = 128; hi = 191 }
      i += need
    }
    return nul ? "nul" : 1
  }
  { for (i = 1; i <= NF; i++) b[++n] = $i }
  END {
    ok = utf8(); first = find(B, nb, 1)
    print "text\t" ok "\t" (n == 0 ? 0 : b[n] == "0a" ? 1 : 2) "\t" (first > 0 ? 1 : 0)
    if (want == "" || ok != 1) exit
    for (i = first; i > 0; i = find(B, nb, i + 1)) {
      c = find(EM, ne, i + nb)
      if (c == 0) break
      for (s = 2; s >= 0; s--) {
        if (i - 1 - s < 0) continue
        same = 1; for (k = i - s; k < i; k++) if (b[k] != "0a") same = 0
        if (same) print "cand\t" (i - 1 - s) "\t" (c - 1 + ne) "\t" s
      }
    }
  }'
}

# The bytes [from, to) of a file (to -1: to its end); the file holds no NUL byte.
bytes_of() {
  od -An -v -tx1 "$1" | awk -v from="$2" -v to="$3" 'BEGIN { for (i = 1; i < 256; i++) c[sprintf("%02x", i)] = sprintf("%c", i) }
  { for (i = 1; i <= NF; i++) { if (k >= from && (to < 0 || k < to)) printf "%s", c[$i]; k++ } }'
}

# A composed text into the staging folder, named by its sha256 (set in $staged).
stage_text() {
  staged=$(sha_of "$1") && mv -f "$1" "$work/files/$staged" || die "cannot stage a composed text" 1
}

# For the planner: what each file holds ("text"), where its recorded block still is ("span"), the text without
# it ("unblock"), each adopt line's block composed into its host ("compose <n> <block sha256> <text sha256>", or
# "bad" for a block that is not UTF-8) and the import files ("importbody <n> <sha256>"). Every composed text
# is in the staging folder before anything is planned.
compose_blocks() {
  grep -q -e '^adopt	' -e '^prev	[^	]*	block	' "$work/wanted" || return 0
  cat "$work/wanted" "$work/state" | block_hosts > "$work/hosts"
  rounds=0
  # one round per link of a chain (AGENTS.md -> .agent/rules/a.md -> ../../.clinerules/a.md), at most 8
  while grep -q '^stat	' "$work/hosts" && [ "$rounds" -lt 8 ]; do
    rounds=$((rounds + 1))
    sed -n 's/^stat	//p' "$work/hosts" > "$work/stat3"
    gather_state "$work/stat3" >> "$work/state"
    cat "$work/wanted" "$work/state" | block_hosts > "$work/hosts"
  done
  blk=$work/blocks
  mkdir -p "$blk"
  : > "$blk/index"
  n=0
  while IFS="$TAB" read -r tag f rec; do
    [ "$tag" = scan ] || continue
    n=$((n + 1))
    scan_text "$root/$f" "$rec" > "$blk/$n.scan"
    facts=$(sed -n 's/^text	//p' "$blk/$n.scan")
    [ -n "$facts" ] || die "cannot read $f" 1
    printf 'text\t%s\t%s\n' "$f" "$facts"
    found=''
    while IFS="$TAB" read -r ctag start end sep; do
      [ "$ctag" = cand ] || continue
      bytes_of "$root/$f" "$start" "$end" > "$blk/cand"
      [ "$(sha_of "$blk/cand")" = "$rec" ] || continue
      bytes_of "$root/$f" 0 "$start" > "$blk/$n.pre"
      bytes_of "$root/$f" "$end" -1 > "$blk/$n.suf"
      cat "$blk/$n.pre" "$blk/$n.suf" > "$blk/text" || die "cannot compose $f" 1
      stage_text "$blk/text"
      printf 'span\t%s\nunblock\t%s\t%s\n' "$f" "$f" "$staged"
      found=$sep
      break
    done < "$blk/$n.scan"
    printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$n" "$rec" "$found" "$facts" >> "$blk/index"
  done < "$work/hosts"
  # "adopt <n> <component> <path> block <sha256>" or "adopt <n> <component> <path> import <line> <when>"
  while IFS="$TAB" read -r tag a c p kind arg when; do
    [ "$tag" = adopt ] || continue
    if [ "$kind" = import ]; then
      printf '%s\n' "$arg" > "$blk/$a.body" && cp "$blk/$a.body" "$blk/text" || die "cannot write an import line" 1
      stage_text "$blk/text"
      printf 'importbody\t%s\t%s\n' "$a" "$staged"
    else
      download_file "$arg" "$p"
      cp "$work/files/$arg" "$blk/$a.body" || die "cannot copy $p" 1
    fi
  done < "$work/wanted"
  while IFS="$TAB" read -r tag a h; do
    [ "$tag" = host ] || continue
    printf 'host\t%s\t%s\n' "$a" "$h"
    compose_block "$a" "$h"
  done < "$work/hosts"
}

# The block of adopt line $1 composed into the text of $2 (appendBlock, or replaceBlock where the recorded
# block is), when the planner may want it.
compose_block() {
  line=$(awk -v f="$2" 'BEGIN { FS = "\t" } $1 == f { print; exit }' "$blk/index")
  rec=$(printf '%s\n' "$line" | cut -f3)
  found=$(printf '%s\n' "$line" | cut -f4)
  set -- "$1" "$2" $(printf '%s\n' "$line" | cut -f2,5-)
  # $3: the file's number, $4: UTF-8 or not, $5: its separatorAfter, $6: whether it holds a begin marker
  [ "$4" = 1 ] || return 0
  if [ -n "$rec" ]; then
    [ -n "$found" ] || return 0
    sep=$found pre=$blk/$3.pre suf=$blk/$3.suf
  else
    [ "$6" = 0 ] || return 0
    sep=$5 pre=$root/$2 suf=/dev/null
  fi
  body=$blk/$1.body
  set -- "$1" "$2" $(scan_text "$body" "" | cut -f2-)
  # $3: the block's text is UTF-8, $4: how it ends (2: without a newline)
  if [ "$3" != 1 ] && [ "$3" != nul ]; then printf 'compose\t%s\tbad\n' "$1"; return 0; fi
  {
    if [ "$sep" = 2 ]; then printf '\n\n'; elif [ "$sep" = 1 ]; then printf '\n'; fi
    printf '%s\n' "$block_begin"
    cat "$body"
    if [ "$4" = 2 ]; then printf '\n'; fi
    printf '%s\n' "$block_end"
  } > "$blk/inserted"
  inserted=$(sha_of "$blk/inserted")
  cat "$pre" "$blk/inserted" "$suf" > "$blk/text" || die "cannot compose $2" 1
  stage_text "$blk/text"
  printf 'compose\t%s\t%s\t%s\n' "$1" "$inserted" "$staged"
}

# The planner: the rules of `agentc install` (src/install/plan*.ts) for what this installer supports.
# Input: desired state, previous record entries, disk state, folder listings. Output: "C" conflicts,
# "R" refusals, "D" every action in plan order (for --dry-run), "A" the mutations in the order they are
# applied, "E" the new record's entries, "O" its owned folders.
plan() {
  awk -v takeoverFiles=" $AGENTC_TAKEOVER_FILES " -v takeoverDirs="$AGENTC_TAKEOVER_DIRS" -v takeImported="$take_imported" -v places=" $AGENTC_SETTINGS_PLACES " '
  BEGIN {
    FS = "\t"
    npl = split(places, pl, " "); for (i = 1; i <= npl; i++) { eq = index(pl[i], "="); settingsAlt[substr(pl[i], 1, eq - 1)] = substr(pl[i], eq + 1) }
    editHint = "move it away (or run agentc install --move-aside to have it renamed to <name>.agentc-old)"
    split("mkdir move-aside remove move-back create update write-beside rmdir link", order, " ")
    ntd = split(takeoverDirs, TD, " ")
  }
  $1 == "file" || $1 == "seed" { nf++; F[nf] = $0; next }
  $1 == "link" { nl++; LK[nl] = $0; next }
  $1 == "settings" { nk++; SK[nk] = $0; wantedSettings[$3] = 1; next }
  $1 == "keepfile" { nkf++; KF[nkf] = $0; next }
  $1 == "rsettings" { PRS[$2] = $3; next }
  $1 == "scaffold" { ns++; SC[ns] = $0; next }
  $1 == "owned" { no++; OW[no] = $0; next }
  $1 == "remove" { nr++; RM[nr] = $0; next }
  $1 == "known" { known[$2, $3] = 1; next }
  $1 == "at" { AT[$2, $3, $5] = $4; next }
  $1 == "prev" { np++; PP[np] = $2; PK[$2] = $3; PC[$2] = $4; PS[$2] = $5; PT[$2] = $6; PX[$2] = $7; PA[$2] = $8; PO[$2] = $9; POX[$2] = $10; POT[$2] = $11; next }
  $1 == "adopt" { na++; AC[na] = $3; AP[na] = $4; AK[na] = $5; AW[na] = $7; if (!(($4, $3) in adoptFor)) adoptFor[$4, $3] = na; next }
  $1 == "host" { HOST[$2] = $3; next }
  $1 == "text" { TOK[$2] = $3; MARK[$2] = $5; next }
  $1 == "span" { FOUND[$2] = 1; next }
  $1 == "unblock" { UNB[$2] = $3; next }
  $1 == "compose" { CINS[$2] = $3; CNEW[$2] = $4; next }
  $1 == "importbody" { IMP[$2] = $3; next }
  $1 == "imported" { IMPORTED[$2] = $3; next }
  $1 == "state" { T[$2] = $3; H[$2] = $4; X[$2] = $5; L[$2] = $6; next }
  $1 == "below" { nb[$2]++; B[$2, nb[$2]] = $3; next }
  function st(p) { return (p in T) ? T[p] : "absent" }
  function pk(p) { return (p in PK) ? PK[p] : "" }
  function ps(p) { return (p in PK) ? PS[p] : "" }
  function pt(p) { return (p in PK) ? PT[p] : "" }
  function pc(p) { return (p in PK) ? PC[p] : "" }
  function px(p) { return (p in PK) ? PX[p] : "" }
  function pa(p) { return (p in PK) ? PA[p] : "" }
  function po(p) { return (p in PK) ? PO[p] : "" }
  function pox(p) { return (p in PK) ? POX[p] : "" }
  function pot(p) { return (p in PK) ? POT[p] : "" }
  function ek(p,   f) { if (!(p in E)) return ""; split(E[p], f, "\t"); return f[1] }
  function blocked(p,   i, a, t) {
    for (i = 2; i <= length(p); i++) if (substr(p, i, 1) == "/") {
      a = substr(p, 1, i - 1); t = st(a)
      if (t == "absent") return ""
      if (t != "dir") return a
    }
    return ""
  }
  function conflict(p, why, hint) { nc++; print "C\t" p "\t" why "\t" hint }
  function refuse(why) { print "R\t" why }
  # o, ox: the original of a file agentc took over (its sha256, and 1 when executable); ot: of a link, its text
  function entry(p, kind, comp, sha, target, exe, adopted, o, ox, ot) { E[p] = kind "\t" comp "\t" sha "\t" target "\t" exe "\t" adopted "\t" o "\t" ox "\t" ot }
  function keepPrev(p) { entry(p, pk(p), pc(p), ps(p), pt(p), px(p), pa(p), po(p), pox(p), pot(p)) }
  # a3: what a change of a person'"'"'s file does to agentc'"'"'s block in it (add, update, remove), for the listing
  function act(op, p, a1, a2, a3) { nd++; print "D\t" op "\t" p "\t" a1 "\t" a2 "\t" a3; if (op in rank) { nm[op]++; M[op, nm[op]] = p "\t" a1 "\t" a2 } }
  function warning(p, why, hint) { print "W\t" p "\t" why "\t" hint }
  function writable(p,   b) {
    b = blocked(p)
    if (b == "") return 1
    conflict(p, "its parent " b " is " (st(b) == "symlink" ? "a symbolic link" : "not a folder") "; agentc never writes through it", "replace " b " with a real folder, or remove it")
    return 0
  }
  function ensureParents(p, comp,   i, d, t) {
    for (i = 2; i <= length(p); i++) if (substr(p, i, 1) == "/") {
      d = substr(p, 1, i - 1)
      if (d in made) continue
      t = st(d)
      if (t == "absent") { act("mkdir", d); made[d] = 1; entry(d, "dir", comp, "", "", "") }
      else if (t == "dir") made[d] = 1
    }
  }
  function write(p, sha, exe, comp,   exists) {
    exists = st(p) != "absent" && !(p in vacated)
    if (!exists) ensureParents(p, comp)
    act(exists ? "update" : "create", p, sha, exe)
  }
  function describe(t) { return t == "file" ? "a file" : t == "symlink" ? "a symbolic link" : t == "dir" ? "a folder" : "something" }
  # the file on disk is exactly what the record says agentc wrote: bytes and mode (src/install/project/as-recorded.ts)
  function asRecorded(p) { return (p in PK) && st(p) == "file" && H[p] == ps(p) && X[p] == (px(p) == "1" ? 1 : 0) }
  # the record shows agentc wrote the file on disk, bytes and mode: the one ground for replacing or deleting it
  # (wroteAs of src/install/project/as-recorded.ts); a hash the bundle vouches for (known) never is
  function wroteAs(p) { return pk(p) ~ /^(file|seed|copy|import|beside)$/ && pa(p) != "1" && asRecorded(p) }
  function unmodified(p,   t) {
    t = st(p)
    if (pk(p) == "symlink") return t == "symlink" && L[p] == pt(p)
    return t == "file" && asRecorded(p)
  }
  # the manifest line behind a conflict the bundle asked for (src/manifest/manifest-line.ts)
  function asked(comp, key, v,   where) {
    where = "install" (comp != "" ? ".components." comp : "") "." key
    return "manifest.json " (((key, comp, v) in AT) ? "line " AT[key, comp, v] " (" where ")" : where) ": \"" v "\""
  }
  function remove(p) { act("remove", p); vacated[p] = 1 }
  function conflictOrDir(p, why, hint) { conflict(p, why, st(p) == "dir" ? "move the folder away yourself" : hint) }
  function ownedFile(c, p, sha, exe,   t, shipped, ours, modeKept, sameBytes, adopted, why) {
    claimed[p] = 1; t = st(p)
    shipped = pk(p) == "file"
    ours = shipped && pa(p) != "1"
    sameBytes = t == "file" && H[p] == sha
    # a file of the person that already holds what agentc ships stays theirs (never replaced; uninstall leaves it)
    adopted = shipped ? pa(p) : (sameBytes && X[p] == exe) ? 1 : ""
    entry(p, "file", c, sha, "", exe, adopted, po(p), pox(p))
    if (!writable(p)) return
    if (sameBytes && X[p] == exe) { act("unchanged", p); return }
    modeKept = t == "file" && shipped && X[p] != (px(p) == "1" ? 1 : 0)
    if (sameBytes && modeKept) { act("keep", p, "its mode was changed since agentc installed it (chmod): kept as it is"); return }
    if (shipped && pa(p) == "1" && asRecorded(p) && takeoverPlace(p) && originalFree(p)) { takeOver(c, p, sha, exe, "file"); return }
    if (!(p in PK) && stillAsImported(p, c)) {
      if (takeImported == 1 && t == "symlink") { takeOver(c, p, sha, exe, "file", "", "", L[p]); return }
      if (takeImported == 1) { takeOver(c, p, sha, exe, "file", H[p], X[p] == 1 ? "1" : "0"); return }
      warning(p, "still holds what agentc import read from it, and the registry now has it in another form", "run again with --take-imported to have agentc take it over (yours kept in .agentc/originals until uninstall)")
    }
    if (t == "absent" || (ours && (asRecorded(p) || sameBytes))) { entry(p, "file", c, sha, "", exe, "", po(p), pox(p)); write(p, sha, exe, c); return }
    if (t == "file" && shipped && !modeKept) { editedOwned(c, p, sha, exe); return }
    # a person'"'"'s link whose file already holds what agentc ships there: it gives every client agentc'"'"'s text, so
    # it stays theirs and nothing is written (linkReadsShipped of src/install/plan/plan-block.ts; here for the
    # instruction files the component composes into, whose link targets this installer reads); adopted at an
    # assistant place, as a file would be, so that a later build changing the file takes it over
    if (t == "symlink" && (!(p in PK) || linkAsAdopted(p)) && linkReadsShipped(p, c, sha)) {
      if (takeoverPlace(p)) entry(p, "symlink", c, sha, L[p], "", "1", "", "", ""); else delete E[p]
      act("unchanged", p); return
    }
    # a link of the person'"'"'s agentc adopted, where the bundle now wants a file: taken over as an adopted file is,
    # while the file it leads to still holds the bytes it held when adopted (its record'"'"'s sha256, when it has one)
    if (t == "symlink" && linkAsAdopted(p) && (ps(p) == "" || linkedHash(p, c) == ps(p)) && takeoverPlace(p) && originalFree(p)) { takeOver(c, p, sha, exe, "file"); return }
    # a file of the person (or their link to one) that the component composes its block into
    if ((t == "file" || t == "symlink") && (!(p in PK) || pk(p) == "block") && planBlock(p, c)) { if (ek(p) != "block") delete E[p]; return }
    if (modeKept && H[p] == ps(p)) why = "had its mode changed since agentc installed it (chmod); replacing it would undo that"
    else if (sameBytes) why = "holds the bytes agentc ships but another mode (executable or not); replacing it would change its mode"
    else if (p in PK) why = "was edited since agentc installed it; replacing it would lose the edit"
    else why = "is " describe(t) " agentc did not create; replacing it would lose it"
    conflictOrDir(p, why, editHint)
  }
  # an assistant file (or seed) of the person'"'"'s that agentc adopted, still as adopted, which the bundle now changes: taken over
  # (src/install/plan/plan-takeover.ts): renamed into .agentc/originals (bytes, mode, inode), the new version
  # written in its place, the record keeping the original'"'"'s hash and mode for giving it back
  function takeoverPlace(p,   i) {
    if (index(takeoverFiles, " " p " ") > 0) return 1
    for (i = 1; i <= ntd; i++) if (index(p, TD[i] "/") == 1) return 1
    return 0
  }
  # whatever is already at the original'"'"'s place in .agentc/originals is never replaced by the rename
  function originalFree(p) { return st(".agentc/originals/" p) == "absent" }
  function storeParents(p,   i, d) {
    for (i = 2; i <= length(p); i++) if (substr(p, i, 1) == "/") {
      d = substr(p, 1, i - 1)
      if (!(d in made) && st(d) == "absent") act("mkdir", d)
      made[d] = 1
    }
  }
  # osha, oexe: the original'"'"'s hash and mode where no record has them (a file still as imported); otarget: the
  # link text of a person'"'"'s link still as imported
  function takeOver(c, p, sha, exe, kind, osha, oexe, otarget,   store) {
    store = ".agentc/originals/" p
    storeParents(store)
    act("move-aside", p, store); vacated[p] = 1; claimed[store] = 1
    write(p, sha, exe, c)
    if (otarget != "") entry(p, kind, c, sha, "", exe, "", "", "", otarget)
    else if (osha != "") entry(p, kind, c, sha, "", exe, "", osha, oexe)
    else if (pk(p) == "symlink") entry(p, kind, c, sha, "", kind == "file" ? exe : "", "", "", "", pt(p))
    else entry(p, kind, c, sha, "", kind == "file" ? exe : "", "", ps(p), px(p) == "1" ? "1" : "0")
  }
  # a person'"'"'s file, not installed over yet, still holding the project file the registry was imported from where
  # the build now writes its edited form (imported_hashes; stillAsImported of src/install/plan/plan-files.ts):
  # taken over as an install made before the edit would have adopted it and now taken it over
  # a person'"'"'s link counts when the file it leads to still holds what import read through it
  function stillAsImported(p, c) {
    if (!(p in IMPORTED) || !takeoverPlace(p) || !originalFree(p)) return 0
    if (st(p) == "file") return H[p] == IMPORTED[p]
    return st(p) == "symlink" && linkedHash(p, c) == IMPORTED[p]
  }
  function linkedHash(p, c,   a) {
    if (!((p, c) in adoptFor)) return ""
    a = adoptFor[p, c]
    return (a in HOST) && st(HOST[a]) == "file" ? H[HOST[a]] : ""
  }
  function linkAsAdopted(p) { return pk(p) == "symlink" && pa(p) == "1" && pt(p) != "" && L[p] == pt(p) }
  # a taken-over file agentc no longer installs: the original goes back (planGiveBack of plan-takeover.ts); over
  # agentc'"'"'s version as it wrote it, or beside the person'"'"'s edit of it as <name>.agentc-old
  function giveBack(p,   store, name, i, isLink, asWritten) {
    store = ".agentc/originals/" p; claimed[p] = 1; isLink = pot(p) != ""
    if (st(store) == "absent") { if (st(p) != "absent") act("keep", p, "agentc took this file over, but your original is no longer at " store ": kept as it is"); return }
    # checked against the record (hash and mode, or the link text) first: never given back as something else
    if (isLink ? st(store) != "symlink" || L[store] != pot(p) : st(store) != "file" || H[store] != po(p) || X[store] != (pox(p) == "1" ? 1 : 0)) {
      conflict(store, "holds your original of " p ", which agentc took over, but it changed since (its bytes, mode or link text are not the ones recorded); giving it back would put something else at " p, "compare it with " p ": if it is yours as you want it, move it back yourself (mv " store " " p "); else remove it, which keeps " p " as it is; then run again")
      return
    }
    vacated[store] = 1
    asWritten = pk(p) == "symlink" ? st(p) == "symlink" && L[p] == pt(p) : asRecorded(p)
    if (st(p) == "absent" || asWritten) { if (st(p) != "absent") remove(p); act("move-back", store, p); return }
    for (i = 1; i <= 9; i++) { name = p ".agentc-old" (i == 1 ? "" : "-" i); if (st(name) == "absent" && !(name in reserved)) break }
    if (i > 9) { refuse(p ": its original must come back beside it, and " p ".agentc-old to -9 are all taken"); return }
    reserved[name] = 1
    act("move-back", store, name); entry(name, "aside", "user", "", "", "")
    act("keep", p, "edited since agentc took it over: kept as yours; your file from before is back as " name ": compare them and keep one")
  }
  # an owned file the person edited, its mode kept (dpkg'"'"'s conffile rule, src/install/plan/plan-files.ts): kept,
  # the new build beside it when it changes; what agentc install --yes does
  function editedOwned(c, p, sha, exe,   b, unchangedBuild) {
    b = p ".agentc-new"
    unchangedBuild = ps(p) == sha && (px(p) == "1" ? 1 : 0) == exe
    if (unchangedBuild && pk(b) != "beside") { act("keep", p, "edited by you; the new build does not change it: kept as it is"); return }
    if (unchangedBuild) act("keep", p, "edited by you; the new version waits beside it as " b " (--take-new or --keep-mine decides)")
    else act("keep-modified", p, b)
    beside(c, b, sha)
  }
  # a seed (src/install/plan/seed-decision.ts): refreshed only where the record shows agentc wrote it
  function seed(c, p, sha,   t, d, wrote) {
    claimed[p] = 1; t = st(p); wrote = wroteAs(p)
    if (t == "absent") d = "create"
    else if (t != "file") d = "keep"
    else if (H[p] == sha) d = "unchanged"
    else if (X[p] == 1) d = "keep"
    else if (wrote) d = "refresh"
    else if ((p, H[p]) in known) d = "vouched"
    else d = "keep"
    entry(p, "seed", c, sha, "", "", (d == "unchanged" && !wrote) || (d == "keep" && pa(p) == "1") ? 1 : "", po(p), pox(p))
    if (!writable(p)) return
    if (d == "unchanged") { act("unchanged", p); return }
    if (pk(p) == "seed" && pa(p) == "1" && asRecorded(p) && takeoverPlace(p) && originalFree(p)) { takeOver(c, p, sha, 0, "seed"); return }
    if (d == "vouched") {
      conflict(p, asked("", "seed_refresh_hashes", p " :: " H[p]) " calls this file an earlier version of the seed, but agentc'"'"'s install record does not show agentc wrote it; a bundle cannot vouch for a file agentc did not write, and replacing it would lose it", "move it away (or run agentc install --move-aside to have it renamed to <name>.agentc-old)")
      return
    }
    if (d != "keep") { write(p, sha, 0, c); return }
    if (pk(p) == "seed" && ps(p) == sha) { keptSeed(c, p, p ".agentc-new", sha); return }
    act("keep-modified", p, p ".agentc-new")
    beside(c, p ".agentc-new", sha)
  }
  # an edited seed whose bytes in the bundle are the ones last installed: kept, nothing new beside it; a copy
  # an earlier upgrade parked there stays while it is as agentc wrote it (keepEditedSeed of plan-files.ts)
  function keptSeed(c, p, b, sha,   waiting) {
    waiting = pk(b) == "beside" && asRecorded(b)
    if (!waiting) { act("keep", p, "edited by you; the bundle'"'"'s seed has not changed since it was installed: kept as it is"); return }
    act("keep", p, "edited by you; the new seed waits beside it as " b)
    claimed[b] = 1; entry(b, "beside", c, sha, "", ""); act("unchanged", b)
  }
  function beside(c, b, sha,   t, ours) {
    claimed[b] = 1; t = st(b)
    if (t == "file" && H[b] == sha) { entry(b, "beside", c, sha, "", ""); act("unchanged", b); return }
    ours = pk(b) == "beside" && asRecorded(b)
    if (t != "absent" && !ours) { act("keep", b, "an edited copy of the new seed is already there"); return }
    entry(b, "beside", c, sha, "", "")
    act("write-beside", b, sha, ours ? 1 : 0)
  }
  # a file of a payload folder the person keeps (planKeptPayload of plan-files.ts): written only while that
  # folder does not exist, and never recorded
  function keptPayload(c, p, sha, keep) {
    claimed[p] = 1
    if (st(keep) != "absent" || !writable(p)) return
    if (st(p) == "absent") write(p, sha, 0, c)
  }
  # a settings file a component composes into (planComposed of src/install/plan/plan-compose.ts), for the two
  # cases that need no JSON/TOML editor: the file is missing (the text the server composed is written), or it
  # is exactly what the last install composed there (left as it is); K[] its record element
  function settingsFile(c, p, tsha, rsha,   t, alt) {
    if (p in claimed) { refuse(p " is installed as a whole file and also composed into by " c); return }
    claimed[p] = 1
    if (!writable(p)) return
    t = st(p)
    if (t == "absent" && !(p in PRS) && (alt = settingsPlace(p)) != "") { refuse(p " is read from " alt " here, and component " c " composes its values into that file, which needs agentc'"'"'s JSON/TOML editor to keep the keys already there"); return }
    if (t == "absent") { write(p, tsha, 0, c); K[p] = rsha; return }
    if (t == "file" && H[p] == tsha && PRS[p] == rsha) { act("unchanged", p); K[p] = rsha; return }
    refuse(p " is there already (your file, or changed since agentc composed it), and component " c " composes its values into it, which needs agentc'"'"'s JSON/TOML editor to keep the keys already there")
  }
  # the one other place of settings file p that is there, where agentc install composes instead of creating p
  # (src/install/plan/composed-places.ts); "" when none is, or more than one
  function settingsPlace(p,   n, w, i, found, count) {
    if (!(p in settingsAlt)) return ""
    n = split(settingsAlt[p], w, ",")
    for (i = 1; i <= n; i++) if (st(w[i]) == "file" && blocked(w[i]) == "") { found = w[i]; count++ }
    return count == 1 ? found : ""
  }
  # a settings file the last install composed into that no chosen component composes into now
  function settingsLeft(p) {
    claimed[p] = 1
    if (st(p) != "absent") refuse(p " holds the values of a component no longer chosen; taking them out needs agentc'"'"'s JSON/TOML editor")
  }
  function link(c, p, text, target,   t, what) {
    claimed[p] = 1
    if (!writable(p)) return
    t = st(p)
    # a link of the person that already says what agentc would write stays theirs: uninstall leaves it
    # (and a file or link of the person that agentc took over there stays recorded until it is given back)
    entry(p, "symlink", c, "", text, "", pk(p) == "symlink" ? pa(p) : (!(p in PK) && t == "symlink" && L[p] == text) ? 1 : "", po(p), pox(p), pot(p))
    if (t == "symlink" && L[p] == text) { act("unchanged", p); return }
    # a link of the person'"'"'s agentc adopted, still as adopted, that the bundle now wants otherwise: taken over
    if (t == "symlink" && linkAsAdopted(p) && takeoverPlace(p) && originalFree(p)) {
      storeParents(".agentc/originals/" p)
      act("move-aside", p, ".agentc/originals/" p); vacated[p] = 1; claimed[".agentc/originals/" p] = 1
      entry(p, "symlink", c, "", text, "", "", "", "", pt(p))
      act("link", p, text, 0); return
    }
    if (t == "file" && (!(p in PK) || pk(p) == "block") && planBlock(p, c)) return
    if (t == "file" && (pk(p) == "copy" || pk(p) == "import")) { refuse(p " was written by agentc in place of a link the system refused"); return }
    # an owned file or seed agentc wrote there, as it wrote it, that the bundle now makes a link
    if (t == "file" && wroteAs(p)) { act("link", p, text, 1); return }
    if (t == "dir" && pk(p) == "dir" && pt(p) != "") { refuse(p " is a folder agentc copied in place of a link the system refused"); return }
    # a link the person made is theirs even when it once said what agentc'"'"'s says: never replaced
    if (t == "symlink" && pk(p) == "symlink" && pt(p) == L[p] && pa(p) != "1") { act("link", p, text, 1); return }
    if (t == "absent") { ensureParents(p, c); act("link", p, text, 0); return }
    what = t == "symlink" ? "a link to " L[p] " agentc did not make" : t == "dir" ? "a folder" : "a file agentc did not write (or one edited since)"
    conflictOrDir(p, "should become a link to " target ", but is " what, "move it away (or merge it into the link target), or run agentc install --move-aside")
  }
  # agentc'"'"'s marked block in a person'"'"'s file (src/install/plan/plan-block.ts). The texts were composed before
  # planning (compose_blocks): "host" is the file an adopt line'"'"'s block goes into, "text" what it holds, "span"
  # that the recorded block is still in it, "compose" the block'"'"'s and the new text'"'"'s sha256.
  function linkReadsShipped(p, c, sha) { return sha != "" && linkedHash(p, c) == sha }
  function planBlock(p, c,   a, into) {
    if (!((p, c) in adoptFor)) return 0
    a = adoptFor[p, c]
    if (!(a in HOST)) return 0
    into = HOST[a]
    if (into in blocks) return 1
    if (TOK[into] == "nul") { refuse(into " holds a NUL byte; this installer cannot compose agentc'"'"'s block into it"); return 1 }
    if (TOK[into] != 1) return 0
    claimed[into] = 1; blocks[into] = 1
    if (pk(into) != "block") {
      if (MARK[into] == 1) return keepBlock(into, "holds an agentc block that no install recorded")
      if (!composed(a, into)) return 1
      entry(into, "block", c, CINS[a], "", "", "")
      act("update", into, CNEW[a], X[into], "add")
      return 1
    }
    if (!(into in FOUND)) { keepPrev(into); return keepBlock(into, "agentc'"'"'s block in it was edited (or taken out) since agentc wrote it") }
    if (!composed(a, into)) return 1
    entry(into, "block", c, CINS[a], "", "", "")
    if (CINS[a] == ps(into)) act("unchanged", into)
    else act("update", into, CNEW[a], X[into], "update")
    return 1
  }
  function composed(a, into) {
    if (CINS[a] != "" && CINS[a] != "bad") return 1
    refuse("the block for " into " is not UTF-8 text in the bundle")
    return 0
  }
  function keepBlock(p, why) {
    warning(p, why "; agentc leaves it as it is", "restore the block between the agentc markers, or delete the block and install again")
    act("keep", p, why ": kept as it is")
    return 1
  }
  # a file or link there that is not agentc'"'"'s (a block of agentc'"'"'s in it does not make it agentc'"'"'s)
  function persons(p,   t) {
    if (blocked(p) != "") return 0
    t = st(p)
    return (t == "file" || t == "symlink") && (pk(p) == "" || pk(p) == "block") && (ek(p) == "" || ek(p) == "block")
  }
  # the import lines of files agentc does not ship, while one of their when files is a person'"'"'s
  function adoptImports(   i, k, m, w, any, p) {
    for (i = 1; i <= na; i++) {
      if (AK[i] != "import" || (AP[i] in claimed)) continue
      m = split(AW[i], w, ","); any = 0
      for (k = 1; k <= m; k++) if (persons(w[k])) any = 1
      if (!any) continue
      p = AP[i]
      if (!writable(p)) continue
      if (st(p) == "absent" || pk(p) == "import") importFile(i)
      else if (!planBlock(p, AC[i])) conflict(p, "agentc would compose an import into it, but it is not a regular UTF-8 file", "make it a regular text file, or remove it")
    }
  }
  # agentc'"'"'s own file holding only the import line: written while missing, replaced while unmodified
  function importFile(i,   p, c, sha, t) {
    p = AP[i]; c = AC[i]; sha = IMP[i]; t = st(p)
    claimed[p] = 1
    if (t == "file" && H[p] == sha && X[p] == 0) { entry(p, "import", c, sha, "", "", ""); act("unchanged", p); return }
    if (t != "absent" && !asRecorded(p)) {
      if (p in PK) keepPrev(p)
      act("keep", p, "agentc'"'"'s import file was edited since agentc wrote it: kept as it is")
      return
    }
    entry(p, "import", c, sha, "", "", "")
    write(p, sha, 0, c)
  }
  # uninstall, or a component that no longer composes into the file: agentc'"'"'s bytes taken out exactly
  function blockRemoval(p) {
    if (TOK[p] == "nul") refuse(p " holds a NUL byte; this installer cannot take agentc'"'"'s block out of it")
    else if (TOK[p] == 1 && (p in FOUND)) act("update", p, UNB[p], X[p], "remove")
    else act("keep", p, "agentc'"'"'s block in it was edited since agentc wrote it: kept as it is; remove the block by hand")
  }
  function scaffold(c, p,   t) {
    if (!writable(p)) return
    t = st(p)
    if (t == "absent") ensureParents(p "/.", c)
    else if (t != "dir") conflict(p, "should be a folder but is a " t, "move it away so agentc can create the folder")
    if (pk(p) == "dir") keepPrev(p)
  }
  function globRegex(g,   out, i, ch, j) {
    out = "^"
    for (i = 1; i <= length(g); i++) {
      ch = substr(g, i, 1)
      if (ch == "*") out = out "[^/]*"
      else if (ch == "?") out = out "[^/]"
      else if (ch == "[" && (j = index(substr(g, i + 1), "]")) > 1) { out = out "[" (substr(g, i + 1, 1) == "!" ? "^" substr(g, i + 2, j - 2) : substr(g, i + 1, j - 1)) "]"; i += j }
      else if (ch ~ /[.^$+(){}|\\]/) out = out "\\" ch
      else out = out ch
    }
    return out "$"
  }
  function leftovers(line,   f, dir, c, i, p, rel, base, k, keep) {
    split(line, f, "\t"); c = f[2]; dir = f[3]
    for (i = 1; i <= nb[dir]; i++) {
      p = B[dir, i]
      if (st(p) == "dir" || (p in claimed) || (p in vacated)) continue
      if (pk(p) == "aside" || pk(p) == "beside") continue
      rel = substr(p, length(dir) + 2); base = rel; sub(/.*\//, "", base)
      keep = 0
      for (k = 4; k in f; k++) {
        if (f[k] ~ /\/\*\*$/) { if (index(rel, substr(f[k], 1, length(f[k]) - 2)) == 1) keep = 1 }
        else if (base ~ globRegex(f[k])) keep = 1
      }
      if (keep) continue
      # a file agentc never installed belongs to the project (case 7): left where it is
      if (!(p in PK)) continue
      if (po(p) != "" || pot(p) != "") { giveBack(p); continue }
      claimed[p] = 1
      # nor did agentc write a person'"'"'s file that once held its bytes: left where it is, forgotten
      if (pa(p) == "1") continue
      if (unmodified(p)) remove(p)
      else act("keep", p, "was installed by agentc and edited since; it is no longer in the bundle: kept as yours")
    }
  }
  function emptyAfter(d,   i, p) {
    for (i = 1; i <= nb[d]; i++) { p = B[d, i]; if (st(p) == "dir") { if (!(p in removed) && !(p in vacated)) return 0 } else if (!(p in vacated)) return 0 }
    return 1
  }
  # legacy files (planLegacyRemoves of src/install/plan/plan-retire.ts): only what agentc made is deleted;
  # agentc'"'"'s file the person edited is moved aside; anything else of the person'"'"'s is a conflict
  function legacy(line,   f, p, t, i, name, c) {
    split(line, f, "\t"); c = f[2]; p = f[3]
    if ((p in claimed) || (p in vacated) || blocked(p) != "") return
    claimed[p] = 1; t = st(p)
    if (t == "absent") return
    if (t == "dir") {
      if (nb[p] == 0 && pk(p) == "dir") { act("rmdir", p); vacated[p] = 1 }
      else act("keep", p, nb[p] == 0 ? "legacy folder agentc did not create: kept" : "legacy folder is not empty: agentc never deletes a folder recursively")
      return
    }
    if (t == "symlink" ? (pk(p) == "symlink" && pa(p) != "1" && pt(p) == L[p]) : wroteAs(p)) { remove(p); return }
    if (t != "file" || pk(p) != "file" || pa(p) == "1") { personsLegacy(c, p, t); return }
    for (i = 1; i <= 9; i++) { name = p ".agentc-old" (i == 1 ? "" : "-" i); if (st(name) == "absent" && !(name in reserved)) break }
    if (i > 9) { refuse(p " must be moved aside, and " p ".agentc-old to -9 are all taken"); return }
    reserved[name] = 1
    act("move-aside", p, name); vacated[p] = 1; entry(name, "aside", "user", "", "", "")
  }
  function personsLegacy(c, p, t,   vouched) {
    vouched = (t == "file" && ((p, H[p]) in known)) ? " (" asked("", "seed_refresh_hashes", p " :: " H[p]) " calls it an earlier version agentc shipped, which a bundle cannot vouch for)" : ""
    conflict(p, asked(c, "remove", p) " asks to delete it, but agentc'"'"'s install record does not show agentc made " (t == "symlink" ? "a link" : "a file") " there" vouched "; deleting it would lose it", "delete or move it yourself if it is no longer needed (or run agentc install --move-aside to have it renamed to <name>.agentc-old)")
  }
  function retire(p,   t) {
    if ((p in claimed) || (p in vacated) || pk(p) == "dir" || blocked(p) != "") return
    if (po(p) != "" || pot(p) != "") { giveBack(p); return }
    t = st(p)
    if (t == "absent") return
    if (pk(p) == "aside") keepPrev(p)
    else if (pk(p) == "block") blockRemoval(p)
    else if (pa(p) == "1" && unmodified(p)) return
    else if (unmodified(p)) remove(p)
    else act("keep", p, "no longer installed, but edited since: kept as yours")
  }
  function depth(p,   parts) { return split(p, parts, "/") }
  function later(a, b) { return depth(a) != depth(b) ? depth(a) < depth(b) : a < b }
  function dirCleanup(   i, j, n, d, tmp, p, needed, k) {
    n = 0
    for (i = 1; i <= np; i++) { p = PP[i]; if (pk(p) == "dir" && !(p in E) && !(p in vacated) && blocked(p) == "") D[++n] = p }
    for (i = 2; i <= n; i++) { tmp = D[i]; for (j = i - 1; j >= 1 && later(D[j], tmp); j--) D[j + 1] = D[j]; D[j + 1] = tmp }
    for (p in E) for (k = length(p); k > 1; k--) if (substr(p, k, 1) == "/") needed[substr(p, 1, k - 1)] = 1
    for (p in K) for (k = length(p); k > 1; k--) if (substr(p, k, 1) == "/") needed[substr(p, 1, k - 1)] = 1
    for (i = 1; i <= n; i++) {
      d = D[i]
      if (st(d) != "dir") continue
      if (!(d in needed) && emptyAfter(d)) { act("rmdir", d); removed[d] = 1 }
      else keepPrev(d)
    }
  }
  END {
    for (i = 1; i <= 9; i++) rank[order[i]] = i
    for (i = 1; i <= nf; i++) { split(F[i], f, "\t"); if (f[1] == "file") ownedFile(f[2], f[3], f[4], f[5]); else seed(f[2], f[3], f[4]) }
    for (i = 1; i <= nkf; i++) { split(KF[i], f, "\t"); keptPayload(f[2], f[3], f[4], f[5]) }
    for (i = 1; i <= nl; i++) { split(LK[i], f, "\t"); link(f[2], f[3], f[4], f[5]) }
    adoptImports()
    for (i = 1; i <= nk; i++) { split(SK[i], f, "\t"); settingsFile(f[2], f[3], f[4], f[5]) }
    for (p in PRS) if (!(p in wantedSettings)) settingsLeft(p)
    for (i = 1; i <= ns; i++) { split(SC[i], f, "\t"); scaffold(f[2], f[3]) }
    for (i = 1; i <= no; i++) leftovers(OW[i])
    for (i = 1; i <= nr; i++) legacy(RM[i])
    for (i = 1; i <= np; i++) retire(PP[i])
    dirCleanup()
    for (i = 1; i <= 9; i++) for (j = 1; j <= nm[order[i]]; j++) print "A\t" order[i] "\t" M[order[i], j]
    for (p in E) print "E\t" p "\t" E[p]
    for (p in K) print "K\t" p "\t" K[p]
    for (i = 1; i <= no; i++) { split(OW[i], f, "\t"); pre = ""; for (k = 4; k in f; k++) pre = pre "\t" f[k]; print "O\t" f[3] "\t" f[2] pre }
  }'
}

# ---------------------------------------------------------------------------------------------------------
# Downloads: https, or plain http only to this machine.
check_base() {
  case $1 in
    https://*/) proto='=https' ;;
    http://127.*/ | http://localhost[:/]*/ | http://\[::1\][:/]*/) proto='=http' ;;
    *) die "$1 is not an https base URL ending in /" 2 "plain http is accepted only for this machine (127.0.0.0/8, localhost, [::1])" ;;
  esac
}
fetch() {
  if [ "$downloader" = curl ]; then
    curl -fsS --proto "$proto" --proto-redir "$proto" --connect-timeout 30 --max-time 600 --max-filesize 268435456 -o "$2" "$1"
  else
    wget -q -O "$2" "$1"
  fi
}
# percent-encodes a published path for a URL
url_path() {
  awk 'BEGIN { for (i = 1; i < 256; i++) code[sprintf("%c", i)] = i }
  { out = ""; for (i = 1; i <= length($0); i++) { c = substr($0, i, 1); out = out (c ~ /[A-Za-z0-9._~\/-]/ ? c : sprintf("%%%02X", code[c])) } print out }'
}
sha_of() { $hasher "$1" | cut -c1-64; }

json_escape() { sed 's/\\/\\\\/g; s/"/\\"/g'; }

# The install record, byte for byte as serializeRecord (src/install/model/record.ts) writes it.
write_record() {
  {
    printf '{\n  "version": 1,\n  "registry_version": "%s",\n  "manifest_sha256": "%s",\n' "$registry_version" "$manifest_sha"
    printf '  "source": {\n    "kind": "serve",\n    "url": "%s",\n    "bundle_sha256": "%s"\n  },\n' "$AGENTC_BASE" "$AGENTC_BUNDLE_SHA256"
    [ -z "$signer_key" ] || printf '  "signer": {\n    "key": "%s",\n    "fingerprint": "%s"\n  },\n' "$signer_key" "$signer_fp"
    sed -n 's/^chosen	//p' "$work/desired" | awk 'BEGIN { printf "  \"components\": [" } { printf "%s\n    \"%s\"", (NR > 1 ? "," : ""), $0 } END { print (NR > 0 ? "\n  ]," : "],") }'
    sed -n 's/^O	//p' "$work/plan" | json_escape | sort -t "$TAB" -k1,1 | awk 'BEGIN { FS = "\t"; printf "  \"owned_dirs\": [" }
      { printf "%s\n    {\n      \"path\": \"%s\",\n      \"component\": \"%s\",\n      \"preserve\": [", (NR > 1 ? "," : ""), $1, $2
        for (i = 3; i <= NF; i++) printf "%s\n        \"%s\"", (i > 3 ? "," : ""), $i
        printf "%s\n    }", (NF > 2 ? "\n      ]" : "]") }
      END { print (NR > 0 ? "\n  ]," : "],") }'
    sed -n 's/^E	//p' "$work/plan" | json_escape | sort -t "$TAB" -k1,1 | awk 'BEGIN { FS = "\t"; printf "  \"entries\": [" }
      { printf "%s\n    {\n      \"path\": \"%s\",\n      \"kind\": \"%s\",\n      \"component\": \"%s\"", (NR > 1 ? "," : ""), $1, $2, $3
        if ($4 != "") printf ",\n      \"sha256\": \"%s\"", $4
        if ($5 != "") printf ",\n      \"target\": \"%s\"", $5
        if ($6 == "1") printf ",\n      \"executable\": true"
        if ($7 == "1") printf ",\n      \"adopted\": true"
        if ($8 != "") printf ",\n      \"original\": {\n        \"sha256\": \"%s\",\n        \"executable\": %s\n      }", $8, ($9 == "1" ? "true" : "false")
        else if ($10 != "") printf ",\n      \"original\": {\n        \"target\": \"%s\"\n      }", $10
        printf "\n    }" }
      END { printf (NR > 0 ? "\n  ]" : "]") }'
    # the settings files composed (K), each element as the server wrote it (composedRecordText)
    sed -n 's/^K	//p' "$work/plan" | sort -t "$TAB" -k1,1 | awk -v files="$work/files" 'BEGIN { FS = "\t" }
      NR == 1 { printf ",\n  \"composed\": [\n" }
      { if (NR > 1) printf ",\n"; f = files "/" $2; n = 0; while ((getline line < f) > 0) printf "%s%s", (n++ ? "\n" : ""), line; close(f) }
      END { print (NR > 0 ? "\n  ]" : "") }'
    printf '}\n'
  } > "$1"
}

# A file from the staging folder, at its path: created new (never over anything), or replacing agentc's file.
put_file() {
  dest=$root/$1
  tmp=$dest.agentc-sh-$$
  cp "$work/files/$2" "$tmp" && chmod "$3" "$tmp" || die "cannot write $1" 1
  if [ "$4" = replace ]; then mv -f "$tmp" "$dest" || die "cannot replace $1" 1
  else
    ln "$tmp" "$dest" 2>/dev/null || { rm -f "$tmp"; die "$1 appeared while installing; nothing after it was written" 1 "run the installer again"; }
    rm -f "$tmp"
  fi
}

apply_plan() {
  applying=1
  while IFS="$TAB" read -r tag op p a1 a2; do
    [ "$tag" = A ] || continue
    case $op in
      # .agentc is made by take_lock before any action runs (for a first takeover, its originals are planned below it)
      mkdir) [ "$p" = .agentc ] && [ -d "$root/.agentc" ] || mkdir "$root/$p" ;;
      move-aside | move-back) mv "$root/$p" "$root/$a1" ;;
      remove) rm -f "$root/$p" ;;
      create) put_file "$p" "$a1" "$(file_mode "$a2")" new ;;
      update) put_file "$p" "$a1" "$(file_mode "$a2")" replace ;;
      write-beside) if [ "$a2" = 1 ]; then put_file "$p" "$a1" "$(file_mode 0)" replace; else put_file "$p" "$a1" "$(file_mode 0)" new; fi ;;
      rmdir) rmdir "$root/$p" ;;
      link)
        if [ "$a2" = 1 ]; then rm -f "$root/$p"; fi
        ln -s "$a1" "$root/$p" || die "cannot make the link $p" 1 "where links are refused, install with agentc install (it writes the fallback)"
        ;;
    esac || die "cannot $op $p" 1 "the project is partly updated; run the installer again"
  done < "$work/plan"
  # folders of .agentc/originals left empty once the originals in them went back (planOriginalsCleanup)
  if [ -d "$root/.agentc/originals" ]; then find "$root/.agentc/originals" -depth -type d -exec rmdir {} \; 2>/dev/null || :; fi
}

# Node creates files with mode 0644 or 0755 less the umask; so does this installer.
file_mode() {
  if [ "$1" = 1 ]; then base=493; else base=420; fi
  mask=$(umask)
  printf '%o' "$((base & ~0$mask))"
}

# ---------------------------------------------------------------------------------------------------------
# Registry versions by precedence, as src/shared/version-order.ts orders them: SemVer 2.0.0 (build metadata
# ignored); a version that is not SemVer comes before every SemVer one, and those by byte order. Prints -1,
# 0 or 1 for $1 below, equal to or above $2.
compare_versions() {
  awk -v a="$1" -v b="$2" '
  function semver(v, out,   core, pre, n) {
    gsub(/^[ \t\n]+|[ \t\n]+$/, "", v)
    if (length(v) > 256) return 0
    if (v !~ /^v?(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-(0|[1-9][0-9]*|[0-9]*[a-zA-Z-][a-zA-Z0-9-]*)(\.(0|[1-9][0-9]*|[0-9]*[a-zA-Z-][a-zA-Z0-9-]*))*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/) return 0
    sub(/^v/, "", v); sub(/\+.*/, "", v)
    core = v; pre = ""
    if (index(v, "-") > 0) { core = substr(v, 1, index(v, "-") - 1); pre = substr(v, index(v, "-") + 1) }
    n = split(core, out, ".")
    for (i = 1; i <= 3; i++) if (!safe(out[i])) return 0
    out[4] = pre
    return 1
  }
  # Number.MAX_SAFE_INTEGER: semver refuses a larger version number
  function safe(d) { return length(d) < 16 || (length(d) == 16 && d <= "9007199254740991") }
  function num(x) { return x ~ /^[0-9]+$/ }
  function cmpId(x, y) {
    if (num(x) && num(y)) return (x + 0 < y + 0) ? -1 : (x + 0 > y + 0)
    if (num(x)) return -1
    if (num(y)) return 1
    return (x < y) ? -1 : (x > y)
  }
  function cmpPre(x, y,   xs, ys, nx, ny, i, c) {
    if (x == "" || y == "") return (x == y) ? 0 : (x == "") ? 1 : -1
    nx = split(x, xs, "."); ny = split(y, ys, ".")
    for (i = 1; i <= nx && i <= ny; i++) if (xs[i] != ys[i]) return cmpId(xs[i], ys[i])
    return (nx < ny) ? -1 : (nx > ny)
  }
  BEGIN {
    va = semver(a, A); vb = semver(b, B)
    if (va && vb) {
      for (i = 1; i <= 3; i++) if (A[i] + 0 != B[i] + 0) { print (A[i] + 0 < B[i] + 0) ? -1 : 1; exit }
      print cmpPre(A[4], B[4]); exit
    }
    if (va != vb) { print va ? 1 : -1; exit }
    print (a < b) ? -1 : (a > b)
  }'
}

# An older version than the one installed is installed only when asked for (src/install/bundle/downgrade-check.ts).
check_downgrade() {
  [ -n "$1" ] && [ "${AGENTC_ALLOW_DOWNGRADE:-}" != 1 ] || return 0
  [ "$(compare_versions "$registry_version" "$1")" = -1 ] || return 0
  die "the bundle's registry_version $registry_version is older than $1, the version installed here; nothing was installed" 1 "installing an older version must be asked for: run again with --allow-downgrade (or AGENTC_ALLOW_DOWNGRADE=1) if you mean to go back to $registry_version"
}

main() {
  project=.
  components=''
  dry_run=''
  signer_file=''
  require_signature=''
  take_imported=''
  while [ $# -gt 0 ]; do
    case $1 in
      --project) [ $# -ge 2 ] || die "--project needs a folder" 2; project=$2; shift 2 ;;
      --project=*) project=${1#--project=}; shift ;;
      --components) [ $# -ge 2 ] || die "--components needs a list" 2; components=$2; shift 2 ;;
      --components=*) components=${1#--components=}; shift ;;
      --from) [ $# -ge 2 ] || die "--from needs a URL" 2; AGENTC_BASE=$2; shift 2 ;;
      --from=*) AGENTC_BASE=${1#--from=}; shift ;;
      --dry-run) dry_run=1; shift ;;
      --signer) [ $# -ge 2 ] || die "--signer needs a file" 2; signer_file=$2; shift 2 ;;
      --signer=*) signer_file=${1#--signer=}; shift ;;
      --require-signature) require_signature=1; shift ;;
      --allow-downgrade) AGENTC_ALLOW_DOWNGRADE=1; shift ;;
      --take-imported) take_imported=1; shift ;;
      --compare-versions) [ $# -ge 3 ] || die "--compare-versions needs two versions" 2; compare_versions "$2" "$3"; exit $? ;;
      --read-manifest) [ $# -ge 2 ] || die "--read-manifest needs a file" 2; read_manifest "$2"; exit $? ;;
      -h | --help) usage; exit 0 ;;
      *) usage >&2; die "unknown argument \"$1\"" 2 ;;
    esac
  done
  [ -n "$AGENTC_TREE" ] && [ -n "$AGENTC_MANIFEST_SHA256" ] ||
    die "this script was not served by agentc serve (it names no version to install)" 2 "fetch it from a server: curl -fsS https://HOST/install.sh | sh -s -- --project DIR"
  case $AGENTC_BASE in */) ;; *) AGENTC_BASE=$AGENTC_BASE/ ;; esac
  case $AGENTC_BASE in *[!A-Za-z0-9:/._~%+@\[\]-]*) die "$AGENTC_BASE is not a plain URL" 2 ;; esac
  check_base "$AGENTC_BASE"
  [ -d "$project" ] || die "$project: the project folder does not exist" 2
  root=$(cd "$project" && pwd -P) || die "$project: cannot enter the project folder" 2

  if command -v curl >/dev/null 2>&1; then downloader=curl
  elif command -v wget >/dev/null 2>&1; then downloader=wget
  else die "neither curl nor wget is installed" 1; fi
  if command -v sha256sum >/dev/null 2>&1; then hasher=sha256sum
  elif command -v shasum >/dev/null 2>&1; then hasher='shasum -a 256'
  else die "neither sha256sum nor shasum is installed" 1; fi

  work=$(mktemp -d 2>/dev/null) || work=${TMPDIR:-/tmp}/agentc-sh.$$
  [ -d "$work" ] || mkdir -m 700 "$work" || die "cannot make a temporary folder" 1
  mkdir "$work/files"

  [ ! -e "$root/.agentc/journal.json" ] ||
    refuse "the last install in $root was interrupted (.agentc/journal.json); agentc rolls it back first"
  check_lock

  fetch "$AGENTC_BASE${AGENTC_TREE}manifest.json" "$work/manifest.json" ||
    die "cannot download ${AGENTC_BASE}${AGENTC_TREE}manifest.json" 1 "check the address and try again"
  manifest_sha=$(sha_of "$work/manifest.json")
  [ "$manifest_sha" = "$AGENTC_MANIFEST_SHA256" ] ||
    die "manifest.json has sha256 $manifest_sha, but $AGENTC_MANIFEST_SHA256 was expected; nothing was written" 1 "the server changed since this script was fetched: fetch install.sh again"
  read_manifest "$work/manifest.json" 1 > "$work/facts"
  problem=$(sed -n 's/^rejected	//p' "$work/facts" | head -n 1)
  [ -z "$problem" ] || die "manifest.json $problem" 1 "agentc install refuses this bundle too: do not install from this server"
  problem=$(sed -n 's/^error	//p' "$work/facts" | head -n 1)
  [ -z "$problem" ] || refuse "manifest.json $problem"
  registry_version=$(sed -n 's/^registry	//p' "$work/facts")
  [ -n "$registry_version" ] && grep -q '^version	1$' "$work/facts" || refuse "manifest.json could not be read (awk failed)"

  : > "$work/record"
  if [ -e "$root/.agentc/installed.json" ] || [ -L "$root/.agentc/installed.json" ]; then
    [ -f "$root/.agentc/installed.json" ] && [ ! -L "$root/.agentc/installed.json" ] || refuse ".agentc/installed.json is not a regular file"
    read_record "$root/.agentc/installed.json" > "$work/record"
    problem=$(sed -n 's/^error	//p' "$work/record" | head -n 1)
    [ -z "$problem" ] || refuse ".agentc/installed.json $problem"
    sed -n 's/^rcomposed	//p' "$work/record" > "$work/rcomposed"
    while IFS="$TAB" read -r n p; do
      printf 'rsettings\t%s\t%s\n' "$p" "$(sha_of "$work/rc$n")"
    done < "$work/rcomposed" >> "$work/record"
    check_downgrade "$(sed -n 's/^rregistry_version	//p' "$work/record")"
  fi
  check_signature

  cat "$work/facts" "$work/record" | desire "$components" > "$work/desired"
  problem=$(sed -n 's/^usage	//p' "$work/desired" | head -n 1)
  [ -z "$problem" ] || die "$problem" 2
  problem=$(sed -n 's/^rejected	//p' "$work/desired" | head -n 1)
  [ -z "$problem" ] || die "$problem; the bundle is rejected, by agentc install too" 1 "rebuild it with agentc build, or do not install from this server"
  problem=$(sed -n 's/^problem	//p' "$work/desired" | head -n 1)
  [ -z "$problem" ] || refuse "$problem"

  awk -F "$TAB" '$1 != "chosen" && $1 != "known" && $1 != "tool" && $1 != "toolpath"' "$work/desired" > "$work/wanted"
  sed -n '/^prev	/p; /^rsettings	/p' "$work/record" >> "$work/wanted"
  interest < "$work/wanted" > "$work/interest"
  sed -n 's/^stat	//p' "$work/interest" > "$work/stat1"
  gather_state "$work/stat1" > "$work/state"
  sed -n 's/^walk	//p' "$work/interest" | sort -u | walk_folders | sort > "$work/below"
  cut -f3 "$work/below" > "$work/stat2"
  gather_state "$work/stat2" >> "$work/state"

  download_settings
  compose_blocks > "$work/composed"
  cat "$work/wanted" "$work/state" "$work/below" "$work/composed" > "$work/planin"
  sed -n 's/^known	/known	/p' "$work/desired" >> "$work/planin"
  sed -n 's/^at	/at	/p' "$work/facts" >> "$work/planin"
  plan < "$work/planin" > "$work/plan" || die "cannot plan the install (awk failed); nothing was written" 1
  refusal=$(sed -n 's/^R	//p' "$work/plan" | head -n 1)
  [ -z "$refusal" ] || refuse "$refusal"
  show_plan
  if grep -q '^C	' "$work/plan"; then
    conflicts=$(grep -c '^C	' "$work/plan")
    warn "$conflicts conflict(s); nothing was written"
    exit_clean 1
  fi
  [ -z "$dry_run" ] || { say "dry run: nothing was written"; exit_clean 0; }

  mkdir -p "$work/out"
  write_record "$work/out/installed.json"
  if ! grep -q '^A	' "$work/plan" && cmp -s "$work/out/installed.json" "$root/.agentc/installed.json" 2>/dev/null &&
    cmp -s "$work/manifest.json" "$root/.agentc/manifest.json" 2>/dev/null; then
    say "install.sh: nothing to do, $registry_version is installed"
    exit_clean 0
  fi
  download_files
  take_lock
  apply_plan
  put_agentc_file manifest.json "$work/manifest.json"
  put_agentc_file installed.json "$work/out/installed.json"
  put_gitignore
  applying=''
  check_tools
  check_roster
  say "install.sh: $(grep -c '^A	' "$work/plan") changes applied, $registry_version installed"
  exit_clean 0
}

exit_clean() { cleanup; exit "$1"; }

show_plan() {
  awk 'BEGIN { FS = "\t" }
  BEGIN { block["add"] = " (your file: agentc'"'"'s block added below your text)"; block["update"] = " (your file: agentc'"'"'s block updated)"; block["remove"] = " (your file: agentc'"'"'s block taken out)" }
  $1 == "D" && $2 != "unchanged" { line = sprintf("  %-12s %s", $2, $3); if ($2 == "link") line = line " -> " $4; if ($2 == "move-aside" || $2 == "move-back") line = line " -> " $4; if ($2 == "keep" || $2 == "keep-modified") line = line " (" $4 ")"; if ($6 in block) line = line block[$6]; print line }
  $1 == "C" { printf "conflict: %s %s\n  hint: %s\n", $2, $3, $4 > "/dev/stderr" }
  $1 == "W" { printf "warning: %s: %s\n  hint: %s\n", $2, $3, $4 > "/dev/stderr" }' "$work/plan"
}

# Every file the plan writes, fetched once per content and checked before anything is written (the texts
# composed into a person's files are there already).
download_files() {
  awk 'BEGIN { FS = "\t" } $1 == "A" && ($2 == "create" || $2 == "update" || $2 == "write-beside") && !seen[$4]++ { p = $3; if ($2 == "write-beside") sub(/\.agentc-new$/, "", p); print $4 "\t" p }' "$work/plan" > "$work/need"
  while IFS="$TAB" read -r sha p; do download_file "$sha" "$p"; done < "$work/need"
}
# The settings files the server composed (compose/<component>/<path>) and their record elements, checked
# against the sha256 values agentc serve wrote into this script, before planning.
download_settings() {
  awk -F "$TAB" '$1 == "settings" { print $2 "\t" $3 "\t" $4 "\t" $5 }' "$work/desired" > "$work/settings"
  while IFS="$TAB" read -r c p tsha rsha; do
    download_served "compose/$c/$p" "$tsha"
    download_served "compose/$c/$p.record" "$rsha"
  done < "$work/settings"
}
download_served() {
  [ ! -f "$work/files/$2" ] || return 0
  fetch "$AGENTC_BASE${AGENTC_TREE}$(printf '%s\n' "$1" | url_path)" "$work/files/$2.part" ||
    die "cannot download $1; nothing was written" 1 "check the server and try again"
  got=$(sha_of "$work/files/$2.part")
  [ "$got" = "$2" ] || die "$1 has sha256 $got, but this script says $2; nothing was written" 1 "the server changed since this script was fetched: fetch install.sh again"
  mv "$work/files/$2.part" "$work/files/$2"
}
download_file() {
  [ ! -f "$work/files/$1" ] || return 0
  [ -n "${rewrites_read:-}" ] || { rewrites=$(sed -n 's/^publish_rewrites	//p' "$work/facts"); rewrites_read=1; }
  published=$(printf '%s\n' "$2" | awk -v rw="$rewrites" 'BEGIN { n = split(rw, lines, "\n"); for (i = 1; i <= n; i++) { split(lines[i], r, / :: /); to[r[1]] = r[2] } }
    { m = split($0, s, "/"); out = ""; for (i = 1; i <= m; i++) out = out (i > 1 ? "/" : "") (s[i] in to ? to[s[i]] : s[i]); print out }' | url_path)
  fetch "$AGENTC_BASE${AGENTC_TREE}files/$published" "$work/files/$1.part" ||
    die "cannot download $2; nothing was written" 1 "check the server and try again"
  got=$(sha_of "$work/files/$1.part")
  [ "$got" = "$1" ] || die "$2 has sha256 $got, but the manifest says $1; nothing was written" 1 "the server's files do not match its manifest: do not install from it"
  mv "$work/files/$1.part" "$work/files/$1"
}

check_lock() {
  lock=$root/.agentc/lock
  [ -e "$lock" ] || [ -L "$lock" ] || return 0
  pid=$(sed -n 's/^{"pid":\([0-9]*\),.*/\1/p' "$lock" 2>/dev/null)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then die "another install holds the lock ($lock, pid $pid)" 1 "wait for it to finish"; fi
  refuse "a stale lock from an install that did not finish is in $lock; agentc takes it over safely"
}

take_lock() {
  mkdir -p "$root/.agentc" || die "cannot create $root/.agentc" 1
  token=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  temp=$root/.agentc/lock.new-$$-$token
  printf '{"pid":%s,"token":"%s"}\n' "$$" "$token" > "$temp"
  if ln "$temp" "$root/.agentc/lock" 2>/dev/null; then rm -f "$temp"; lock_taken=$temp
  else rm -f "$temp"; die "another install holds the lock ($root/.agentc/lock)" 1 "wait for it to finish"; fi
}

put_agentc_file() {
  tmp=$root/.agentc/$1.agentc-sh-$$
  cp "$2" "$tmp" && chmod "$(file_mode 0)" "$tmp" && mv -f "$tmp" "$root/.agentc/$1" || die "cannot write .agentc/$1" 1
}

# .agentc/.gitignore keeps agentc's machine-local stat cache out of git, as agentc install writes it
# (statCacheIgnoreBytes of src/install/project/stat-cache.ts; install-sh-trust.test.ts keeps the two equal); a
# file of other bytes there is the person's and is left as it is.
AGENTC_GITIGNORE='# written by agentc: the stat cache is machine-local; commit installed.json and manifest.json
stat-cache.json'
put_gitignore() {
  [ ! -e "$root/.agentc/.gitignore" ] && [ ! -L "$root/.agentc/.gitignore" ] || return 0
  printf '%s\n' "$AGENTC_GITIGNORE" > "$work/gitignore"
  put_agentc_file .gitignore "$work/gitignore"
}

# ---------------------------------------------------------------------------------------------------------
# The bundle's signature (docs/install-sh.md, "Signatures"): the SSH signature of manifest.json the server
# names (AGENTC_SIGNATURE), checked with ssh-keygen against the keys of --signer FILE, else the signer the
# install record names, else (trust on first use, as agentc install does) the key the server names. The key
# that signed is recorded as agentc records it; an unsigned bundle is refused when a signer is recorded or
# asked for. Everything here happens before the first write.
signer_key=''
signer_fp=''
check_signature() {
  recorded=$(sed -n 's/^rsigner	//p' "$work/record")
  recorded_fp=$(sed -n 's/^rsignerfp	//p' "$work/record")
  ask_hint="ask its publisher for a signed bundle (agentc pack --sign KEY)"
  if [ -z "$AGENTC_SIGNATURE" ]; then
    [ -z "$signer_file" ] || die "the bundle is not signed, but --signer $signer_file asks for a signature; nothing was written" 1 "$ask_hint"
    [ -z "$require_signature" ] || die "the bundle is not signed, but --require-signature asks for one; nothing was written" 1 "$ask_hint"
    [ -z "$recorded" ] || die "the bundle is not signed, but this project's bundles are signed by $recorded_fp (the signer in .agentc/installed.json); nothing was written" 1 "a bundle whose signature is gone is what a compromised server sends; if its publisher really stopped signing and you trust it: agentc update --project DIR --allow-unsigned"
    return 0
  fi
  command -v ssh-keygen >/dev/null 2>&1 ||
    die "the bundle is signed, and checking its signature needs ssh-keygen (OpenSSH 8.2 or later), which is not installed; nothing was written" 1 "install it (apt-get install openssh-client; apk add openssh-keygen), or install with agentc install"
  if [ -n "$signer_file" ]; then
    [ -f "$signer_file" ] || die "--signer $signer_file: no such file" 2
    signer_lines "$signer_file" > "$work/allowed" || die "$(cat "$work/allowed")" 2 "give a .pub file or an allowed_signers file, one key per line"
    from="a key in $signer_file"
  elif [ -n "$recorded" ]; then
    printf 'k1 %s\n' "$recorded" > "$work/allowed"; from="$recorded_fp, the signer recorded in .agentc/installed.json"
  else
    printf 'k1 %s\n' "$AGENTC_SIGNER" > "$work/allowed"; from="the key the server names"
  fi
  sig=$work/manifest.json.sig
  fetch "$AGENTC_BASE$AGENTC_SIGNATURE" "$sig" || die "cannot download $AGENTC_BASE$AGENTC_SIGNATURE; nothing was written" 1 "check the address and try again"
  good=$(ssh-keygen -Y check-novalidate -n agentc-bundle -s "$sig" < "$work/manifest.json" 2>/dev/null) ||
    die "the signature $AGENTC_BASE$AGENTC_SIGNATURE does not match manifest.json (damaged, or of something else); nothing was written" 1 "do not install this bundle: it changed after it was signed, or its signature was swapped; ask its publisher"
  principal=$(ssh-keygen -Y find-principals -s "$sig" -f "$work/allowed" 2>/dev/null | head -n 1)
  [ -n "$principal" ] && ssh-keygen -Y verify -f "$work/allowed" -I "$principal" -n agentc-bundle -s "$sig" < "$work/manifest.json" >/dev/null 2>&1 ||
    die "the bundle is signed by ${good##* }, not by $from; nothing was written" 1 "if the team changed its signing key, get the new public key from a channel you trust and pass --signer NEW.pub; otherwise do not install this bundle"
  signer_key=$(awk -v p="$principal" '$1 == p { print $2 " " $3; exit }' "$work/allowed")
  printf '%s\n' "$signer_key" > "$work/signer.pub"
  signer_fp=$(ssh-keygen -l -f "$work/signer.pub" | awk '{ print $2 }')
  say "signature: good, by $signer_fp"
}

# The keys of a --signer file (a .pub file or an OpenSSH allowed_signers file) as allowed-signers lines
# "k<N> <type> <base64>", read by agentc's rules (src/packaging/signature/signer-file.ts): namespaces="…"
# is honoured, any other option refused; on a problem, "FILE:LINE:COLUMN: what" and exit 1.
signer_lines() {
  awk -v file="$1" '
  function fail(col, why) { printf "%s:%d:%d: %s\n", file, NR, col, why; failed = 1; exit 1 }
  function glob(p) { gsub(/[.+^$(){}|\\]/, "\\\\&", p); gsub(/\*/, ".*", p); gsub(/\?/, ".", p); return "^" p "$" }
  function allows(opts,   list, n, i, p, neg, hit) {
    if (opts !~ /^namespaces=/) fail(index($0, opts), "the option " opts " is not one agentc honours (only namespaces=\"...\")")
    sub(/^namespaces="?/, "", opts); sub(/"$/, "", opts)
    n = split(opts, list, ","); hit = 0
    for (i = 1; i <= n; i++) { p = list[i]; neg = sub(/^!/, "", p); if ("agentc-bundle" ~ glob(p)) { if (neg) return 0; hit = 1 } }
    return hit
  }
  BEGIN { types = " ssh-ed25519 ecdsa-sha2-nistp256 ecdsa-sha2-nistp384 ecdsa-sha2-nistp521 ssh-rsa " }
  { sub(/\r$/, "") }
  /^[ \t]*(#|$)/ { next }
  /^[ \t]*-----BEGIN/ { fail(1, "this is a private key; give its public half, the .pub file") }
  {
    k = 1; opts = ""
    if ($1 !~ /^(ssh-|ecdsa-|sk-)/) { if ($2 ~ /^(ssh-|ecdsa-|sk-)/) k = 2; else { k = 3; opts = $2 } }
    if (index(types, " " $k " ") == 0 || $(k + 1) !~ /^[A-Za-z0-9+\/]+=*$/) fail(index($0, $k) ? index($0, $k) : length($0) + 1, "expected a key type agentc verifies and a key (ssh-ed25519 AAAA...)")
    if (opts != "" && !allows(opts)) next
    if (!seen[$(k + 1)]++) printf "k%d %s %s\n", ++n, $k, $(k + 1)
  }
  END { if (!failed && n == 0) { printf "%s names no key that may sign agentc bundles\n", file; exit 1 } }
  ' "$1"
}

check_tools() {
  while IFS="$TAB" read -r kind name cmd; do
    [ "$kind" = tool ] || continue
    where=$(awk -v n="$name" 'BEGIN { FS = "\t" } $1 == "toolpath" && $2 == n { print $3; exit }' "$work/desired")
    if [ -n "$where" ]; then [ -e "$root/$where" ] && continue; how="$where"
    else command -v "$name" >/dev/null 2>&1 && continue; how="command -v $name"; fi
    warn "tool $name not found ($how); to install it: $cmd (agentc never runs it)"
  done < "$work/desired"
}

# The vendor share of the skill roster budget (vendorRoster of src/install/project/roster-check.ts): the words
# of the descriptions of the skills other tools put in the project (files matching roster_glob that agentc
# does not own, without the dead marker); over the reserve is a warning, as agentc install gives it.
check_roster() {
  glob=$(sed -n 's/^roster	roster_glob	//p' "$work/facts")
  [ -n "$glob" ] || return 0
  reserve=$(sed -n 's/^roster	vendor_reserve_words	//p' "$work/facts")
  marker=$(sed -n 's/^roster	dead_marker	//p' "$work/facts")
  top=$(printf '%s\n' "$glob" | awk -F / '{ o = ""; for (i = 1; i < NF && $i !~ /[*?[{]/; i++) o = o (i > 1 ? "/" : "") $i; print o }')
  [ -n "$top" ] && [ -d "$root/$top" ] || return 0
  sed -n 's/^E	//p' "$work/plan" | cut -f1 > "$work/owned"
  find "$root/$top" -type f -print | awk -v n="$((${#root} + 2))" -v g="$glob" -v owned="$work/owned" '
    BEGIN { while ((getline o < owned) > 0) own[o] = 1; re = "^" globRe(g) "$" }
    function globRe(g,   i, c, out, j) {
      out = ""
      for (i = 1; i <= length(g); i++) {
        c = substr(g, i, 1)
        if (substr(g, i, 3) == "**/") { out = out "(.*/)?"; i += 2 }
        else if (substr(g, i, 2) == "**") { out = out ".*"; i++ }
        else if (c == "*") out = out "[^/]*"
        else if (c == "?") out = out "[^/]"
        else if (c == "{") out = out "("
        else if (c == "}") out = out ")"
        else if (c == ",") out = out "|"
        else if (c == "[" && (j = index(substr(g, i + 1), "]")) > 1) { out = out "[" substr(g, i + 1, j - 1) "]"; i += j }
        else if (c ~ /[.^$+()|\\]/) out = out "\\" c
        else out = out c
      }
      return out
    }
    { p = substr($0, n); if (p ~ re && !(p in own)) print p }' | sort > "$work/vendor"
  words=0 skills=0
  while IFS= read -r p; do
    [ -z "$marker" ] || ! grep -qF -- "$marker" "$root/$p" || continue
    skills=$((skills + 1))
    words=$((words + $(description_words "$root/$p")))
  done < "$work/vendor"
  [ "$words" -le "${reserve:-0}" ] ||
    warn "warning: skills from other tools use $words description words, over the vendor reserve of $reserve ($skills skills)"
}

# The words of the description in a file's YAML frontmatter: a plain, quoted or block scalar.
description_words() {
  awk '
  NR == 1 { sub(/\r$/, ""); if ($0 != "---") exit; inside = 1; next }
  inside && /^---/ { exit }
  inside && mode == "" && /^description:/ {
    v = $0; sub(/^description:[ \t]*/, "", v); sub(/\r$/, "", v)
    if (v ~ /^[|>][-+0-9]*[ \t]*(#.*)?$/) { mode = "block"; next }
    if (v ~ /^["\047]/) { q = substr(v, 1, 1); v = substr(v, 2); mode = "quoted"; if (close1(v)) exit; next }
    sub(/[ \t]+#.*$/, "", v); count(v); mode = "plain"; next
  }
  mode == "block" || mode == "plain" { if ($0 ~ /^[ \t]/ || $0 ~ /^\r?$/) { count($0); next } exit }
  mode == "quoted" { if (close1($0)) exit }
  function close1(v,   k) { k = index(v, q); if (k > 0) { count(substr(v, 1, k - 1)); return 1 } count(v); return 0 }
  function count(text) { words += split(text, w, /[ \t\r]+/) - (text ~ /^[ \t\r]/) - (text ~ /[ \t\r]$/) }
  END { print words + 0 }' "$1"
}

main "$@"
