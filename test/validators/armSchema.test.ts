/**
 * ARM schema validator (src/validators/armSchema.ts) against the official ARM JSON schemas, found like all
 * shared test data (test/support/sharedData.ts: HUBC_SHARED_DIR, ../shared, else downloaded into hubc's
 * cache). A small hand-built template (user-assigned identity, storage
 * account with a nested blob service, a container with a literal child name, a Data Factory with a
 * pipeline whose variable is typed Boolean and a trigger, a Kusto cluster with a ReadWrite database without
 * properties, and a nested deployment holding a storage account) must validate cleanly; broken copies
 * must give one precise issue each.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARM_SCHEMA_GAPS, armSchemaDiagnostics, loadArmSchemaValidator, type ArmSchemaIssue, type ArmSchemaValidator } from '../../src/validators/armSchema.js';
import { EnvironmentError } from '../../src/diagnostics/diagnostic.js';
import { SchemaFolder, planSchemas, resourceNeedsOf } from '../../src/validators/armSchema/needs.js';
import { candidatesFor } from '../../src/validators/armSchema/download.js';
import { sharedArmSchemas } from '../support/sharedData.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Templates written to disk by the repository (dist-templates, golden fixtures). */
function templatesOnDisk(): { file: string; template: unknown }[] {
  const out: { file: string; template: unknown }[] = [];
  for (const base of ['dist-templates', 'test/fixtures']) {
    const dir = join(ROOT, base);
    if (!existsSync(dir)) continue;
    for (const release of readdirSync(dir)) {
      for (const rel of ['azuredeploy.json', 'expected/azuredeploy.json']) {
        const file = join(dir, release, rel);
        if (existsSync(file)) out.push({ file, template: JSON.parse(readFileSync(file, 'utf8')) });
      }
    }
  }
  return out;
}

const LOCATION = "[parameters('location')]";

/** Indexes of the resources in `template()`. */
const R = { identity: 0, storage: 1, container: 2, factory: 3, pipeline: 4, trigger: 5, cluster: 6, database: 7, nested: 8 } as const;

