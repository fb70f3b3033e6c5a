/** The error of an import that cannot go on. */
import type { Raised } from '../diagnostics/index.js';
import { HubcError } from '../diagnostics/diagnostic.js';

/** An import that cannot go on: a code raised through the registry (HUB481, HUB484). */
export class ImportError extends HubcError {
  constructor(readonly raised: Raised) {
    super(raised);
  }
}
