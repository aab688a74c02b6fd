import { useEffect, useState } from "react";

/** `datetime-local`'s value for an instant, in this browser's time zone. */
export function localInputValue(iso: string) {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An instant as the editor reads it: in their own time zone once the page runs, in UTC before (the server's render). */
export function LocalTime({ iso }: { iso: string }) {
  const [label, setLabel] = useState(() => `${new Date(iso).toISOString().slice(0, 16).replace("T", " ")} UTC`);
  useEffect(() => {
    // Spelled out: dateStyle and timeStyle cannot be combined with timeZoneName (a TypeError that blanked the page).
    const format = { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" } as const;
    setLabel(new Intl.DateTimeFormat("en-US", format).format(new Date(iso)));
  }, [iso]);
  return <time dateTime={iso}>{label}</time>;
}
