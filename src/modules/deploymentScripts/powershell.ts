/**
 * PowerShell run by the template's deployment scripts (Microsoft.Resources/deploymentScripts, kind
 * AzurePowerShell). Inputs arrive as environment variables; lists and objects as JSON text.
 */

/**
 * Writes `config/settings.json` and the schema files. Keeps an existing settings file's other content,
 * drops legacy keys (`exportScopes`, `retention.msexports`) that the deployment's values replace, then sets version,
 * scopes and retention from the deployment.
 * Env: ftkVersion, scopes (JSON array of scope ids), exportContainer, exportRetentionInDays,
 * ingestionRetentionInMonths, rawRetentionInDays, finalRetentionInMonths, storageAccountName,
 * containerName, schemaFiles (JSON object: name -> file text).
 */
export const UPLOAD_SETTINGS_PS1 = `$ErrorActionPreference = 'Stop'
$ctx = New-AzStorageContext -StorageAccountName $env:storageAccountName -UseConnectedAccount
$file = Join-Path ([System.IO.Path]::GetTempPath()) 'settings.json'
$blob = Get-AzStorageBlob -Container $env:containerName -Blob 'settings.json' -Context $ctx -ErrorAction SilentlyContinue
if ($blob) {
  Get-AzStorageBlobContent -CloudBlob $blob.ICloudBlob -Destination $file -Context $ctx -Force | Out-Null
  $settings = Get-Content $file -Raw | ConvertFrom-Json -AsHashtable
} else {
  $settings = [ordered]@{
    '$schema' = 'https://aka.ms/finops/hubs/settings-schema'
    type = 'HubInstance'
    version = ''
    learnMore = 'https://aka.ms/finops/hubs'
    scopes = @()
    retention = [ordered]@{}
  }
}
if ($settings.Contains('exportScopes')) { $settings.Remove('exportScopes') }
if (-not $settings.Contains('retention') -or $null -eq $settings.retention) { $settings.retention = [ordered]@{} }
if ($settings.retention.Contains('msexports') -and $env:exportContainer -ne 'msexports') { $settings.retention.Remove('msexports') }
$settings.version = $env:ftkVersion
$settings.scopes = @(($env:scopes | ConvertFrom-Json) | Where-Object { $_ } | ForEach-Object { [ordered]@{ scope = $_ } })
$settings.retention[$env:exportContainer] = [ordered]@{ days = [int]$env:exportRetentionInDays }
$settings.retention.ingestion = [ordered]@{ months = [int]$env:ingestionRetentionInMonths }
$settings.retention.raw = [ordered]@{ days = [int]$env:rawRetentionInDays }
$settings.retention.final = [ordered]@{ months = [int]$env:finalRetentionInMonths }
ConvertTo-Json $settings -Depth 10 | Out-File $file -Encoding utf8
Set-AzStorageBlobContent -File $file -Container $env:containerName -Blob 'settings.json' -Context $ctx -Properties @{ ContentType = 'application/json' } -Force | Out-Null
$schemas = $env:schemaFiles | ConvertFrom-Json -AsHashtable
foreach ($name in $schemas.Keys) {
  $path = Join-Path ([System.IO.Path]::GetTempPath()) "$name.json"
  [System.IO.File]::WriteAllText($path, $schemas[$name])
  Set-AzStorageBlobContent -File $path -Container $env:containerName -Blob "schemas/$name.json" -Context $ctx -Properties @{ ContentType = 'application/json' } -Force | Out-Null
}
`;

/**
 * Stops (Stop = 'true') or starts the listed Data Factory triggers; after starting, runs the listed
 * pipelines once. Triggers or pipelines that do not exist (conditional ones) are skipped.
 * Env: DataFactoryResourceGroup, DataFactoryName, Triggers and Pipelines (JSON arrays), Stop.
 */
export const START_TRIGGERS_PS1 = `$ErrorActionPreference = 'Stop'
$rg = $env:DataFactoryResourceGroup
$factory = $env:DataFactoryName
$existingTriggers = @(Get-AzDataFactoryV2Trigger -ResourceGroupName $rg -DataFactoryName $factory | ForEach-Object { $_.Name })
$triggers = @($env:Triggers | ConvertFrom-Json) | Where-Object { $existingTriggers -contains $_ }
if ($env:Stop -eq 'true') {
  foreach ($t in $triggers) {
    Write-Output "Stopping trigger $t"
    Stop-AzDataFactoryV2Trigger -ResourceGroupName $rg -DataFactoryName $factory -Name $t -Force -ErrorAction SilentlyContinue | Out-Null
  }
  Start-Sleep -Seconds 10
} else {
  Start-Sleep -Seconds 10
  foreach ($t in $triggers) {
    Write-Output "Starting trigger $t"
    Start-AzDataFactoryV2Trigger -ResourceGroupName $rg -DataFactoryName $factory -Name $t -Force | Out-Null
  }
  $existingPipelines = @(Get-AzDataFactoryV2Pipeline -ResourceGroupName $rg -DataFactoryName $factory | ForEach-Object { $_.Name })
  foreach ($p in @($env:Pipelines | ConvertFrom-Json) | Where-Object { $existingPipelines -contains $_ }) {
    Write-Output "Running pipeline $p"
    Invoke-AzDataFactoryV2Pipeline -ResourceGroupName $rg -DataFactoryName $factory -PipelineName $p | Out-Null
  }
}
`;

/**
 * Removes what earlier hub deployments left behind: triggers and pipelines whose names match the
 * legacy patterns (stopped first), and the temporary Event Grid namespace that registered the
 * Microsoft.EventGrid provider.
 * Env: DataFactoryResourceGroup, DataFactoryName, LegacyTriggers, LegacyPipelines (regular
 * expressions), EventGridNamespaceId.
 */
export const DELETE_OLD_RESOURCES_PS1 = `$ErrorActionPreference = 'Stop'
$rg = $env:DataFactoryResourceGroup
$factory = $env:DataFactoryName
Get-AzDataFactoryV2Trigger -ResourceGroupName $rg -DataFactoryName $factory |
  Where-Object { $_.Name -match $env:LegacyTriggers } |
  ForEach-Object {
    Write-Output "Removing trigger $($_.Name)"
    Stop-AzDataFactoryV2Trigger -ResourceGroupName $rg -DataFactoryName $factory -Name $_.Name -Force -ErrorAction SilentlyContinue | Out-Null
    Remove-AzDataFactoryV2Trigger -ResourceGroupName $rg -DataFactoryName $factory -Name $_.Name -Force | Out-Null
  }
Get-AzDataFactoryV2Pipeline -ResourceGroupName $rg -DataFactoryName $factory |
  Where-Object { $_.Name -match $env:LegacyPipelines } |
  ForEach-Object {
    Write-Output "Removing pipeline $($_.Name)"
    Remove-AzDataFactoryV2Pipeline -ResourceGroupName $rg -DataFactoryName $factory -Name $_.Name -Force | Out-Null
  }
if ($env:EventGridNamespaceId) {
  Write-Output "Removing temporary Event Grid namespace $env:EventGridNamespaceId"
  Remove-AzResource -ResourceId $env:EventGridNamespaceId -Force -ErrorAction SilentlyContinue | Out-Null
}
`;
