// What the log may keep of an error. A failed query's error (drizzle's DrizzleQueryError) carries the query's
// parameters in its message, its stack and a `params` property: an address, a name, a message a visitor typed. They
// stay out of the log (docs/decisions/022: nothing a visitor typed in a log); the query, the stack frames and the
// database's own reason (its code and message) are what an operator needs.

const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n\s+at |$)/;

/** An error's message as the log may keep it (a failed query's without its parameters). */
export function loggableMessage(error: unknown): string {
  const safe = loggableError(error);
  return safe instanceof Error ? safe.message : String(safe);
}

/** `error` as the log may print it: a failed query's parameters left out; anything else as it is. */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !("params" in error)) return error;
  const safe = new Error(error.message.replace(PARAMS_IN_TEXT, "\nparams: (left out of the log)"));
  safe.name = error.name;
  safe.stack = (error.stack ?? "").replace(PARAMS_IN_TEXT, "\nparams: (left out of the log)");
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  if (cause && typeof cause === "object") safe.cause = { code: cause.code, message: cause.message };
  return safe;
}
