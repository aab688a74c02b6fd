import type * as React from "react";
import { CSRF_FIELD } from "~/lib/console/csrf";
import { useConsoleSession } from "./session";

/**
 * A form that changes something (or records an export): POST, with the session's anti-forgery token, which the console's
 * guard checks before the action runs. A plain form, so it works without JavaScript (the console never hydrates).
 */
export function PostForm({ children, ...props }: Omit<React.ComponentProps<"form">, "method">) {
  const { csrfToken } = useConsoleSession();
  return (
    <form method="post" {...props}>
      <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
      {children}
    </form>
  );
}
