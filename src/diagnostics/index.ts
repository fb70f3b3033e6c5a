/**
 * The diagnostic registry: every `HUBnnn` code hubc reports, declared once in the stage files of this
 * folder. Raise a code through its entry (`codes.HUB201.notCidr({ prefix })` gives `{ code, severity,
 * message, hint? }`; add `file` and the position). Adding a code: add its entry to the stage file of its
 * range (message templates, stage, severity, meaning), raise it, and run `npm run docs` to regenerate
 * docs/diagnostics.md (test/compiler/codes.test.ts fails until the file is current).
 */
import type { CodeInfo } from './define.js';
import { cliCodes } from './cli.js';
import { hubYamlCodes } from './hubYaml.js';
import { hubYamlCheckCodes } from './hubYamlChecks.js';
import { outputCodes } from './output.js';
import { diffPublishCodes } from './diffPublish.js';
import { deployCodes } from './deploy.js';
import { simulateCodes } from './simulate.js';
import { feedCodes } from './feed.js';
import { upgradeCodes } from './upgrade.js';
import { lintCodes } from './lint.js';
import { checkCodes } from './checks.js';
import { takeoverCodes } from './takeover.js';
import { inputLimitCodes } from './inputLimits.js';
import { upgradeNoteCodes } from './upgradeNotes.js';
import { fabricCodes } from './fabric.js';
import { grantCodes } from './grants.js';
import { managedExportNoteCodes } from './managedExportNotes.js';
import { releaseChangeCodes } from './releaseChanges.js';

export type { CodeInfo, Raised } from './define.js';

/** Every code, by code: `codes.HUB104`. */
export const codes = {
  ...cliCodes,
  ...upgradeNoteCodes,
  ...hubYamlCodes,
  ...hubYamlCheckCodes,
  ...outputCodes,
  ...diffPublishCodes,
  ...deployCodes,
  ...releaseChangeCodes,
  ...simulateCodes,
  ...feedCodes,
  ...upgradeCodes,
  ...lintCodes,
  ...takeoverCodes,
  ...inputLimitCodes,
  ...fabricCodes,
  ...grantCodes,
  ...managedExportNoteCodes,
  ...checkCodes,
};

/**
 * Every entry, in code order. Compared by code points, not `localeCompare`: the first `localeCompare` of a
 * process loads ICU's collator (~5 ms of every `hubc build`'s start-up, issue #23), and codes are ASCII.
 */
export const ALL_CODES: readonly CodeInfo[] = Object.values(codes as Record<string, CodeInfo>).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
