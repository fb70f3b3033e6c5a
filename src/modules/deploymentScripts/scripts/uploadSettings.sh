#!/bin/bash
# Writes config/settings.json and the parquet-conversion schema files of a FinOps hub.
#
# Runs as an AzureCLI deployment script (bash and coreutils, az, jq) under the hub's _blobManager identity. It merges,
# never replaces: an existing settings.json keeps its other keys and the scopes added to it by hand; the
# scopes of the deployment come first. A scope is removed only when an earlier deployment put it there
# and the current one no longer lists it (recorded in hubc/deployment.json beside settings.json).
# A settings.json that is not a JSON object fails the deployment and is left as it is.
#
# Environment (set by the template):
#   ftkVersion                  release written to settings.json `version`
#   scopes                      JSON array of the scope IDs of the deployment
#   exportContainer             container of the Cost Management exports (settings key retention.<it>)
#   exportRetentionInDays       } only in releases whose settings carry retention
#   ingestionRetentionInMonths  }
#   rawRetentionInDays          } only in releases with Data Explorer
#   finalRetentionInMonths      }
#   storageAccountName, containerName   where settings.json lives
#   schemaFiles                 JSON object: schema name -> file text, uploaded as schemas/<name>.json
# Output ($AZ_SCRIPTS_OUTPUT_PATH): what changed: scopes added, kept and removed, keys migrated, settings
# whose value changed, keys kept without being managed.
set -euo pipefail

SETTINGS_BLOB='settings.json'
STATE_BLOB='hubc/deployment.json'

fail() {
  echo "ERROR: $*" >&2
  exit 1
}
log() { echo "$*"; }

require() {
  local name=$1
  [[ -n "${!name:-}" ]] || fail "environment variable $name is not set; the template passes it to this script."
}
whole_number() {
  local name=$1
  [[ "${!name}" =~ ^[0-9]+$ ]] || fail "environment variable $name is '${!name}'; expected a whole number of days or months."
}

for v in ftkVersion storageAccountName containerName exportContainer; do require "$v"; done
[[ "$exportContainer" =~ ^[a-z0-9-]+$ ]] || fail "environment variable exportContainer is '$exportContainer'; expected a container name."
scopes_json=${scopes:-[]}
schema_json=${schemaFiles:-}
[[ -n "$schema_json" ]] || schema_json='{}'
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Files, not arguments: the schema files are tens of kilobytes, more than one argument may hold.
printf '%s' "$schema_json" >"$work/files.json"
invalid=$(jq -r --arg scopes "$scopes_json" '
  def list: type == "array" and all(.[]; type == "string");
  def texts: type == "object" and all(.[]; type == "string") and all(keys[]; test("^[A-Za-z0-9._()-]+$"));
  if (try ($scopes | fromjson | list) catch false) | not then "scopes"
  elif texts | not then "schemaFiles"
  else "" end' "$work/files.json" 2>/dev/null) || invalid=schemaFiles
case "$invalid" in
  scopes) fail "environment variable scopes is not a JSON array of scope IDs: $scopes_json" ;;
  schemaFiles) fail 'environment variable schemaFiles is not a JSON object of file texts named with letters, digits and ._()-' ;;
esac

# Retention values the deployment passes, as JSON ({} where this release has none).
retention=''
add_retention() {
  local var=$1 key=$2 field=$3
  if [[ -n "${!var+set}" ]]; then
    whole_number "$var"
    retention+="${retention:+,}\"$key\": {\"$field\": $((10#${!var}))}"
  fi
}
add_retention exportRetentionInDays "$exportContainer" days
add_retention ingestionRetentionInMonths ingestion months
add_retention rawRetentionInDays raw days
add_retention finalRetentionInMonths final months
retention="{$retention}"

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
download() {
  az storage blob download "${storage[@]}" --name "$1" --file "$2" -o none ||
    fail "could not read $1 from container $containerName of storage account $storageAccountName."
}
upload() {
  az storage blob upload "${storage[@]}" --name "$1" --file "$2" --content-type application/json --overwrite -o none ||
    fail "could not write $1 to container $containerName of storage account $storageAccountName."
}

