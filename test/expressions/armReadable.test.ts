/**
 * Resource names as a person reads them (issue #30 item 13): what is known as text, each unknown part as a
 * named placeholder, for the upgrade notes and steps that used to print the ARM expression.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readableArm } from '../../src/expressions/arm/readable.js';

test('names of a hub that only a deployment completes read as text with placeholders', () => {
  const cases: [string, string][] = [
    ["[concat('finopsstore', uniqueString('finops-hub', resourceGroup().id))]", 'finopsstore{unique}'],
    ["[replace(concat('finops-hub-events-', uniqueString('finops-hub', resourceGroup().id)), '--', '-')]", 'finops-hub-events-{unique}'],
    ["[format('{0}/{1}', concat('finopsstore', uniqueString('finops-hub', resourceGroup().id)), 'default')]", 'finopsstore{unique}/default'],
    ["[concat('privatelink.blob.', environment().suffixes.storage)]", 'privatelink.blob.{storageSuffix}'],
    ["[concat('privatelink.', resourceGroup().location, '.', replace(environment().suffixes.storage, 'core', 'kusto'))]", 'privatelink.{location}.{storageSuffix}'],
    ["[concat(take('finopshub', sub(64, length(concat('-vnet-', resourceGroup().location)))), concat('-vnet-', resourceGroup().location))]", 'finopshub-vnet-{location}'],
    [
      "[format('{0}/{1}', concat('privatelink.blob.', environment().suffixes.storage), concat(replace(concat('privatelink.blob.', environment().suffixes.storage), '.', '-'), '-link'))]",
      'privatelink.blob.{storageSuffix}/privatelink-blob-{storageSuffix}-link',
    ],
    ["[guid(resourceId('Microsoft.Storage/storageAccounts', 'x'), 'role')]", '{guid}'],
    ["[concat(parameters('hubName'), '-engine')]", '{hubName}-engine'],
    ['plain-name', 'plain-name'],
    ['[[escaped]', '[[escaped]'],
    ['[concat(', '[concat('],
  ];
  for (const [expr, expected] of cases) assert.is(readableArm(expr), expected, expr);
});

test.run();
