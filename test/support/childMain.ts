/**
 * The entry of the hubc bundle the crash tests run as child processes (test/support/crash.ts): the real
 * command line (`runCli` with the process's own streams), plus, when `HUBC_TEST_TOKEN` is set, the
 * test-only Azure overrides the in-process tests pass (a fixed bearer token, `HUBC_TEST_CA`, the PEM
 * certificate of a local stand-in to trust, and `HUBC_TEST_TIMING`, deploy's polling intervals), so a child
 * can talk to the Data Lake or ARM stand-in of its parent.
 */
import type { AccessToken, TokenCredential } from '@azure/identity';
import { runCli } from '../../src/cli/program.js';
import { processIO } from '../../src/cli/io.js';

const token = process.env.HUBC_TEST_TOKEN;
const credential: TokenCredential = { getToken: async (): Promise<AccessToken> => ({ token: token ?? '', expiresOnTimestamp: Date.now() + 3_600_000 }) };
const ca = process.env.HUBC_TEST_CA;
/** `HUBC_TEST_TIMING`: JSON of the deploy timing to use (short polling intervals). */
const timing = process.env.HUBC_TEST_TIMING ? JSON.parse(process.env.HUBC_TEST_TIMING) : undefined;
const tls = ca ? { tlsOptions: { ca } } : undefined;
process.exitCode = await runCli(
  process.argv.slice(2),
  processIO,
  token ? { azure: { credential, storageClientOptions: tls, clientOptions: tls, ...(timing ? { timing } : {}) } } : {},
);
