#!/bin/bash
# Stops the hub's Data Factory triggers before the factory changes (Stop=true), or starts them after it
# changed and then runs the pipelines that set the hub up (Stop=false).
#
# Runs as an AzureCLI deployment script (bash, az with its datafactory extension, jq) under the hub's
# _triggerManager identity. Triggers and pipelines the factory does not have (those of components the
# deployment leaves out) are skipped; triggers already in the wanted state are left alone. Names are
# compared case-insensitively, as Data Factory does.
#
# Environment (set by the template):
#   DataFactorySubscriptionId, DataFactoryResourceGroup, DataFactoryName   the factory
#   Triggers    JSON array of trigger names
#   Pipelines   JSON array of pipeline names run once after the triggers start (ignored when stopping)
#   Stop        'true' to stop, 'false' to start
# Output ($AZ_SCRIPTS_OUTPUT_PATH): { changed, unchanged, missing, pipelinesRun: [{ pipeline, runId }] }.
set -euo pipefail

fail() {
  echo "ERROR: $*" >&2
  exit 1
}
log() { echo "$*"; }

for v in DataFactoryResourceGroup DataFactoryName; do
  [[ -n "${!v:-}" ]] || fail "environment variable $v is not set; the template passes it to this script."
done
case "${Stop:-}" in
  true) wanted=Stopped verb=stop ;;
  false) wanted=Started verb=start ;;
  *) fail "environment variable Stop is '${Stop:-}'; expected 'true' or 'false'." ;;
esac
triggers_json=${Triggers:-[]}
pipelines_json=${Pipelines:-[]}
invalid=$(jq -nr --arg triggers "$triggers_json" --arg pipelines "$pipelines_json" '
  def names: try (fromjson | type == "array" and all(.[]; type == "string")) catch false;
  if $triggers | names | not then "Triggers" elif $pipelines | names | not then "Pipelines" else "" end')
[[ -z "$invalid" ]] || fail "environment variable $invalid is not a JSON array of names: ${!invalid:-}"

factory=(--resource-group "$DataFactoryResourceGroup" --factory-name "$DataFactoryName" --only-show-errors)
if [[ -n "${DataFactorySubscriptionId:-}" ]]; then factory+=(--subscription "$DataFactorySubscriptionId"); fi

# The datafactory commands come from an extension that the Azure CLI image does not include.
az extension add --name datafactory --yes --only-show-errors -o none

# Plan: one line per wanted trigger, "<todo|unchanged|missing>\t<name>" (the factory's spelling).
triggers=$(az datafactory trigger list "${factory[@]}" -o json) || fail "could not list the triggers of data factory $DataFactoryName."
plan=$(jq -r --argjson want "$triggers_json" --arg state "$wanted" '
  . as $all
  | $want[] as $n
  | first($all[] | select((.name | ascii_downcase) == ($n | ascii_downcase))) // null
  | if . == null then "missing\t\($n)"
    elif (.properties.runtimeState // "") == $state then "unchanged\t\(.name)"
    else "todo\t\(.name)" end' <<<"$triggers")
changed='' unchanged='' missing='' todo=()
while IFS=$'\t' read -r what name; do
  case "$what" in
    missing)
      missing+="$name"$'\n'
      log "Trigger $name does not exist; skipped."
      ;;
    unchanged)
      unchanged+="$name"$'\n'
      log "Trigger $name is already ${wanted,,}."
      ;;
    todo) todo+=("$name") ;;
  esac
done <<<"$plan"

# Stopping: the wait lets runs that a trigger just queued register before the factory changes.
# Starting: the wait lets the factory settle after the deployment changed it.
if [[ "$verb" == start && ${#todo[@]} -gt 0 ]]; then sleep 10; fi
for name in "${todo[@]}"; do
  log "${verb^}ing trigger $name."
  az datafactory trigger "$verb" "${factory[@]}" --name "$name" -o none ||
    fail "could not $verb trigger $name of data factory $DataFactoryName."
  changed+="$name"$'\n'
done
if [[ "$verb" == stop && ${#todo[@]} -gt 0 ]]; then sleep 10; fi

runs=''
if [[ "$verb" == start && "$pipelines_json" != '[]' ]]; then
  pipelines=$(az datafactory pipeline list "${factory[@]}" -o json) || fail "could not list the pipelines of data factory $DataFactoryName."
  plan=$(jq -r --argjson want "$pipelines_json" '
    . as $all
    | $want[] as $n
    | first($all[] | select((.name | ascii_downcase) == ($n | ascii_downcase))) // null
    | if . == null then "missing\t\($n)" else "run\t\(.name)" end' <<<"$pipelines")
  while IFS=$'\t' read -r what name; do
    case "$what" in
      missing) log "Pipeline $name does not exist; not run." ;;
      run)
        run=$(az datafactory pipeline create-run "${factory[@]}" --name "$name" -o json) ||
          fail "could not run pipeline $name of data factory $DataFactoryName."
        run_id=''
        if [[ "$run" =~ \"runId\":[[:space:]]*\"([^\"]*)\" ]]; then run_id=${BASH_REMATCH[1]}; fi
        log "Pipeline $name started (run $run_id)."
        runs+="$name"$'\t'"$run_id"$'\n'
        ;;
    esac
  done <<<"$plan"
fi

if [[ -n "${AZ_SCRIPTS_OUTPUT_PATH:-}" ]]; then
  jq -n --arg changed "$changed" --arg unchanged "$unchanged" --arg missing "$missing" --arg runs "$runs" '
    def lines: split("\n") | map(select(. != ""));
    {
      changed: ($changed | lines),
      unchanged: ($unchanged | lines),
      missing: ($missing | lines),
      pipelinesRun: ($runs | lines | map(split("\t") | {pipeline: .[0], runId: .[1]}))
    }' >"$AZ_SCRIPTS_OUTPUT_PATH"
fi
