// The home hero's picture of the product: an inbox manager's inbox, the reply it answered and the meeting that followed.
// Phones see the conversation; wider screens add the replies list, then the inbox managers.
import { Icon } from "~/components/ui/icon";
import { inboxScene } from "~/content/product-scenes";
import { cn } from "~/lib/utils";
import { Scene, SceneAvatar, SceneChip, SceneWindow } from "./scene-parts";

export function InboxScene({ className }: { className?: string }) {
  const { conversation, meeting } = inboxScene;
  return (
    <Scene name="inbox" className={cn("w-full text-left", className)}>
      <SceneWindow title={`Replywise · ${inboxScene.window}`} aside={<LiveBadge />}>
        <div className="grid md:grid-cols-[16rem_1fr] lg:grid-cols-[11rem_17rem_1fr]">
          <div className="hidden flex-col gap-1 border-r bg-muted/40 p-3 lg:flex">
            <p className="px-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{inboxScene.managersHeading}</p>
            {inboxScene.managers.map((manager, index) => (
              <span
                key={manager}
                className={cn(
                  "flex items-center gap-2 rounded-md px-2 py-1.5 text-xs",
                  index === 0 ? "bg-card font-medium text-foreground shadow-sm" : "text-muted-foreground",
                )}
              >
                <Icon name="inbox" className="size-3.5 shrink-0" />
                <span className="truncate">{manager}</span>
              </span>
            ))}
          </div>

          <div className="hidden flex-col border-r md:flex">
            <p className="border-b px-4 py-2.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {inboxScene.threadsHeading}
            </p>
            {inboxScene.threads.map((thread, index) => (
              <div key={thread.from} className={cn("relative flex flex-col gap-1 border-b px-4 py-3", index === 0 && "bg-secondary/60")}>
                {index === 0 ? <span className="absolute inset-y-0 left-0 w-0.5 bg-primary" /> : null}
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-xs font-semibold text-foreground">{thread.from}</span>
                  <SceneChip tone={thread.tone}>{thread.tag}</SceneChip>
                </span>
                <span className="truncate text-xs text-muted-foreground">{thread.preview}</span>
              </div>
            ))}
          </div>

          <div className="flex min-w-0 flex-col gap-4 p-4 sm:p-6">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <SceneAvatar label={conversation.from} />
              <span className="flex min-w-0 flex-col">
                <span className="text-sm font-semibold text-foreground">{conversation.from}</span>
                <span className="text-xs text-muted-foreground">
                  {conversation.role} · {conversation.receivedAt}
                </span>
              </span>
              <span className="flex gap-1.5 sm:ml-auto">
                <SceneChip tone="positive">{conversation.labels[0]}</SceneChip>
                <SceneChip tone="positive">{conversation.labels[1]}</SceneChip>
              </span>
            </div>
            <p className="rounded-lg border bg-muted/50 px-4 py-3 text-sm text-foreground">{conversation.message}</p>

            <div className="flex flex-col items-end gap-1.5 sm:pl-12">
              <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                <Icon name="sparkles" className="size-3.5 text-primary" />
                {conversation.replier} · {conversation.repliedAt}
              </span>
              <p className="rounded-lg bg-primary px-4 py-3 text-sm text-primary-foreground">{conversation.reply}</p>
              <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
                <Icon name="clock" className="size-3.5" />
                {conversation.replyNote}
              </span>
            </div>

            <div className="flex items-center gap-3 rounded-lg border bg-card p-3 shadow-sm sm:max-w-xs">
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-secondary text-primary">
                <Icon name="calendar-check" className="size-4.5" />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="text-sm font-semibold text-foreground">{meeting.title}</span>
                <span className="text-xs text-muted-foreground">
                  {meeting.when} · {meeting.note}
                </span>
              </span>
            </div>
          </div>
        </div>
      </SceneWindow>
    </Scene>
  );
}

/** The always-on signal: its dot pings for visitors who have not asked for less motion. */
function LiveBadge() {
  return (
    <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
      <span className="relative flex size-2">
        <span className="absolute inline-flex size-full rounded-full bg-success opacity-60 motion-safe:animate-ping" />
        <span className="relative inline-flex size-2 rounded-full bg-success" />
      </span>
      {inboxScene.live}
    </span>
  );
}
