/**
 * Paged ARM listings read one page at a time, within bounds (issue #29, item 8): `hubc deploy` kept every
 * page of the deployment operations listing until the listing ended, and a `nextLink` that led back to a
 * page already read grew the process to 2.3 GB and a V8 out-of-memory crash long before `--timeout`.
 *
 * ARM lists page by page, each page with the `nextLink` of the next ("Deployment Operations - List",
 * "Providers - List", "Triggers - List By Factory"); the SDKs follow it, and tell it through their
 * `getContinuationToken(page)`. {@link boundedPages} hands each page on as it comes, so the caller keeps only
 * what it needs of it, and stops with a {@link PagingError} at a `nextLink` seen before in the same listing
 * or past {@link LISTING_LIMITS}.
 */

/** Most pages and items one listing is read to. A deployment has at most 800 resources (ARM's template limit), one operation each. */
export const LISTING_LIMITS = { pages: 100, items: 5_000 } as const;

/** A listing that loops or does not end within {@link LISTING_LIMITS}. */
export class PagingError extends Error {
  /**
   * @param what the listing, in words (`the deployment operations`)
   * @param why `repeats` (a `nextLink` seen before), `pages` or `items` (a limit passed)
   */
  constructor(
    readonly what: string,
    readonly why: 'repeats' | 'pages' | 'items',
  ) {
    super(
      why === 'repeats'
        ? `ARM's listing of ${what} leads back to a page it already gave (a nextLink seen before); hubc stopped reading it`
        : `ARM's listing of ${what} goes on past ${why === 'pages' ? `${LISTING_LIMITS.pages} pages` : `${LISTING_LIMITS.items} entries`}; hubc stopped reading it`,
    );
    this.name = 'PagingError';
  }
}

/**
 * The pages of a listing, each handed on as it arrives (nothing is kept here but the `nextLink`s seen).
 * @param pages the SDK's `byPage()` of the listing
 * @param nextLinkOf the SDK's `getContinuationToken`
 * @param what the listing, in words, for the error
 * @throws PagingError at a `nextLink` seen before in this listing, or past {@link LISTING_LIMITS}; the SDK's
 *   errors as they come
 */
export async function* boundedPages<T>(pages: AsyncIterable<T[]>, nextLinkOf: (page: unknown) => string | undefined, what: string): AsyncGenerator<T[]> {
  const seen = new Set<string>();
  let count = 0;
  let items = 0;
  for await (const page of pages) {
    if (++count > LISTING_LIMITS.pages) throw new PagingError(what, 'pages');
    items += page.length;
    if (items > LISTING_LIMITS.items) throw new PagingError(what, 'items');
    yield page;
    const next = nextLinkOf(page);
    if (next === undefined) continue;
    if (seen.has(next)) throw new PagingError(what, 'repeats');
    seen.add(next);
  }
}