/** A fresh copy of the valid hand-built template. */
function template(): any {
  return {
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    parameters: {
      location: { type: 'string', defaultValue: '[resourceGroup().location]' },
      tags: { type: 'object', defaultValue: {} },
      skuName: { type: 'String', allowedValues: ['Standard_LRS', 'Premium_ZRS'], defaultValue: 'Premium_ZRS' },
    },
    variables: { storageName: "[format('hub{0}', uniqueString(resourceGroup().id))]" },
    resources: [
      { type: 'Microsoft.ManagedIdentity/userAssignedIdentities', apiVersion: '2023-01-31', name: 'hub_blobManager', location: LOCATION, tags: "[parameters('tags')]" },
      {
        type: 'Microsoft.Storage/storageAccounts',
        apiVersion: '2022-09-01',
        name: "[variables('storageName')]",
        location: LOCATION,
        sku: { name: "[parameters('skuName')]" },
        kind: 'BlockBlobStorage',
        properties: { supportsHttpsTrafficOnly: true, isHnsEnabled: true, minimumTlsVersion: 'TLS1_2', allowBlobPublicAccess: false },
        resources: [
          {
            type: 'blobServices',
            apiVersion: '2022-09-01',
            name: 'default',
            dependsOn: ["[resourceId('Microsoft.Storage/storageAccounts', variables('storageName'))]"],
            properties: { deleteRetentionPolicy: { enabled: true, days: 7 } },
          },
        ],
      },
      { type: 'Microsoft.Storage/storageAccounts/blobServices/containers', apiVersion: '2022-09-01', name: 'hubstore/default/msexports', properties: { publicAccess: 'None' } },
      { type: 'Microsoft.DataFactory/factories', apiVersion: '2018-06-01', name: 'hub-engine', location: LOCATION, identity: { type: 'SystemAssigned' }, properties: {} },
      {
        type: 'Microsoft.DataFactory/factories/pipelines',
        apiVersion: '2018-06-01',
        name: 'hub-engine/msexports_ExecuteETL',
        properties: {
          concurrency: 1,
          parameters: { folderPath: { type: 'string' } },
          variables: { done: { type: 'Boolean', defaultValue: false }, files: { type: 'Array' } },
          activities: [
            { name: 'Set done', type: 'SetVariable', typeProperties: { variableName: 'done', value: true } },
            {
              name: 'For each file',
              type: 'ForEach',
              dependsOn: [{ activity: 'Set done', dependencyConditions: ['Succeeded'] }],
              typeProperties: {
                items: { value: "@variables('files')", type: 'Expression' },
                isSequential: false,
                activities: [{ name: 'Wait', type: 'Wait', typeProperties: { waitTimeInSeconds: 1 } }],
              },
            },
          ],
        },
      },
      {
        type: 'Microsoft.DataFactory/factories/triggers',
        apiVersion: '2018-06-01',
        name: 'hub-engine/daily',
        properties: {
          type: 'ScheduleTrigger',
          pipelines: [{ pipelineReference: { referenceName: 'msexports_ExecuteETL', type: 'PipelineReference' } }],
          typeProperties: { recurrence: { frequency: 'Day', interval: 1, startTime: '2023-01-01T03:30:00', timeZone: 'UTC' } },
        },
      },
      {
        type: 'Microsoft.Kusto/clusters',
        apiVersion: '2023-08-15',
        name: 'hubadx',
        location: LOCATION,
        sku: { name: 'Standard_E2ads_v5', tier: 'Standard', capacity: 2 },
        properties: { enableStreamingIngest: true },
      },
      { type: 'Microsoft.Kusto/clusters/databases', apiVersion: '2023-08-15', name: 'hubadx/Ingestion', location: LOCATION, kind: 'ReadWrite' },
      {
        type: 'Microsoft.Resources/deployments',
        apiVersion: '2022-09-01',
        name: 'nestedStorage',
        properties: {
          mode: 'Incremental',
          expressionEvaluationOptions: { scope: 'inner' },
          parameters: { location: { value: LOCATION } },
          template: {
            $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
            contentVersion: '1.0.0.0',
            parameters: { location: { type: 'string' } },
            resources: [
              {
                type: 'Microsoft.Storage/storageAccounts',
                apiVersion: '2023-01-01',
                name: 'hubinner',
                location: "[parameters('location')]",
                sku: { name: 'Standard_LRS' },
                kind: 'StorageV2',
                properties: {},
              },
            ],
            outputs: { id: { type: 'string', value: "[resourceId('Microsoft.Storage/storageAccounts', 'hubinner')]" } },
          },
        },
      },
    ],
    outputs: { storageName: { type: 'string', value: "[variables('storageName')]" } },
  };
}

const ON_DISK = templatesOnDisk();
/** The schema folder (awaited before each test, so a missing one fails the tests, not the run). */
const schemas = sharedArmSchemas([template(), ...ON_DISK.map((t) => t.template)]);
schemas.catch(() => undefined);
let schemasDir = '';
let validator: ArmSchemaValidator;
test.before.each(async () => {
  schemasDir = await schemas;
  validator = loadArmSchemaValidator(schemasDir);
});

/** Issues of a template after `change`, as `pointer message` lines. */
function issuesAfter(change: (t: any) => void): ArmSchemaIssue[] {
  const t = template();
  change(t);
  return validator.validateTemplate(t);
}

const lines = (issues: ArmSchemaIssue[]) => issues.map((i) => `${i.pointer} ${i.message}`);

