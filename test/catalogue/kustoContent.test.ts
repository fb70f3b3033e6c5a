/**
 * The slow Kusto entry of the failure catalogue (`kusto/script-content`): the Kusto language service over the
 * script resources in the order ARM runs them (the validator of `hubc validate`, HUB310-HUB314), placed at
 * the script's resource in the template given. A command that does not parse fails; a later script using
 * what an earlier one created passes; without a validator given (hubc build) it runs nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { validateKqlScripts } from '../../src/validators/kql.js';
import { findings, template } from '../support/catalogue.js';

const script = (name: string, content: string, dependsOn: string[] = []) => ({
  type: 'Microsoft.Kusto/clusters/databases/scripts',
  apiVersion: '2023-08-15',
  name: `adx/Ingestion/${name}`,
  dependsOn,
  properties: { scriptContent: content },
});
const COMMON = '.create-or-alter function parse_id(id: string) { tolower(id) }\n';
const run = (resources: object[]) => findings(template({ resources }), { entries: ['kusto/script-content'], validateKql: validateKqlScripts });

test('a command that does not parse fails at its script; scripts in dependency order pass', () => {
  const ok = [
    script('common', COMMON),
    script('setup', '.create-or-alter function f() { print x = parse_id("A") }\n', ["[resourceId('Microsoft.Kusto/clusters/databases/scripts', 'adx', 'Ingestion', 'common')]"]),
  ];
  assert.equal(run(ok), []);
  const bad = run([script('setup', '.create-or-alter function f() { print x = tolower( }\n')]);
  assert.ok(bad.length >= 1);
  assert.is(bad[0].code, 'HUB310');
  assert.match(bad[0].message, /^Kusto script adx\/Ingestion\/setup \(line 1\): KS\d+/);
  assert.is(bad[0].file, 'azuredeploy.json');
  assert.equal(
    findings(template({ resources: [script('setup', '.create-or-alter function f() { print x = tolower( }\n')] }), { entries: ['kusto/script-content'] }),
    [],
    'no validator given: nothing runs',
  );
});

test.run();
