import { cn } from "~/lib/utils";

/**
 * Online or offline right now. Written in the browser by the contact page's script (the prerendered page cannot know
 * the time: app/lib/page-scripts/live-chat-status.ts): `data-online` colours the dot and the words; the line keeps
 * its height meanwhile.
 */
export function LiveChatStatus({ className }: { className?: string }) {
  return (
    <p role="status" data-chat-status="" className={cn("group flex min-h-6 items-center gap-2 text-sm font-medium", className)}>
      <span
        aria-hidden="true"
        className="hidden size-2.5 rounded-full bg-muted-foreground group-data-online:block group-data-[online=true]:bg-success"
      />
      <span data-chat-label="" className="text-muted-foreground group-data-[online=true]:text-success" />
    </p>
  );
}
