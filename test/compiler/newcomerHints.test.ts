/**
 * What a newcomer meets in hub.yaml diagnostics (issue #30, items 7 and 12): the remote hub URI has the
 * form the docs require, enum errors say "did you mean" and show the nearest few of a long list, the hub
 * name hint states the schema's rule, a billing account scope with a trailing slash is shown its own form,
 * YAML indentation errors are said in words with the line, an empty hub.yaml points to `hubc init`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { compile } from '../../src/compiler/compile.js';
import { formatDiagnostic, type Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { REMOTE_HUB_URI_PATTERN } from '../../src/model/remoteHub.js';

const HEAD = 'release: "0.8"\nhub:\n  name: contoso\n';
const schema = JSON.parse(readFileSync(new URL('../../schemas/hub.schema.json', import.meta.url), 'utf8'));

/** The one diagnostic of a text (asserting there is exactly one). */
function only(text: string): Diagnostic {
  const r = compile(text);
  assert.is(r.diagnostics.length, 1, r.diagnostics.map(formatDiagnostic).join('\n'));
  return r.diagnostics[0]!;
}

const remote = (uri: string) => `${HEAD}remoteHub:\n  storageUri: ${uri}\n`;

test('remoteHub.storageUri: the blob endpoint is refused at its place, with the Data Lake endpoint suggested', () => {
  const d = only(remote('https://acct.blob.core.windows.net/'));
  assert.is(d.code, 'HUB107');
  assert.equal(d.start, { line: 5, col: 15 });
  assert.is(d.path, 'remoteHub.storageUri');
  assert.is(
    d.hint,
    "Did you mean 'https://acct.dfs.core.windows.net/'? Use the Data Lake endpoint of the remote hub's storage account, https://<account>.dfs.core.<cloud suffix>/ (Settings > Endpoints > Data Lake Storage), not its blob endpoint (.blob.).",
  );
});

test('remoteHub.storageUri: a container URL, abfss:// and http:// are refused with the account endpoint suggested', () => {
  const container = only(remote('https://acct.dfs.core.windows.net/ingestion'));
  assert.is(container.code, 'HUB107');
  assert.match(container.hint!, /^Did you mean 'https:\/\/acct\.dfs\.core\.windows\.net\/'\? .*not a container or folder URL/);
  assert.match(only(remote('abfss://ingestion@acct.dfs.core.windows.net/')).hint!, /^Did you mean 'https:\/\/acct\.dfs\.core\.windows\.net\/'\?/);
  assert.match(only(remote('http://acct.dfs.core.usgovcloudapi.net/')).hint!, /^Did you mean 'https:\/\/acct\.dfs\.core\.usgovcloudapi\.net\/'\?/);
  // Nothing to suggest from: the form alone.
  assert.is(
    only(remote('https://example.org/')).hint,
    'Use the Data Lake endpoint of the remote hub\'s storage account, https://<account>.dfs.core.<cloud suffix>/ (Settings > Endpoints > Data Lake Storage), or "" for none.',
  );
});

test('remoteHub.storageUri: the schema and the portal form check the one form of src/model/remoteHub.ts', () => {
  assert.is(schema.properties.remoteHub.properties.storageUri.pattern, REMOTE_HUB_URI_PATTERN);
  const ui = JSON.parse(compile(remote('""')).artifacts.get('createUiDefinition.json')!);
  const find = (v: unknown): { constraints?: { regex?: string } } | undefined =>
    Array.isArray(v)
      ? v.map(find).find(Boolean)
      : v && typeof v === 'object'
        ? (v as { name?: string }).name === 'remoteHubStorageUri'
          ? v
          : Object.values(v).map(find).find(Boolean)
        : undefined;
  assert.is(find(ui)?.constraints?.regex, REMOTE_HUB_URI_PATTERN);
  const form = new RegExp(REMOTE_HUB_URI_PATTERN);
  assert.ok(form.test('https://acct.dfs.core.windows.net/') && form.test(''));
  assert.not.ok(form.test('https://acct.blob.core.windows.net/') || form.test('https://acct.dfs.core.windows.net/ingestion'));
});

