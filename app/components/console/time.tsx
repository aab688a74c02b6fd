import { cn } from "~/lib/utils";
import { formatExact, formatWhen } from "~/lib/console/format";
import { useConsoleSession } from "./session";

/**
 * A moment on a console page (decision 045): relative to the page's now, in the operator's zone, on one line; the whole
 * date with its zone is its tooltip, the exact instant its `datetime`.
 */
export function ConsoleTime({ value, className }: { value: Date | string; className?: string }) {
  const { timeZone, now } = useConsoleSession();
  const at = new Date(value);
  return (
    <time dateTime={at.toISOString()} title={formatExact(at, timeZone)} className={cn("whitespace-nowrap", className)}>
      {formatWhen(at, { timeZone, now })}
    </time>
  );
}
