/** The hidden field that carries the session's anti-forgery token in every state-changing inbox form. */
export const CSRF_FIELD = "csrf";