test('remoteHub.storageUri: the forms the docs show build clean (public, Government, China, without the final /, empty)', () => {
  for (const uri of [
    'https://acct.dfs.core.windows.net/',
    'https://acct.dfs.core.windows.net',
    'https://acct.dfs.core.usgovcloudapi.net/',
    'https://acct.dfs.core.chinacloudapi.cn/',
    '""',
  ]) {
    const r = compile(remote(uri));
    assert.equal(r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic), [], uri);
  }
});

test('an enum value in the wrong case gets "did you mean"', () => {
  const d = only(`${HEAD}dataExplorer:\n  name: contosoadx\n  sku:\n    name: Standard_D11_v2\n    tier: standard\n    capacity: 2\n`);
  assert.is(d.code, 'HUB104');
  assert.is(d.message, "dataExplorer.sku.tier must be one of the allowed values, not 'standard'");
  assert.is(d.hint, 'Did you mean "Standard"? Use one of: "Basic", "Standard".');
  assert.is(only(`${HEAD}storage:\n  sku: Premium_lrs\n`).hint, 'Did you mean "Premium_LRS"? Use one of: "Premium_LRS", "Premium_ZRS".');
});

test('an enum of 64 values shows the nearest few, not all of them', () => {
  const d = only(`${HEAD}dataExplorer:\n  name: contosoadx\n  sku:\n    name: Standard_D11\n`);
  assert.is(d.code, 'HUB104');
  const total = schema.properties.dataExplorer.properties.sku.properties.name.enum.length;
  assert.ok(total > 20, 'the list is long');
  assert.is(
    d.hint,
    `Did you mean "Standard_D11_v2"? The nearest of the ${total} allowed values: "Standard_D11_v2", "Standard_D12_v2", "Standard_D13_v2", "Standard_D14_v2", "Standard_D16d_v5"; docs/hub-yaml.md lists them all.`,
  );
  // A list item of the same enum, with nothing close: the nearest few all the same.
  const far = only(`${HEAD}dataExplorer:\n  allowedSkuNames: [zzz]\n`);
  assert.ok(far.hint!.startsWith(`The nearest of the ${total} allowed values: `), far.hint);
  assert.ok(far.hint!.length < 300, far.hint);
});

test('the hub name hint states the rule of the schema (3-63 characters), not another one', () => {
  const rule = schema.properties.hub.properties.name;
  const d = only('release: "0.8"\nhub:\n  name: -contoso\n');
  assert.is(d.code, 'HUB107');
  assert.is(d.hint, `Use ${rule.minLength}-${rule.maxLength} letters, digits, - and _, starting and ending with a letter or digit, e.g. name: finops-hub.`);
});

test('a billing account scope with a trailing slash is shown its own form, written without the slash', () => {
  const d = only(`${HEAD}scopes:\n  - /providers/Microsoft.Billing/billingAccounts/1234567/\n`);
  assert.is(d.code, 'HUB213');
  assert.is(d.message, "scopes[0] is not a scope Cost Management exports accept: '/providers/Microsoft.Billing/billingAccounts/1234567/' ends with /");
  assert.is(
    d.hint,
    'The nearest form is the EA billing account scope /providers/Microsoft.Billing/billingAccounts/<EA number (digits)>, e.g. /providers/Microsoft.Billing/billingAccounts/1234567.',
  );
  const doubled = only(`${HEAD}scopes:\n  - /subscriptions//00000000-0000-0000-0000-000000000000\n`);
  assert.match(doubled.message, /has an empty segment \(\/\/\)/);
  assert.match(doubled.hint!, /^The nearest form is the subscription scope .*, e\.g\. \/subscriptions\/00000000-0000-0000-0000-000000000000\.$/);
});