test('the valid template gives no issues, and only the two known gaps are tolerated', () => {
  assert.equal(lines(validator.validateTemplate(template())), []);
  const all = validator.validateTemplateAll(template());
  assert.equal(
    all.map((i) => [i.pointer, i.allowedByGap, i.resourceType, i.resourceName]),
    [
      [
        `/resources/${R.pipeline}/properties/variables/done/type`,
        'adf-pipeline-variable-boolean-integer',
        'Microsoft.DataFactory/factories/pipelines',
        'hub-engine/msexports_ExecuteETL',
      ],
      [`/resources/${R.database}`, 'kusto-readwrite-database-without-properties', 'Microsoft.Kusto/clusters/databases', 'hubadx/Ingestion'],
    ],
  );
  assert.equal(all[1].message, "must have required property 'properties'");
  assert.equal(ARM_SCHEMA_GAPS.map((g) => g.id).sort(), ['adf-pipeline-variable-boolean-integer', 'kusto-readwrite-database-without-properties']);
});

test('wrong storage kind is reported at /kind with the allowed values', () => {
  const issues = issuesAfter((t) => (t.resources[R.storage].kind = 'StorageV3'));
  assert.equal(issues.length, 1, lines(issues).join('\n'));
  assert.equal(issues[0].pointer, `/resources/${R.storage}/kind`);
  assert.match(issues[0].message, /"StorageV3" is not one of: Storage, StorageV2, BlobStorage, FileStorage, BlockBlobStorage/);
  assert.equal(issues[0].resourceType, 'Microsoft.Storage/storageAccounts');
  assert.equal(issues[0].resourceName, "[variables('storageName')]");
});

test('enum, boolean and range errors point at the property', () => {
  const issues = issuesAfter((t) => {
    t.resources[R.storage].properties.minimumTlsVersion = 'TLS9';
    t.resources[R.storage].properties.supportsHttpsTrafficOnly = 'yes';
    t.resources[R.pipeline].properties.concurrency = 0;
  });
  assert.equal(lines(issues), [
    `/resources/${R.storage}/properties/minimumTlsVersion "TLS9" is not one of: TLS1_0, TLS1_1, TLS1_2`,
    `/resources/${R.storage}/properties/supportsHttpsTrafficOnly must be boolean, got "yes"`,
    `/resources/${R.pipeline}/properties/concurrency must be >= 1, got 0`,
  ]);
});

test('an apiVersion without a local schema is reported', () => {
  const issues = issuesAfter((t) => (t.resources[R.storage].apiVersion = '2023-02-02'));
  assert.equal(issues.length, 1);
  assert.equal(issues[0].pointer, `/resources/${R.storage}/apiVersion`);
  assert.match(issues[0].message, /^no schema for Microsoft\.Storage\/storageAccounts@2023-02-02 \(local schemas: [-0-9, ]*2022-09-01, 2023-01-01[-0-9, ]*\)$/);
  const unknownType = issuesAfter((t) => (t.resources[R.identity].type = 'Microsoft.Nope/things'));
  assert.equal(lines(unknownType), [`/resources/${R.identity}/apiVersion no schema for Microsoft.Nope/things@2023-01-31 (no local schema for this type)`]);
});

test('an unknown activity type gives one line naming the allowed types; nested activities too', () => {
  const issues = issuesAfter((t) => (t.resources[R.pipeline].properties.activities[0].type = 'NoSuchActivity'));
  assert.equal(issues.length, 1, lines(issues).join('\n'));
  assert.equal(issues[0].pointer, `/resources/${R.pipeline}/properties/activities/0/type`);
  assert.match(issues[0].message, /^"NoSuchActivity" is not one of: AppendVariable, .*\(28 more\)$/);
  const inner = issuesAfter((t) => {
    const forEach = t.resources[R.pipeline].properties.activities[1];
    forEach.typeProperties.activities[0].type = 'Waitt';
    delete forEach.typeProperties.items;
    delete forEach.name;
  });
  assert.equal(
    lines(inner).map((l) => l.replace(/ is not one of: .*/, ' is not one of ...')),
    [
      `/resources/${R.pipeline}/properties/activities/1 must have required property 'name'`,
      `/resources/${R.pipeline}/properties/activities/1/typeProperties must have required property 'items'`,
      `/resources/${R.pipeline}/properties/activities/1/typeProperties/activities/0/type "Waitt" is not one of ...`,
    ],
  );
});

