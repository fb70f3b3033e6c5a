/**
 * Part of `npm run bench`: prints the milliseconds the Kusto language service takes, in a fresh process,
 * to load and analyse the KQL scripts of the default hub (everything `hubc validate` asks of it, and
 * nothing else).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { compile } from '../src/compiler/compile.js';
import { kqlScriptsForValidation } from '../src/validate/kqlScripts.js';

const r = compile(readFileSync(new URL('../hub.yaml', import.meta.url), 'utf8'));
const scripts = kqlScriptsForValidation(r);
const start = performance.now();
const { validateKqlScripts } = await import('../src/validators/kql.js');
validateKqlScripts(scripts);
console.log((performance.now() - start).toFixed(1));