test('a key indented deeper than the key above it is said in words, at its line', () => {
  const d = only('release: "0.8"\nhub:\n  name: contoso\n   location: westeurope\n');
  assert.is(d.code, 'HUB100');
  assert.equal(d.start, { line: 4, col: 4 });
  assert.is(d.message, "YAML indentation: line 4 is indented 3 spaces, more than 'name' on line 3 (2 spaces), so YAML reads it as part of the value of 'name'");
  assert.is(d.hint, "Indent line 4 by 2 spaces, as 'name' on line 3, to make it another key of 'hub'.");
});

test('a key indented less than its neighbours, but not as far as an outer key, is said in words', () => {
  const d = only('release: "0.8"\nhub:\n  name: contoso\n location: westeurope\n');
  assert.is(d.code, 'HUB100');
  assert.equal(d.start, { line: 4, col: 2 });
  assert.is(d.message, "YAML indentation: line 4 is indented 1 space, which lines up with no key above it ('name' on line 3 is at 2 spaces, 'hub' on line 2 at 0)");
  assert.is(d.hint, "Indent line 4 by 2 spaces to make it a key of 'hub', or by 0 to make it a top-level key.");
  const top = only('release: "0.8"\n hub:\n  name: contoso\n');
  assert.equal(top.start, { line: 2, col: 2 });
  assert.is(top.message, "YAML indentation: line 2 is indented 1 space, more than 'release' on line 1 (0 spaces), so YAML reads it as part of the value of 'release'");
  assert.is(top.hint, "Indent line 2 by 0 spaces, as 'release' on line 1, to make it another top-level key.");
});

test('a list item indented less than the list is said in words', () => {
  const d = only(`${HEAD}scopes:\n  - /subscriptions/00000000-0000-0000-0000-000000000000\n - /subscriptions/11111111-1111-1111-1111-111111111111\n`);
  assert.is(d.code, 'HUB100');
  assert.equal(d.start, { line: 6, col: 2 });
  assert.is(d.message, "YAML indentation: line 6 is indented 1 space, which lines up with no item or key above it (the item on line 5 is at 2 spaces, 'scopes' on line 4 at 0)");
  assert.is(d.hint, "Indent line 6 by 2 spaces to make it another item of 'scopes'.");
});

test('indentation inside list items, after flow collections and block scalars is followed as YAML does', () => {
  const item = only(`${HEAD}customDatasets:\n  - name: Usage\n    columns: [{ name: a, type: string },\n      { name: b, type: long }]\n     dateFolder: yyyy\n`);
  assert.is(item.code, 'HUB100');
  assert.equal(item.start, { line: 8, col: 6 });
  assert.is(item.message, "YAML indentation: line 8 is indented 5 spaces, more than 'columns' on line 6 (4 spaces), so YAML reads it as part of the value of 'columns'");
  assert.is(item.hint, "Indent line 8 by 4 spaces, as 'columns' on line 6, to make it another key of the item.");
  // Text that continues a plain value on a deeper line, and valid nesting after a block scalar, are no mistakes.
  assert.equal(
    compile(`${HEAD}tags:\n  note: a long\n    text\n  owner: finops\n`).diagnostics.filter((d) => d.severity === 'error'),
    [],
  );
});

test('an empty hub.yaml, or one of comments only, points to hubc init', () => {
  for (const text of ['', '# nothing yet\n', '\n\n']) {
    const d = only(text);
    assert.is(d.code, 'HUB103');
    assert.is(d.message, 'hub.yaml is empty: it must be a mapping with at least `release` and `hub.name`', JSON.stringify(text));
    assert.is(d.hint, 'Run hubc init to write a commented hub.yaml of the latest release, then edit it.');
  }
  const list = only('- release: "0.8"\n');
  assert.is(list.message, 'hub.yaml must be a mapping with at least `release` and `hub.name`');
  assert.is(
    list.hint,
    'Write release: and hub: as keys at the top level, one "key: value" per line, not as a list or a single value (hubc init writes a commented hub.yaml to start from).',
  );
});

test.run();
