import type { ContactNotice } from "../app/context";

/**
 * Posts each new contact request to the operator's webhook (NOTIFY_WEBHOOK_URL) in the background: the
 * visitor's answer never waits for it, and a slow or failing hook only leaves a line in the log.
 */
export function webhookNotifier(url: string, timeoutMs = 5000) {
  return (request: ContactNotice) => {
    const body = JSON.stringify({
      type: "contact_request",
      id: request.id,
      createdAt: request.createdAt.toISOString(),
      name: request.name,
      email: request.email,
      companyName: request.companyName,
      message: request.message,
    });
    setImmediate(() => {
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "User-Agent": "replywise-web" },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      })
        .then((response) => {
          if (!response.ok) console.warn(`contact notification: webhook answered ${response.status}`);
          return response.body?.cancel();
        })
        .catch((error: unknown) => console.warn(`contact notification failed (${error instanceof Error ? error.name : "error"})`));
    });
  };
}