test('trigger type, recurrence enum and Kusto database kind are dispatched to their alternative', () => {
  const issues = issuesAfter((t) => {
    t.resources[R.trigger].properties.typeProperties.recurrence.frequency = 'Dayy';
    t.resources[R.database].kind = 'ReadWrit';
  });
  assert.equal(lines(issues), [
    `/resources/${R.trigger}/properties/typeProperties/recurrence/frequency "Dayy" is not one of: NotSpecified, Minute, Hour, Day, Week, Month, Year`,
    `/resources/${R.database}/kind "ReadWrit" is not one of: ReadOnlyFollowing, ReadWrite`,
  ]);
  const trigger = issuesAfter((t) => (t.resources[R.trigger].properties.type = 'ScheduleTriger'));
  assert.equal(trigger.length, 1);
  assert.equal(trigger[0].pointer, `/resources/${R.trigger}/properties/type`);
  assert.match(trigger[0].message, /^"ScheduleTriger" is not one of: .*ScheduleTrigger/);
});

test('a resource without name is reported once, at the resource', () => {
  const issues = issuesAfter((t) => delete t.resources[R.identity].name);
  assert.equal(lines(issues), [`/resources/${R.identity} must have required property 'name'`]);
  assert.equal(issues[0].resourceName, undefined);
});

test('ARM expressions are accepted in object, number, enum, boolean and length-limited positions', () => {
  const issues = issuesAfter((t) => {
    const sa = t.resources[R.storage];
    sa.sku = "[parameters('sku')]";
    sa.kind = "[parameters('kind')]";
    sa.properties.supportsHttpsTrafficOnly = "[equals(parameters('x'), 'y')]";
    sa.properties.networkAcls = "[if(parameters('private'), createObject('defaultAction', 'Deny'), null())]";
    sa.name = "[format('{0}{1}', 'averyveryverylongprefix', uniqueString(resourceGroup().id))]";
    t.resources[R.pipeline].properties.concurrency = "[parameters('concurrency')]";
    t.resources[R.pipeline].properties.activities = "[variables('activities')]";
    t.resources[R.cluster].sku.capacity = "[parameters('capacity')]";
  });
  assert.equal(lines(issues), []);
  // the same positions with wrong literals are errors, so the expression branch is what made them pass
  const wrong = issuesAfter((t) => {
    t.resources[R.storage].sku = 'Standard_LRS';
    t.resources[R.cluster].sku.capacity = 'two';
  });
  assert.equal(lines(wrong), [`/resources/${R.storage}/sku must be object, got "Standard_LRS"`, `/resources/${R.cluster}/sku/capacity must be integer, got "two"`]);
});

test('enums compare case-insensitively', () => {
  const issues = issuesAfter((t) => {
    t.resources[R.storage].kind = 'blockblobstorage';
    t.resources[R.storage].properties.minimumTlsVersion = 'tls1_2';
    t.resources[R.pipeline].properties.parameters.folderPath.type = 'STRING';
    t.resources[R.trigger].properties.type = 'scheduletrigger';
    t.resources[R.trigger].properties.typeProperties.recurrence.frequency = 'day';
    t.resources[R.nested].properties.expressionEvaluationOptions.scope = 'Inner';
    t.resources[R.database].kind = 'readwrite';
  });
  assert.equal(lines(issues), []);
});

test('nested deployment templates are validated, envelope and resources', () => {
  const issues = issuesAfter((t) => {
    const inner = t.resources[R.nested].properties.template;
    inner.contentVersion = '1.0';
    inner.resources[0].kind = 'StorageV3';
    inner.parameters.location.type = 'text';
  });
  const base = `/resources/${R.nested}/properties/template`;
  assert.equal(
    issues.map((i) => [i.pointer, i.resourceType]),
    [
      [`${base}/contentVersion`, undefined],
      [`${base}/parameters/location/type`, undefined],
      [`${base}/resources/0/kind`, 'Microsoft.Storage/storageAccounts'],
    ],
  );
  assert.match(issues[0].message, /must match pattern/);
  assert.match(issues[1].message, /^"text" is not one of: string, securestring, int, bool, object, secureObject, array$/);
});

