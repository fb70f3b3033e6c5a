/**
 * How the template carries the deployment scripts: kind AzureCLI with a CLI version, the text of the
 * script files byte for byte, and only environment variables the scripts read.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiled, templateOf } from '../../support/hubs.js';
import { DEPLOYMENT_SCRIPTS, deploymentScriptText, type DeploymentScriptName } from '../../../src/modules/deploymentScripts/scripts.js';
import { Template } from '../../support/template.js';

const t = templateOf(compiled());
const scripts = Template.fromJSON(t).findResources('Microsoft.Resources/deploymentScripts');
const FILE_OF: Record<string, DeploymentScriptName> = {
  _uploadSettings: 'uploadSettings',
  _stopTriggers: 'triggers',
  _startTriggers: 'triggers',
  _deleteOldResources: 'deleteOldResources',
};
const fileOf = (r: any): DeploymentScriptName => FILE_OF[Object.keys(FILE_OF).find((k) => r.name.includes(k))!]!;

test('every deployment script is a bash script of the Azure CLI image', () => {
  assert.equal(scripts.map(fileOf).sort(), ['deleteOldResources', 'triggers', 'triggers', 'uploadSettings']);
  for (const r of scripts) {
    assert.is(r.kind, 'AzureCLI', r.name);
    assert.match(r.properties.azCliVersion, /^2\.\d+\.\d+$/, r.name);
    assert.not.ok('azPowerShellVersion' in r.properties, r.name);
    assert.is(r.properties.scriptContent, deploymentScriptText(fileOf(r)), r.name);
  }
});

test('the script files are bash with LF endings and strict error handling', () => {
  for (const name of DEPLOYMENT_SCRIPTS) {
    const text = deploymentScriptText(name);
    assert.ok(text.startsWith('#!/bin/bash\n'), name);
    assert.not.ok(text.includes('\r'), name);
    assert.ok(text.includes('\nset -euo pipefail\n'), name);
  }
});

test('every variable the template passes is one its script reads', () => {
  for (const r of scripts) {
    const code = deploymentScriptText(fileOf(r))
      .split('\n')
      .filter((l) => !l.trimStart().startsWith('#'))
      .join('\n');
    for (const e of r.properties.environmentVariables) {
      assert.ok(new RegExp(`\\b${e.name}\\b`).test(code), `${r.name}: ${e.name} is passed but the script does not read it`);
    }
  }
});

test.run();
