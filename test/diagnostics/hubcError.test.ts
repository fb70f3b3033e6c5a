/**
 * HubcError, the one error class (issue #32 item 5): it carries a diagnostic, and the stages' error classes
 * are subclasses that only tell a catcher where the error comes from.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvironmentError, HubcError } from '../../src/diagnostics/diagnostic.js';
import { codes } from '../../src/diagnostics/index.js';
import { LoadError } from '../../src/load/load.js';
import { PublishError } from '../../src/publish/publish.js';
import { PublicTemplateError } from '../../src/public/templates.js';
import { UpgradePlanError } from '../../src/upgrade/errors.js';
import { ImportError } from '../../src/import/errors.js';
import { SimulationError } from '../../src/simulate/values.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

test('a HubcError carries the raised diagnostic; code, severity and hint read it', () => {
  const raised = codes.HUB401.notBuild({ label: 'x' });
  const e = new LoadError(raised);
  assert.ok(e instanceof HubcError);
  assert.is(e.name, 'LoadError');
  assert.is(e.message, raised.message);
  assert.equal(e.diagnostic, { ...raised });
  assert.is(e.code, 'HUB401');
  assert.is(e.severity, 'error');
  assert.is(e.hint, raised.hint);
  assert.equal(e.diagnostics, []);
});

test("hint is '' when the diagnostic has none, and the diagnostic keeps it absent", () => {
  const e = new SimulationError({ code: 'HUB450', severity: 'error', message: 'm' });
  assert.is(e.hint, '');
  assert.not.ok('hint' in e.diagnostic);
});

test('passing one HubcError on to another keeps code, message and hint (getters and message are read one by one)', () => {
  const inner = new PublishError(codes.HUB413.unreadable({ dir: 'f', detail: 'd' }));
  const outer = new EnvironmentError(inner);
  assert.equal(outer.diagnostic, { code: inner.code, severity: 'error', message: inner.message, hint: inner.hint });
});

test('toDiagnostic places the diagnostic in the given file unless it names one', () => {
  const e = new UpgradePlanError(codes.HUB490.raise({ from: '0.7', to: '0.6' }));
  assert.is(e.toDiagnostic('hub.yaml').file, 'hub.yaml');
  const placed = new PublicTemplateError({ ...codes.HUB419.noHubName({ file: 't.json' }), file: 't.json', start: { line: 1, col: 2 } });
  assert.equal(placed.toDiagnostic('other').file, 't.json');
  assert.equal(placed.toDiagnostic('other').start, { line: 1, col: 2 });
});

test('the stage error classes are HubcErrors, and no other class of src/ copies its code and hint fields', () => {
  for (const C of [LoadError, PublishError, PublicTemplateError, UpgradePlanError, ImportError, SimulationError, EnvironmentError]) {
    assert.ok(C.prototype instanceof HubcError, C.name);
  }
  const copies: string[] = [];
  for (const e of readdirSync(SRC, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith('.ts')) continue;
    const text = readFileSync(join(e.parentPath, e.name), 'utf8');
    if (/this\.code = raised\.code|this\.hint = raised\.hint/.test(text)) copies.push(e.name);
  }
  assert.equal(copies, []);
});

test.run();
