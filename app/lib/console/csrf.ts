/** The hidden field that carries the session's anti-forgery token in every state-changing console form. */
export const CSRF_FIELD = "csrf";
