import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiled, templateOf } from '../support/hubs.js';
import { emitArmTemplate } from '../../src/emitters/arm/template.js';
import { withFactoryResources } from '../../src/modules/dataFactory/index.js';
import type { ArmResource, Contribution } from '../../src/modules/types.js';

const r = compiled();
const release = r.model!.release;
const contributions = r.contributions;

/** The module that contributes `key` of a section, and the entry. */
function ownerOf<K extends 'parameters' | 'outputs' | 'variables'>(section: K, key: string): { module: string; entry: unknown } {
  const c = contributions.find((x) => x[section] && key in x[section]!);
  assert.ok(c, `some module contributes ${section} ${key}`);
  return { module: c!.module!, entry: (c![section] as Record<string, unknown>)[key] };
}

/** Builds the template with one more contribution; returns the error message (or undefined when it builds). */
function emitWith(extra: Contribution, base: readonly Contribution[] = contributions): string | undefined {
  try {
    emitArmTemplate(withFactoryResources([...base, extra]), release, {});
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

test('the contributions of the default hub merge without a clash', () => {
  // The compiler's order: every module's contributions, then their Data Factory objects as the factory's child resources.
  const t = emitArmTemplate(withFactoryResources(contributions), release, templateOf(r).metadata);
  assert.equal(JSON.parse(JSON.stringify(t)), templateOf(r));
});

test('a parameter contributed by a second module is an internal error naming both', () => {
  const { module, entry } = ownerOf('parameters', 'hubName');
  assert.is(emitWith({ module: 'copycat', parameters: { hubName: entry as never } }), `parameter hubName is contributed by two modules: ${module} and copycat`);
});

test('an output contributed by a second module is an internal error naming both', () => {
  const { module, entry } = ownerOf('outputs', 'storageAccountName');
  assert.is(emitWith({ module: 'copycat', outputs: { storageAccountName: entry as never } }), `output storageAccountName is contributed by two modules: ${module} and copycat`);
});

test('a variable contributed by a second module is an internal error naming both', () => {
  const { module, entry } = ownerOf('variables', 'storageAccountName');
  assert.is(emitWith({ module: 'copycat', variables: { storageAccountName: entry as never } }), `variable storageAccountName is contributed by two modules: ${module} and copycat`);
});

test("a resource with the type and name of another module's resource is an internal error naming both", () => {
  const owner = contributions.find((c) => c.resources?.some((x) => x.type === 'Microsoft.Storage/storageAccounts'))!;
  const account = owner.resources!.find((x) => x.type === 'Microsoft.Storage/storageAccounts')!;
  const name = JSON.stringify(account.name);
  assert.is(name, `"[variables('storageAccountName')]"`);
  const expected = `resource Microsoft.Storage/storageAccounts ${name} is contributed by two modules: ${owner.module} and copycat`;
  // Same body, or another body under the same identity: both clash. ARM compares types case-insensitively.
  // (Another API version or type spelling than hubc's table does not compile in a module: cast here.)
  const untyped = (r: object) => r as ArmResource;
  assert.is(emitWith({ module: 'copycat', resources: [account] }), expected);
  assert.is(emitWith({ module: 'copycat', resources: [untyped({ ...account, apiVersion: '2019-06-01', properties: {} })] }), expected);
  assert.is(
    emitWith({ module: 'copycat', resources: [untyped({ ...account, type: 'microsoft.storage/storageaccounts' })] }),
    `resource microsoft.storage/storageaccounts ${name} is contributed by two modules: ${owner.module} and copycat`,
  );
  // The same name under another type is another resource.
  assert.is(emitWith({ module: 'copycat', resources: [untyped({ ...account, type: 'Microsoft.Storage/storageAccountz' })] }), undefined);
});

test('a resource one module contributes twice is an internal error naming the module', () => {
  const i = contributions.findIndex((c) => c.resources?.length);
  const c = contributions[i];
  const twice = { ...c, resources: [...c.resources!, c.resources![0]] };
  const base = contributions.map((x, k) => (k === i ? twice : x));
  const message = (() => {
    try {
      emitArmTemplate(withFactoryResources(base), release, {});
      return undefined;
    } catch (e) {
      return (e as Error).message;
    }
  })();
  assert.is(message, `resource ${c.resources![0].type} ${JSON.stringify(c.resources![0].name)} is contributed twice by module ${c.module}`);
});

test('a Data Factory object contributed by a second module is an internal error naming both', () => {
  const owner = contributions.find((c) => c.dataFactory?.length)!;
  const pipeline = owner.dataFactory!.find((o) => o.kind === 'pipeline')!;
  assert.is(
    emitWith({ module: 'copycat', dataFactory: [pipeline] }),
    `resource Microsoft.DataFactory/factories/pipelines "[format('{0}/{1}', variables('dataFactoryName'), '${pipeline.name}')]" is contributed by two modules: ${owner.module} and copycat`,
  );
});

test.run();
