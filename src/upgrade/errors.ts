/**
 * The error of a plan that cannot be made, carrying a code raised through the diagnostic registry:
 * HUB490 (B is older than A), HUB491 (the saved parameter file holds no `parameters` object) or HUB480 (it
 * is not a parameter file of A).
 * `hubc upgrade-plan` reports it and exits 2; `hubc deploy --upgrade` reports it as a diagnostic.
 */
import { HubcError } from '../diagnostics/diagnostic.js';

/** A plan that cannot be made; `code`, `message` and `hint` are those of the raised entry. */
export class UpgradePlanError extends HubcError {}
