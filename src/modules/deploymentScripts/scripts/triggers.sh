#!/bin/bash
# Stops the hub's Data Factory triggers before the factory changes (Stop=true), or starts them after it
# changed and then runs the pipelines that set the hub up (Stop=false).
#
# Starting (release 13 on, StartWaitSeconds above 0): a blob-event trigger cannot start while the Event Grid
# subscription Data Factory creates for it is still being provisioned: the start fails with "Resource cannot
# be updated during provisioning" (BadRequest) and succeeds once the subscription is ready (#1996, where the
# public 13's Init-DataFactory.ps1 subscribed again inside its retry loop, got that error 20 times and failed
# the deployment). The script waits for that case only, with growing pauses (10 s doubling to 60 s) for at
# most StartWaitSeconds in all, then fails naming the trigger: a hub whose export trigger stays stopped would
# silently process nothing, while a failed deployment says so, and the same deployment run again starts the
# trigger. Any other error (no permission, no such trigger type) fails at once: waiting cannot fix it. With
# StartWaitSeconds 0 (unset; releases before 13) the first error fails the script.
#
# Runs as an AzureCLI deployment script (bash, az with its datafactory extension, jq) under the hub's
# _triggerManager identity. Triggers and pipelines the factory does not have (those of components the
# deployment leaves out) are skipped; triggers already in the wanted state are left alone. Names are
# compared case-insensitively, as Data Factory does.
#
# Environment (set by the template):
#   DataFactorySubscriptionId, DataFactoryResourceGroup, DataFactoryName   the factory
#   Triggers           JSON array of trigger names
#   Pipelines          JSON array of pipeline names run once after the triggers start (ignored when stopping)
#   Stop               'true' to stop, 'false' to start
#   StartWaitSeconds   when starting: how long to wait in all for triggers whose Event Grid subscription is
#                      provisioning (default 0: no wait)
# Output ($AZ_SCRIPTS_OUTPUT_PATH): { changed, unchanged, missing, retried: [{ trigger, attempts }],
#   pipelinesRun: [{ pipeline, runId }] }.
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
StartWaitSeconds=${StartWaitSeconds:-0}
[[ "$StartWaitSeconds" =~ ^[0-9]{1,5}$ ]] || fail "environment variable StartWaitSeconds is '$StartWaitSeconds'; expected a whole number of seconds."
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

# True when a start failed only because the trigger's Event Grid subscription is not ready yet.
provisioning() { grep -qiE 'during provisioning|subscription is (still )?provisioning' <<<"$1"; }

# Stops or starts one trigger; when starting, waits and tries again while its Event Grid subscription is
# provisioning and StartWaitSeconds allows. Sets `attempts`. Fails the script on any other error, or when the
# wait is used up.
change_trigger() {
  local name=$1 pause=10 err
  attempts=1
  while ! err=$(az datafactory trigger "$verb" "${factory[@]}" --name "$name" -o none 2>&1); do
    if [[ "$verb" != start ]] || ! provisioning "$err" || ((StartWaitSeconds == 0)); then
      echo "$err" >&2
      fail "could not $verb trigger $name of data factory $DataFactoryName."
    fi
    if ((waited + pause > StartWaitSeconds)); then
      echo "$err" >&2
      fail "trigger $name of data factory $DataFactoryName still could not start after $attempts attempts over ${waited}s: its Event Grid subscription is still provisioning. Deploy again, or start it later with: az datafactory trigger start --resource-group $DataFactoryResourceGroup --factory-name $DataFactoryName --name $name"
    fi
    log "Trigger $name cannot start yet (its Event Grid subscription is provisioning); trying again in ${pause}s."
    sleep "$pause"
    waited=$((waited + pause))
    attempts=$((attempts + 1))
    pause=$((pause * 2 > 60 ? 60 : pause * 2))
  done
}

# Plan: one line per wanted trigger, "<todo|unchanged|missing>\t<name>" (the factory's spelling).
triggers=$(az datafactory trigger list "${factory[@]}" -o json) || fail "could not list the triggers of data factory $DataFactoryName."
plan=$(jq -r --argjson want "$triggers_json" --arg state "$wanted" '
  . as $all
  | $want[] as $n
  | first($all[] | select((.name | ascii_downcase) == ($n | ascii_downcase))) // null
  | if . == null then "missing\t\($n)"
    elif (.properties.runtimeState // "") == $state then "unchanged\t\(.name)"
    else "todo\t\(.name)" end' <<<"$triggers")
changed='' unchanged='' missing='' retried='' todo=()
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
waited=0
for name in "${todo[@]}"; do
  log "${verb^}ing trigger $name."
  change_trigger "$name"
  changed+="$name"$'\n'
  if ((attempts > 1)); then retried+="$name"$'\t'"$attempts"$'\n'; fi
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
  jq -n --arg changed "$changed" --arg unchanged "$unchanged" --arg missing "$missing" --arg retried "$retried" --arg runs "$runs" '
    def lines: split("\n") | map(select(. != ""));
    {
      changed: ($changed | lines),
      unchanged: ($unchanged | lines),
      missing: ($missing | lines),
      retried: ($retried | lines | map(split("\t") | {trigger: .[0], attempts: (.[1] | tonumber)})),
      pipelinesRun: ($runs | lines | map(split("\t") | {pipeline: .[0], runId: .[1]}))
    }' >"$AZ_SCRIPTS_OUTPUT_PATH"
fi
