/** The error of an import that cannot go on. */
import type { Raised } from '../diagnostics/index.js';

/**
 * An import that cannot go on: a code raised through the registry (HUB481, HUB483, HUB484), and the input
 * at fault when it is a file (the saved parameter file, settings.json), so the diagnostic names it; an
 * online import's errors are about the resource group (the command line names it).
 */
export class ImportError extends Error {
  readonly code: string;
  readonly hint: string;
  constructor(
    readonly raised: Raised,
    readonly file?: string,
  ) {
    super(raised.message);
    this.name = 'ImportError';
    this.code = raised.code;
    this.hint = raised.hint ?? '';
  }
}
