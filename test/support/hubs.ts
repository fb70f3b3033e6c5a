/**
 * Test helpers: hub.yaml texts and cached compiles, so expensive work runs once per test file.
 */
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { compile, loadModel, type CompileResult } from '../../src/compiler/compile.js';
import type { HubModel } from '../../src/compiler/model.js';

/** The repository's default hub.yaml. */
export const DEFAULT_HUB_YAML = readFileSync(new URL('../../hub.yaml', import.meta.url), 'utf8');

/**
 * hub.yaml text with some top-level sections replaced, e.g. `hubYaml({ dataExplorer: { name: 'myadx' } })`
 * keeps everything else at the default.
 */
export function hubYaml(overrides: Record<string, unknown> = {}, base = DEFAULT_HUB_YAML): string {
  return stringify({ ...parse(base), ...overrides });
}

/** The resolved model of a hub.yaml text; throws on diagnostics. */
export function modelOf(text: string = DEFAULT_HUB_YAML): HubModel {
  const { model, diagnostics } = loadModel(text);
  if (!model) throw new Error(diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
  return model;
}

/** The default hub's model with top-level members replaced. */
export function hubModel(patch: Partial<HubModel> = {}): HubModel {
  return { ...modelOf(), ...patch };
}

const cache = new Map<string, CompileResult>();

/** Compiles (cached by text) and throws when there are errors. */
export function compiled(text: string = DEFAULT_HUB_YAML): CompileResult {
  let r = cache.get(text);
  if (!r) {
    r = compile(text);
    cache.set(text, r);
  }
  if (!r.release) throw new Error(`compile failed:\n${r.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n')}`);
  return r;
}

/** The parsed azuredeploy.json of a compile. */
export function templateOf(r: CompileResult): any {
  return JSON.parse(r.artifacts.get('azuredeploy.json')!);
}
