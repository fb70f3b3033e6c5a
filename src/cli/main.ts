#!/usr/bin/env node
/**
 * The `hubc` executable: runs the command line (src/cli/program.ts) and exits with its code.
 */
import { runCli } from './program.js';

process.exitCode = await runCli(process.argv.slice(2));
