#!/bin/sh
# The script of the agentc lint GitHub Action (action.yml): lints a project, prints each finding as a
# GitHub annotation, writes SARIF for code scanning when asked, and adds a line to the job summary.
# Inputs come from the environment, as action.yml passes them:
#   AGENTC_LINT_PATH     the project folder (default .)
#   AGENTC_LINT_CLIENTS  client ids, comma-separated (default: every client)
#   AGENTC_LINT_SARIF    a file to write SARIF to (default: none)
#   AGENTC               the command that runs agentc (default: npx --no-install agentc, the project's own
#                        dev dependency at the version its lockfile pins; nothing is downloaded)
# Exits with agentc lint's status: 1 when it found an error, 2 on a usage error.
set -u
path=${AGENTC_LINT_PATH:-.}
agentc=${AGENTC:-npx --no-install agentc}
set -- lint "$path"
if [ -n "${AGENTC_LINT_CLIENTS:-}" ]; then set -- "$@" --clients "$AGENTC_LINT_CLIENTS"; fi

# shellcheck disable=SC2086 # $agentc is a command with its arguments
$agentc "$@" --format github
status=$?
if [ -n "${AGENTC_LINT_SARIF:-}" ] && [ "$status" -ne 2 ]; then
  # shellcheck disable=SC2086
  $agentc "$@" --format sarif >"$AGENTC_LINT_SARIF"
fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  case $status in
    0) verdict="no errors" ;;
    1) verdict="errors found (see the annotations)" ;;
    *) verdict="could not run (exit status $status)" ;;
  esac
  printf '%s\n' "agentc lint \`$path\`: $verdict" >>"$GITHUB_STEP_SUMMARY"
fi
exit "$status"
