/** The error of an import that cannot go on. */
import type { Raised } from '../diagnostics/index.js';
import { HubcError } from '../diagnostics/diagnostic.js';

/**
 * An import that cannot go on: a code raised through the registry (HUB481, HUB483, HUB484), placed in the
 * input at fault when it is a file (the saved parameter file, settings.json), so the diagnostic names it; an
 * online import's errors are about the resource group (the command line names it).
 */
export class ImportError extends HubcError {
  constructor(
    readonly raised: Raised,
    file?: string,
  ) {
    super(file === undefined ? raised : { ...raised, file });
  }
}
