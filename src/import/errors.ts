/** The error of an import that cannot go on. */
import type { Raised } from '../diagnostics/index.js';

/** An import that cannot go on: a code raised through the registry (HUB481, HUB484). */
export class ImportError extends Error {
  readonly code: string;
  readonly hint: string;
  constructor(readonly raised: Raised) {
    super(raised.message);
    this.name = 'ImportError';
    this.code = raised.code;
    this.hint = raised.hint ?? '';
  }
}
