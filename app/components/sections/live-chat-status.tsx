import { useEffect, useState } from "react";
import { isChatOnline, type ChatHours } from "~/lib/live-chat";
import { cn } from "~/lib/utils";

const RECHECK_MS = 60_000;

/** Online or offline right now. Computed in the browser (the prerendered page cannot know the time); the line keeps its height meanwhile. */
export function LiveChatStatus({ hours, className }: { hours: ChatHours; className?: string }) {
  const [online, setOnline] = useState<boolean | null>(null);

  useEffect(() => {
    const update = () => setOnline(isChatOnline(new Date(), hours));
    update();
    const timer = window.setInterval(update, RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [hours]);

  return (
    <p role="status" className={cn("flex min-h-6 items-center gap-2 text-sm font-medium", className)} data-online={online ?? undefined}>
      {online === null ? null : (
        <>
          <span aria-hidden="true" className={cn("size-2.5 rounded-full", online ? "bg-success" : "bg-muted-foreground")} />
          <span className={online ? "text-success" : "text-muted-foreground"}>{online ? "Online now" : "Offline now"}</span>
        </>
      )}
    </p>
  );
}
