/**
 * The README's Commands table against the command line as registered (src/cli/program.ts): one row per
 * command, naming exactly the long options the command has (issue #21: rows lacked `build --all`, `--hub`,
 * `--no-lint`, `--no-cache`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { createProgram } from '../../src/cli/program.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('\n## Commands\n'), readme.indexOf('\n## ', readme.indexOf('\n## Commands\n') + 1));
/** The first cell of each `hubc ...` row, by command name. */
const rows = new Map([...section.matchAll(/^\| `hubc ([a-z-]+)([^|]*(?:\\\|[^|]*)*)` \|/gm)].map((m) => [m[1], m[2]]));
const program = createProgram({ io: { out: () => undefined, err: () => undefined, isTTY: false }, exit: () => undefined });

test('every registered command has a row, and every row a command', () => {
  assert.equal([...rows.keys()].sort(), program.commands.map((c) => c.name()).sort());
});

for (const command of program.commands) {
  test(`hubc ${command.name()}: the row names exactly its options`, () => {
    const documented = [...new Set((rows.get(command.name()) ?? '').match(/--[a-z][a-z-]*/g) ?? [])].sort();
    const registered = command.options.map((o) => o.long!).sort();
    assert.equal(documented, registered);
  });
}

test.run();