test('the template envelope is validated', () => {
  const issues = issuesAfter((t) => {
    delete t.contentVersion;
    t.outputs.storageName.type = 'strin';
    t.languageVersionX = '2.0';
  });
  assert.equal(lines(issues), [
    " must have required property 'contentVersion'",
    "/languageVersionX property 'languageVersionX' is not allowed here",
    '/outputs/storageName/type "strin" is not one of: string, securestring, int, bool, object, secureObject, array',
  ]);
});

test('child resources nested in a parent are validated with the full type', () => {
  const issues = issuesAfter((t) => (t.resources[R.storage].resources[0].properties.deleteRetentionPolicy.days = 0));
  assert.equal(lines(issues), [`/resources/${R.storage}/resources/0/properties/deleteRetentionPolicy/days must be >= 1, got 0`]);
  assert.equal(issues[0].resourceType, 'Microsoft.Storage/storageAccounts/blobServices');
  const badName = issuesAfter((t) => (t.resources[R.container].name = 'hubstore/default/MS_Exports'));
  assert.equal(badName.length, 0, 'container names have no pattern in the 2022-09-01 schema');
  const longName = issuesAfter((t) => (t.resources[R.container].name = `hubstore/default/${'x'.repeat(64)}`));
  assert.equal(lines(longName), [`/resources/${R.container}/name must NOT have more than 63 characters, got "${'x'.repeat(57)}..."`]);
});

test('the gap allow-list tolerates exactly the known gaps', () => {
  const boolType = issuesAfter((t) => (t.resources[R.pipeline].properties.variables.done.type = 'Integer'));
  assert.equal(boolType, []);
  const typo = issuesAfter((t) => (t.resources[R.pipeline].properties.variables.done.type = 'Boolen'));
  assert.equal(lines(typo), [`/resources/${R.pipeline}/properties/variables/done/type "Boolen" is not one of: String, Bool, Array`]);
  const following = issuesAfter((t) => (t.resources[R.database].kind = 'ReadOnlyFollowing'));
  assert.equal(lines(following), [`/resources/${R.database} must have required property 'properties'`]);
  const parameterBoolean = issuesAfter((t) => (t.resources[R.pipeline].properties.parameters.folderPath.type = 'Boolean'));
  assert.equal(parameterBoolean.length, 1, 'Boolean is tolerated for variables only, not for parameters');
});

test('validateResource works on a single resource with pointers relative to it', () => {
  const r = template().resources[R.storage];
  r.kind = 'StorageV3';
  r.resources[0].properties.deleteRetentionPolicy.days = 400;
  assert.equal(lines(validator.validateResource(r)), [
    '/kind "StorageV3" is not one of: Storage, StorageV2, BlobStorage, FileStorage, BlockBlobStorage',
    '/resources/0/properties/deleteRetentionPolicy/days must be <= 365, got 400',
  ]);
  assert.equal(lines(validator.validateResource(template().resources[R.database])), []);
  assert.equal(lines(validator.validateResource('nope')), [' a resource must be a JSON object, got "nope"']);
});

