// How every console list pages: the leads, the spam held, the outbox and the audit log.

/** Rows per page in every console list. */
export const PAGE_SIZE = 50;

/** The highest page number an address may ask for: a larger one reads as this. */
const MAX_PAGE = 100_000;

/** The page number asked for in the address; 1 when absent or odd. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}
