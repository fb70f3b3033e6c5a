#!/bin/bash
# Removes what earlier hub deployments left behind: Data Factory triggers and pipelines that the current
# release no longer has (names matching the legacy patterns), and the temporary Event Grid namespace that
# registered the Microsoft.EventGrid resource provider.
#
# Runs as an AzureCLI deployment script (bash, az with its datafactory extension, jq) under the hub's
# _triggerManager identity. Triggers are stopped, then deleted; pipelines are deleted after them, those
# that run other doomed pipelines (Execute Pipeline) before the pipelines they run, because Data Factory
# refuses to delete an object something still references.
#
# Environment (set by the template):
#   DataFactorySubscriptionId, DataFactoryResourceGroup, DataFactoryName   the factory
#   LegacyTriggers, LegacyPipelines   regular expressions matched case-insensitively against whole names
#                                     (jq's Oniguruma syntax); empty: delete none
#   EventGridNamespaceId              resource ID of the namespace; empty: none
# Output ($AZ_SCRIPTS_OUTPUT_PATH): { deletedTriggers, deletedPipelines, eventGridNamespace }.
set -euo pipefail

fail() {
  echo "ERROR: $*" >&2
  exit 1
}
log() { echo "$*"; }

for v in DataFactoryResourceGroup DataFactoryName; do
  [[ -n "${!v:-}" ]] || fail "environment variable $v is not set; the template passes it to this script."
done
invalid=$(jq -nr --arg triggers "${LegacyTriggers:-}" --arg pipelines "${LegacyPipelines:-}" '
  def valid: . as $re | . == "" or (try ("" | test($re) | true) catch false);
  if $triggers | valid | not then "LegacyTriggers" elif $pipelines | valid | not then "LegacyPipelines" else "" end')
[[ -z "$invalid" ]] || fail "environment variable $invalid is not a valid regular expression: ${!invalid}"

factory=(--resource-group "$DataFactoryResourceGroup" --factory-name "$DataFactoryName" --only-show-errors)
if [[ -n "${DataFactorySubscriptionId:-}" ]]; then factory+=(--subscription "$DataFactorySubscriptionId"); fi

deleted_triggers='' deleted_pipelines=''
if [[ -n "${LegacyTriggers:-}${LegacyPipelines:-}" ]]; then
  # The datafactory commands come from an extension that the Azure CLI image does not include.
  az extension add --name datafactory --yes --only-show-errors -o none
fi

if [[ -n "${LegacyTriggers:-}" ]]; then
  triggers=$(az datafactory trigger list "${factory[@]}" -o json) || fail "could not list the triggers of data factory $DataFactoryName."
  matches=$(jq -r --arg re "$LegacyTriggers" '.[] | select(.name | test($re; "i")) | "\(.name)\t\(.properties.runtimeState // "")"' <<<"$triggers")
  while IFS=$'\t' read -r name state; do
    [[ -n "$name" ]] || continue
    if [[ "$state" != Stopped ]]; then
      log "Stopping trigger $name of an earlier release."
      az datafactory trigger stop "${factory[@]}" --name "$name" -o none ||
        fail "could not stop trigger $name of data factory $DataFactoryName."
    fi
    log "Deleting trigger $name of an earlier release."
    az datafactory trigger delete "${factory[@]}" --name "$name" --yes -o none ||
      fail "could not delete trigger $name of data factory $DataFactoryName."
    deleted_triggers+="$name"$'\n'
  done <<<"$matches"
fi

if [[ -n "${LegacyPipelines:-}" ]]; then
  # Deletion order: a pipeline no remaining doomed pipeline runs goes first.
  pipelines=$(az datafactory pipeline list "${factory[@]}" -o json) || fail "could not list the pipelines of data factory $DataFactoryName."
  order=$(jq -r --arg re "$LegacyPipelines" '
    def runs: [.. | objects | select(.type? == "ExecutePipeline")
      | (.typeProperties.pipeline.referenceName? // .pipeline.referenceName?) | strings | ascii_downcase];
    def order($left):
      if ($left | length) == 0 then []
      else [$left[] | .runs[]] as $used
        | [$left[] | select(.key | IN($used[]) | not)] as $free
        | if ($free | length) == 0 then [$left[].name]
          else [$free[].name] + order([$left[] | select(.key | IN($free[].key) | not)]) end
      end;
    order([.[] | select(.name | test($re; "i")) | (.name | ascii_downcase) as $key | {name, key: $key, runs: (runs - [$key])}])[]' <<<"$pipelines")
  while IFS= read -r name; do
    [[ -n "$name" ]] || continue
    log "Deleting pipeline $name of an earlier release."
    az datafactory pipeline delete "${factory[@]}" --name "$name" --yes -o none ||
      fail "could not delete pipeline $name of data factory $DataFactoryName."
    deleted_pipelines+="$name"$'\n'
  done <<<"$order"
fi

event_grid='none given'
if [[ -n "${EventGridNamespaceId:-}" ]]; then
  log "Deleting the temporary Event Grid namespace $EventGridNamespaceId."
  if err=$(az resource delete --ids "$EventGridNamespaceId" --only-show-errors -o none 2>&1); then
    event_grid=deleted
  else
    # The namespace only registered a resource provider: a failure to delete it must not fail the deployment.
    event_grid="not deleted: $err"
    log "WARNING: could not delete $EventGridNamespaceId ($err); delete it by hand."
  fi
fi

if [[ -n "${AZ_SCRIPTS_OUTPUT_PATH:-}" ]]; then
  jq -n --arg triggers "$deleted_triggers" --arg pipelines "$deleted_pipelines" --arg eventGrid "$event_grid" '
    def lines: split("\n") | map(select(. != ""));
    {deletedTriggers: ($triggers | lines), deletedPipelines: ($pipelines | lines), eventGridNamespace: $eventGrid}' >"$AZ_SCRIPTS_OUTPUT_PATH"
fi