# The current settings.json: missing and empty files start a new document; anything else must be a JSON object.
before=missing
current=null
if blob_exists "$SETTINGS_BLOB"; then
  download "$SETTINGS_BLOB" "$work/current.json"
  current=$(<"$work/current.json")
  if [[ -z "${current//[[:space:]]/}" ]]; then
    current=null
    before=empty
  else
    before=present
  fi
fi

# The scopes the previous deployment wrote (unknown before the first deployment that records them).
state_text=''
if blob_exists "$STATE_BLOB"; then
  download "$STATE_BLOB" "$work/state.json"
  state_text=$(<"$work/state.json")
fi

# jq's error message, on one line.
jq_error() {
  local text
  text=$(<"$work/merge.err")
  printf '%s' "${text//$'\n'/ }"
}

# Merge. Output lines: what happens to settings.json, the report (JSON), the new hubc/deployment.json
# (JSON), then the new settings.json (2-space JSON).
jq -r --arg version "$ftkVersion" --arg state_blob "$STATE_BLOB" --arg container "$exportContainer" --argjson deployed "$scopes_json" \
  --arg state "$state_text" --argjson retention "$retention" \
  --arg before "$before" '
def lc: ascii_downcase;
def fail($msg): error("settings.json: " + $msg);
# A scope entry; strings become {scope}; other values are kept as they are, after the scopes.
def entry: if type == "string" then {scope: .} else . end;
def scopeOf: if type == "object" and (.scope | type) == "string" then .scope else null end;
def asList($what):
  if . == null then [] elif type == "array" then . elif type == "object" or type == "string" then [.]
  else fail("\($what) is \(tojson); expected a list of scopes") end;