test('armSchemaDiagnostics gives HUB301 errors with the pointer and resource in path', () => {
  const t = template();
  t.resources[R.storage].kind = 'StorageV3';
  delete t.contentVersion;
  const diags = armSchemaDiagnostics(validator.validateTemplateAll(t), 'azuredeploy.json');
  assert.equal(diags, [
    { code: 'HUB301', severity: 'error', message: "template: must have required property 'contentVersion'", file: 'azuredeploy.json', path: '/' },
    {
      code: 'HUB301',
      severity: 'error',
      message: 'Microsoft.Storage/storageAccounts: "StorageV3" is not one of: Storage, StorageV2, BlobStorage, FileStorage, BlockBlobStorage',
      file: 'azuredeploy.json',
      path: `/resources/${R.storage}/kind (resource Microsoft.Storage/storageAccounts '[variables('storageName')]')`,
      hint: 'Compare with the ARM template reference: https://learn.microsoft.com/azure/templates/microsoft.storage/storageaccounts',
    },
  ]);
});

test('the validator is cached per folder and loaded again when the folder gains a file; a bad file gives HUB003', () => {
  assert.is(loadArmSchemaValidator(schemasDir), validator);
  const dir = mkdtempSync(join(tmpdir(), 'hubc-arm-small-'));
  const copy = (rel: string) => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    copyFileSync(join(schemasDir, rel), join(dir, rel));
  };
  try {
    copy('schemas/2019-04-01/deploymentTemplate.json');
    copy('schemas/common/definitions.json');
    const identity = template().resources[R.identity];
    const small = loadArmSchemaValidator(dir);
    assert.equal(lines(small.validateResource(identity)), [
      '/apiVersion no schema for Microsoft.ManagedIdentity/userAssignedIdentities@2023-01-31 (no local schema for this type)',
    ]);
    copy('schemas/2023-01-31/Microsoft.ManagedIdentity.json');
    const grown = loadArmSchemaValidator(dir);
    assert.is.not(grown, small);
    assert.equal(lines(grown.validateResource(identity)), []);
    assert.is(loadArmSchemaValidator(dir), grown);
    writeFileSync(join(dir, 'schemas/2023-01-31/Broken.json'), '{ not json');
    assert.throws(
      () => loadArmSchemaValidator(dir),
      (e: Error) => e instanceof EnvironmentError && e.code === 'HUB003' && e.message.includes(join(dir, 'schemas/2023-01-31/Broken.json')) && /is not valid JSON/.test(e.message),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a folder without the schemas gives HUB003 naming where it came from, --schemas-dir and ARM_SCHEMAS_DIR', () => {
  const names = (e: Error, how: string) =>
    e instanceof EnvironmentError &&
    e.code === 'HUB003' &&
    e.message.includes(`/nonexistent/arm-schemas (given by ${how})`) &&
    /ARM_SCHEMAS_DIR/.test(e.hint) &&
    /--schemas-dir/.test(e.hint);
  assert.throws(
    () => loadArmSchemaValidator('/nonexistent/arm-schemas'),
    (e: Error) => names(e, '--schemas-dir'),
  );
  const saved = process.env.ARM_SCHEMAS_DIR;
  process.env.ARM_SCHEMAS_DIR = '/nonexistent/arm-schemas';
  try {
    assert.throws(
      () => loadArmSchemaValidator(),
      (e: Error) => names(e, 'ARM_SCHEMAS_DIR'),
    );
  } finally {
    if (saved === undefined) delete process.env.ARM_SCHEMAS_DIR;
    else process.env.ARM_SCHEMAS_DIR = saved;
  }
});

test('the schemas a template needs: the envelope, the common definitions, each type@apiVersion with its $refs', () => {
  const t = template();
  t.resources.push({ type: 'Microsoft.Storage/storageAccounts', apiVersion: '2021-01-01', name: 'old', existing: true });
  t.resources.push({ type: "[variables('someType')]", apiVersion: '2020-01-01', name: 'x' });
  const needs = resourceNeedsOf([t]);
  assert.equal(needs.map((n) => `${n.type}@${n.apiVersion}`).sort(), [
    'Microsoft.DataFactory/factories/pipelines@2018-06-01',
    'Microsoft.DataFactory/factories/triggers@2018-06-01',
    'Microsoft.DataFactory/factories@2018-06-01',
    'Microsoft.Kusto/clusters/databases@2023-08-15',
    'Microsoft.Kusto/clusters@2023-08-15',
    'Microsoft.ManagedIdentity/userAssignedIdentities@2023-01-31',
    'Microsoft.Resources/deployments@2022-09-01',
    'Microsoft.Storage/storageAccounts/blobServices/containers@2022-09-01',
    'Microsoft.Storage/storageAccounts/blobServices@2022-09-01',
    'Microsoft.Storage/storageAccounts@2022-09-01',
    'Microsoft.Storage/storageAccounts@2023-01-01',
  ]);
  const plan = planSchemas(new SchemaFolder(schemasDir), needs);
  assert.equal(plan.missingFiles, []);
  assert.equal(plan.unresolved, []);
  assert.equal(plan.neededFiles, [
    'schemas/2018-06-01/Microsoft.DataFactory.json',
    'schemas/2019-04-01/deploymentTemplate.json',
    'schemas/2022-09-01/Microsoft.Resources.json',
    'schemas/2022-09-01/Microsoft.Storage.json',
    'schemas/2023-01-01/Microsoft.Storage.json',
    'schemas/2023-01-31/Microsoft.ManagedIdentity.json',
    'schemas/2023-08-15/Microsoft.Kusto.json',
    'schemas/common/definitions.json',
  ]);
  const empty = mkdtempSync(join(tmpdir(), 'hubc-arm-empty-'));
  try {
    const none = planSchemas(new SchemaFolder(empty), needs);
    assert.equal(none.missingFiles, ['schemas/2019-04-01/deploymentTemplate.json', 'schemas/common/definitions.json']);
    assert.equal(none.unresolved, needs);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

test('provider files are looked up in the index by namespace and apiVersion, the matching definition name first', () => {
  const base = 'https://schema.management.azure.com/schemas/';
  const refs = [
    `${base}2023-11-01/Microsoft.Network.dns.json#/resourceDefinitions/dnsZones`,
    `${base}2023-11-01/Microsoft.Network.NRP.json#/resourceDefinitions/applicationGateways`,
    `${base}2023-11-01/Microsoft.Network.NRP.json#/resourceDefinitions/virtualNetworks`,
    `${base}2023-11-01/Microsoft.NetworkCloud.json#/resourceDefinitions/virtualNetworks`,
    `${base}2023-09-01/Microsoft.Network.NRP.json#/resourceDefinitions/virtualNetworks`,
    `${base}2023-11-01/Microsoft.Network.privateDns.json#/resourceDefinitions/privateDnsZones_virtualNetworkLinks`,
    'https://elsewhere.example/schemas/2023-11-01/Microsoft.Network.x.json#/resourceDefinitions/virtualNetworks',
    `${base}2023-11-01/../Microsoft.Network.json#/resourceDefinitions/virtualNetworks`,
  ];
  assert.equal(candidatesFor([{ type: 'Microsoft.Network/virtualNetworks', apiVersion: '2023-11-01' }], refs), [
    'schemas/2023-11-01/Microsoft.Network.NRP.json',
    'schemas/2023-11-01/Microsoft.Network.dns.json',
    'schemas/2023-11-01/Microsoft.Network.privateDns.json',
  ]);
  assert.equal(
    candidatesFor([{ type: 'Microsoft.Network/privateDnsZones/virtualNetworkLinks', apiVersion: '2023-11-01' }], refs)[0],
    'schemas/2023-11-01/Microsoft.Network.privateDns.json',
  );
  assert.equal(candidatesFor([{ type: 'Microsoft.Nope/things', apiVersion: '2023-11-01' }], refs), []);
});

test('real templates on disk (dist-templates, golden fixtures) have no schema issues', () => {
  assert.ok(ON_DISK.length > 0);
  for (const { file, template: t } of ON_DISK) {
    const issues = validator.validateTemplate(t);
    assert.equal(lines(issues), [], `${file}:\n${lines(issues).join('\n')}`);
  }
});

test.run();
