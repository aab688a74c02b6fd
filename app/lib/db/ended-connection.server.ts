// A pooled PostgreSQL connection the database ended while it was away (admin_shutdown, 57P01: a restart, a failover, an
// operator's terminate) is found out by the first query that uses it, after the database is back. That query fails
// without having run; the pool drops the connection, so trying once more runs it on another one.

/** Whether the error (or one it wraps: drizzle puts the driver's in `cause`) says the connection had been ended. */
export function endedConnection(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === "57P01") return true;
  }
  return false;
}

/** Runs `attempt`, and once more when it failed on a connection the database had ended. */
export async function onceMoreIfEnded<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!endedConnection(error)) throw error;
    return attempt();
  }
}