def object($what): if type == "object" then . else fail("\($what) is \(tojson); expected an object") end;
# Renames key $from to $to in place, merging into an existing $to (whose values win).
def rename($from; $to):
  if has($from) | not then .
  else ((.[$from] | object("retention.\($from)")) + ((.[$to] // {}) | object("retention.\($to)"))) as $merged
    | to_entries | map(select(.key != $to)) | map(if .key == $from then {key: $to, value: $merged} else . end) | from_entries
  end;
def leafPaths: [paths(type != "object" and type != "array" or length == 0)];
def pathText: map(tostring) | join(".");
# The layout of `jq .`: two-space indentation, members in order.
def pretty($indent):
  if type == "object" and length > 0 then
    "{\n" + ([to_entries[] | "\($indent)  \(.key | tojson): \(.value | pretty($indent + "  "))"] | join(",\n")) + "\n\($indent)}"
  elif type == "array" and length > 0 then
    "[\n" + (map("\($indent)  \(pretty($indent + "  "))") | join(",\n")) + "\n\($indent)]"
  else tojson end;
. as $cur
| (if $state == "" then null else try ($state | fromjson | .scopes | if type == "array" then . else null end) catch null end) as $previous
| (if $state != "" and $previous == null then "\($state_blob) is unreadable; no scope was removed from settings.json" else "" end) as $warning
| if $cur != null and ($cur | type) != "object" then error("the top level is \($cur | type), not an object") else . end
| (if $cur == null then
    {"$schema": "https://aka.ms/finops/hubs/settings-schema", type: "HubInstance", version: "", learnMore: "https://aka.ms/finops/hubs", scopes: []}
  else $cur end) as $doc
| ($doc.exportScopes | asList("exportScopes") | map(entry)) as $legacy
| ($doc.scopes | asList("scopes") | map(entry)) as $listed
# Existing entries, merged case-insensitively by scope ID (the first spelling wins; no other member is lost).
| (reduce (($listed + $legacy)[] | select(scopeOf != "")) as $e ({order: [], byKey: {}, other: []};
    ($e | scopeOf) as $s
    | if $s == null then .other += [$e]
      elif .byKey[$s | lc] then .byKey[$s | lc] = ($e + .byKey[$s | lc])
      else .order += [$s | lc] | .byKey[$s | lc] = $e end)) as $ex
| (reduce ($deployed[] | select(. != "")) as $d ([]; if any(.[]; lc == ($d | lc)) then . else . + [$d] end)) as $dep
| ($dep | map(lc)) as $depKeys
| (if $previous == null then null else $previous | map(select(type == "string") | lc) end) as $prevKeys
| [$ex.order[] | select(IN($depKeys[]) | not)] as $others
| [$others[] | select($prevKeys != null and IN($prevKeys[]?))] as $removed
| [$others[] | select(IN($removed[]) | not)] as $kept
| ($doc
  | del(.exportScopes)
  | .version = $version
  | .scopes = ([$dep[] | ($ex.byKey[lc] // {}) + {scope: .}] + [$kept[] | $ex.byKey[.]] + $ex.other)
  | if $container != "msexports" and ((.retention // {}) | object("retention") | has("msexports"))
    then .retention |= rename("msexports"; $container) else . end
  | reduce ($retention | to_entries[]) as $r (.;
      ((.retention // {}) | object("retention")) as $all
      | (($all[$r.key] // {}) | object("retention.\($r.key)")) as $one
      | .retention = ($all + {($r.key): ($one + $r.value)}))
  ) as $settings
| (if $before != "present" then "created" elif $cur == $settings then "unchanged" else "updated" end) as $action
| $action,
  ({
    settingsFile: $action,
    previousSettingsFile: $before,
    addedScopes: [$dep[] | select(lc as $k | $ex.byKey[$k] == null)],
    keptScopes: [$kept[] | $ex.byKey[.].scope],
    removedScopes: [$removed[] | $ex.byKey[.].scope],
    migratedKeys: [
      (if $doc | has("exportScopes") then "exportScopes -> scopes" else empty end),
      (if ($doc.scopes | type) == "object" or ($doc.scopes | type) == "string" then "scopes (single value -> list)" else empty end),
      (if $container != "msexports" and (($doc.retention // {}) | has("msexports")) then "retention.msexports -> retention.\($container)" else empty end)
    ],
    changedSettings: (if $cur == null then [] else
      [(($settings | leafPaths) + ($cur | leafPaths))[] | select(.[0] != "scopes" and .[0] != "exportScopes")
        | . as $p | select((try ($cur | getpath($p)) catch null) != (try ($settings | getpath($p)) catch null)) | pathText]
      | unique end),
    unknownKeys: [$doc | keys_unsorted[] | select(IN("$schema", "type", "version", "learnMore", "scopes", "retention", "exportScopes") | not)],
    warnings: [$warning | select(. != "")]
  } | tojson),
  ({scopes: $dep} | tojson),
  ($settings | pretty(""))
' <<<"$current" >"$work/merge.out" 2>"$work/merge.err" ||
  fail "$SETTINGS_BLOB in container $containerName of storage account $storageAccountName is not a valid settings file ($(jq_error)). Nothing was changed: fix or delete the file, then deploy again."
{
  read -r action
  read -r report
  read -r state
  cat >"$work/settings.json"
} <"$work/merge.out"

if [[ "$action" != unchanged ]]; then
  upload "$SETTINGS_BLOB" "$work/settings.json"
fi
log "settings.json: $action ($before before)."
jq -r '
  (.addedScopes[] | "  scope added: \(.)"),
  (.keptScopes[] | "  scope kept (not in the deployment, added to settings.json by hand): \(.)"),
  (.removedScopes[] | "  scope removed (an earlier deployment added it, this one does not list it): \(.)"),
  (.migratedKeys[] | "  migrated: \(.)"),
  (.changedSettings[] | "  value set by the deployment: \(.)"),
  (.unknownKeys[] | "  kept as it was: \(.)"),
  (.warnings[] | "  WARNING: \(.)")' <<<"$report"

# Record the scopes of this deployment, so that the next one can tell them from scopes added by hand.
printf '%s\n' "$state" >"$work/state.json"
upload "$STATE_BLOB" "$work/state.json"

# Schema files: owned by the deployment, always written. One line per file, "<name>\t<text in base64>".
while IFS=$'\t' read -r name text; do
  [[ -n "$name" ]] || continue
  printf '%s' "$text" | base64 -d >"$work/schema.json"
  upload "schemas/$name.json" "$work/schema.json"
  log "schemas/$name.json written."
done < <(jq -r 'to_entries[] | "\(.key)\t\(.value | @base64)"' "$work/files.json")

if [[ -n "${AZ_SCRIPTS_OUTPUT_PATH:-}" ]]; then
  printf '%s\n' "$report" >"$AZ_SCRIPTS_OUTPUT_PATH"
fi
