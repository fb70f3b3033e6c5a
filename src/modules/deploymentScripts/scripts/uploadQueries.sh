#!/bin/bash
# Writes the query files of a FinOps hub's recommendations into config/queries/.
#
# Runs as an AzureCLI deployment script (bash and coreutils, az, jq) under the hub's _blobManager identity. The
# files the deployment passes are written (replacing earlier versions). A file an earlier deployment wrote
# and this one no longer passes (an optional group switched off) is deleted; files nobody recorded (query files
# a hub owner added) are never touched. What was written is recorded in hubc/queries.json beside them.
#
# Environment (set by the template):
#   storageAccountName, containerName   where the files go (the config container)
#   folder                              folder of the query files in the container (queries)
#   queryFiles                          JSON object: file name without .json -> file text
# Output ($AZ_SCRIPTS_OUTPUT_PATH): { written: [...], deleted: [...] } (file names without .json).
set -euo pipefail

STATE_BLOB='hubc/queries.json'

fail() {
  echo "ERROR: $*" >&2
  exit 1
}
log() { echo "$*"; }

for v in storageAccountName containerName folder; do
  [[ -n "${!v:-}" ]] || fail "environment variable $v is not set; the template passes it to this script."
done
[[ "$folder" =~ ^[A-Za-z0-9._-]+$ ]] || fail "environment variable folder is '$folder'; expected one folder name."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A file, not an argument: the query files are tens of kilobytes.
printf '%s' "${queryFiles:-}" >"$work/files.json"
[[ -s "$work/files.json" ]] || printf '{}' >"$work/files.json"
valid=$(jq -r 'if type == "object" and all(.[]; type == "string") and all(keys[]; test("^[A-Za-z0-9._()-]+$")) then "yes" else "no" end' "$work/files.json" 2>/dev/null) || valid=no
[[ "$valid" == yes ]] || fail 'environment variable queryFiles is not a JSON object of file texts named with letters, digits and ._()-'

storage=(--account-name "$storageAccountName" --container-name "$containerName" --auth-mode login --only-show-errors)

# True when the blob exists. A failed check fails the script: it must never pass for a missing file.
blob_exists() {
  local answer
  answer=$(az storage blob exists "${storage[@]}" --name "$1" -o json) ||
    fail "could not check for $1 in container $containerName of storage account $storageAccountName."
  if [[ "$answer" =~ \"exists\":[[:space:]]*true ]]; then return 0; fi
  [[ "$answer" =~ \"exists\":[[:space:]]*false ]] ||
    fail "unexpected answer checking for $1 in container $containerName of storage account $storageAccountName: $answer"
  return 1
}

# The names the previous deployment wrote (none when unrecorded or unreadable: nothing is deleted then).
previous='[]'
if blob_exists "$STATE_BLOB"; then
  az storage blob download "${storage[@]}" --name "$STATE_BLOB" --file "$work/state.json" -o none ||
    fail "could not read $STATE_BLOB from container $containerName of storage account $storageAccountName."
  previous=$(jq -c '.files // [] | map(select(type == "string" and test("^[A-Za-z0-9._()-]+$")))' "$work/state.json" 2>/dev/null) || {
    log "WARNING: $STATE_BLOB is unreadable; no query file is deleted."
    previous='[]'
  }
fi

# Write first, record, then delete: a deployment stopped half-way leaves every file it had written recorded.
while IFS=$'\t' read -r name text; do
  [[ -n "$name" ]] || continue
  printf '%s' "$text" | base64 -d >"$work/query.json"
  az storage blob upload "${storage[@]}" --name "$folder/$name.json" --file "$work/query.json" --content-type application/json --overwrite -o none ||
    fail "could not write $folder/$name.json to container $containerName of storage account $storageAccountName."
  log "$folder/$name.json written."
done < <(jq -r 'to_entries[] | "\(.key)\t\(.value | @base64)"' "$work/files.json")

current=$(jq -c 'keys' "$work/files.json")
stale=$(jq -nr --argjson previous "$previous" --argjson current "$current" '$previous - $current | .[]')
# The record keeps the stale names until they are deleted, so a retry deletes what this run could not.
jq -n --argjson current "$current" --argjson previous "$previous" '{files: ($current + $previous | unique)}' >"$work/state.json"
az storage blob upload "${storage[@]}" --name "$STATE_BLOB" --file "$work/state.json" --content-type application/json --overwrite -o none ||
  fail "could not write $STATE_BLOB to container $containerName of storage account $storageAccountName."

while IFS= read -r name; do
  [[ -n "$name" ]] || continue
  if blob_exists "$folder/$name.json"; then
    az storage blob delete "${storage[@]}" --name "$folder/$name.json" -o none ||
      fail "could not delete $folder/$name.json from container $containerName of storage account $storageAccountName."
    log "$folder/$name.json deleted (an earlier deployment wrote it; this one does not)."
  fi
done <<<"$stale"
jq -n --argjson current "$current" '{files: $current}' >"$work/state.json"
az storage blob upload "${storage[@]}" --name "$STATE_BLOB" --file "$work/state.json" --content-type application/json --overwrite -o none ||
  fail "could not write $STATE_BLOB to container $containerName of storage account $storageAccountName."

if [[ -n "${AZ_SCRIPTS_OUTPUT_PATH:-}" ]]; then
  jq -n --argjson current "$current" --argjson previous "$previous" '
    {written: $current, deleted: ($previous - $current)}' >"$AZ_SCRIPTS_OUTPUT_PATH"
fi
