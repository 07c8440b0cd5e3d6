#!/bin/sh
# `npm test` runs this first (pretest): the system programs the tests drive, beyond Node and the npm
# packages. As root on a system with apt-get (as CI is) it installs the missing ones; anywhere else it
# stops at once with one line naming them and the command that installs them.
set -eu

missing=""
# need <command> <Debian package>
need() {
  command -v "$1" >/dev/null 2>&1 || missing="$missing $2"
}
need docker-registry docker-registry # the OCI tests push to and pull from Debian's registry
need skopeo skopeo                   # the OCI tests read that registry with a second client
need openssl openssl                 # the OCI tests sign registry tokens
need dash dash                       # install.sh runs under dash ...
need busybox busybox                 # ... and under busybox sh
need chromium chromium               # the registry page's browser tests
need git git                         # projects under git: the conformance tests, the stat cache's ignore; git dependencies (git daemon)
need bwrap bubblewrap                # the sandbox tests: Claude Code and Gemini CLI run commands under it
need socat socat                     # the sandbox tests: Claude Code's network relay
need pre-commit pre-commit           # agentc lint's hook definitions, run by the real pre-commit
need nvim neovim                     # agentc lsp in a real editor's language client
if [ "$(id -u)" = 0 ]; then
  # as root, the conformance tests run the assistants' CLIs in a network namespace of their own
  need unshare util-linux
  need ip iproute2
fi
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  log=$(mktemp)
  echo "npm test: installing the system packages the tests need:$missing"
  # shellcheck disable=SC2086 # one word per package
  if ! { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing; } >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "npm test: apt-get could not install$missing (its whole output: $log)" >&2
    exit 1
  fi
  rm -f "$log"
  exit 0
fi

echo "npm test needs these system packages:$missing; install them first: sudo apt-get install -y --no-install-recommends$missing" >&2
exit 1
