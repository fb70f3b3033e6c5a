/**
 * `npm run kill-loop [-- ROUNDS] [--only NAME]...` (opt-in, not part of `npm test`, which runs a short form:
 * test/scripts/killLoop.test.ts): the randomized crash tests of docs/reliability.md (scripts/killLoop.ts).
 * Each round runs `build --all`, `publish --all` and `migrate-data` (move, copy), each killed after a random
 * delay and run again, and the racing publishers (a holder killed, four publishers at once). `--only` picks
 * the cases whose name contains NAME (`--only racing`: issue #29's 50 rounds of racing publishers). Prints
 * one line per round and exits 1 on the first round that breaks a guarantee (naming the delay, to replay it).
 */
import { runKillLoop } from './killLoop.js';

const args = process.argv.slice(2);
const only: string[] = [];
let rounds = 20;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--only') only.push(args[++i] ?? '');
  else if (/^\d+$/.test(args[i])) rounds = Number(args[i]);
  else {
    console.error(`usage: npm run kill-loop -- [ROUNDS] [--only NAME]... (unknown argument ${args[i]})`);
    process.exit(2);
  }
}
process.exitCode = (await runKillLoop({ rounds, only })) ? 0 : 1;
