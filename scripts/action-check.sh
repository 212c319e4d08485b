#!/usr/bin/env bash
# The check step of the composite action (action.yml): `sc-migrate check --format github` (one annotation per
# thing to do), and with INPUT_SARIF=true a SARIF report first. It records the gate's exit code in the step's
# outputs and exits 0, so the SARIF upload runs before the action's last step fails the job.
#
# sc-migrate is, in order: node "$SC_MIGRATE_CLI", the build next to the action ($GITHUB_ACTION_PATH/dist),
# else `npx --yes sc-migrate@<version>` (INPUT_VERSION, default: the version in the action's package.json).
set -uo pipefail

action_path="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/.." && pwd)}"
output="${GITHUB_OUTPUT:-/dev/null}"

if [ -n "${SC_MIGRATE_CLI:-}" ]; then
  sc=(node "$SC_MIGRATE_CLI")
elif [ -f "$action_path/dist/cli/main.js" ]; then
  sc=(node "$action_path/dist/cli/main.js")
else
  version="${INPUT_VERSION:-}"
  [ -n "$version" ] || version="$(node -p "require(process.argv[1]).version" "$action_path/package.json")"
  sc=(npx --yes "sc-migrate@$version")
fi

# Paths: one per line when the input has several lines, else separated by spaces.
paths=()
if [[ "${INPUT_PATHS:-.}" == *$'\n'* ]]; then
  while IFS= read -r p; do [ -n "$p" ] && paths+=("$p"); done <<< "$INPUT_PATHS"
else
  read -r -a paths <<< "${INPUT_PATHS:-.}"
fi
[ "${#paths[@]}" -gt 0 ] || paths=(.)

args=()
[ -n "${INPUT_CONFIG:-}" ] && args+=(--config "$INPUT_CONFIG")
[ -n "${INPUT_ENVIRONMENT:-}" ] && args+=(--env "$INPUT_ENVIRONMENT")
[ -n "${INPUT_ONLY:-}" ] && args+=(--only "$INPUT_ONLY")

sarif_file=""
if [ "${INPUT_SARIF:-false}" = "true" ]; then
  sarif_file="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/sc-migrate.sarif"
  "${sc[@]}" report "${paths[@]}" "${args[@]}" --format sarif --output "$sarif_file"
  status=$?
  if [ "$status" -ne 0 ]; then
    echo "exit-code=$status" >> "$output"
    echo "sarif-file=" >> "$output"
    exit 0
  fi
fi

"${sc[@]}" check "${paths[@]}" "${args[@]}" --format github
status=$?
echo "exit-code=$status" >> "$output"
echo "sarif-file=$sarif_file" >> "$output"
exit 0
