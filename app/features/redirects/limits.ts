// The redirect's kinds and lengths, shared by the table (app/features/redirects/tables.ts), the rules and the form.

export const REDIRECT_STATUSES = [301, 302, 410] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** The longest old path a redirect keeps; longer missing paths are not counted either. */
export const REDIRECT_PATH_MAX = 500;
export const REDIRECT_TARGET_MAX = 2000;
