// The small product scenes at the top of a card (the features grid, How It Works): one moment of the product each, named
// by the content entry that shows it.
import type * as React from "react";
import { Icon } from "~/components/ui/icon";
import {
  calendarScene,
  dashboardScene,
  managersScene,
  replyScene,
  sequenceScene,
  webhookScene,
  type MiniSceneName,
} from "~/content/product-scenes";
import { cn } from "~/lib/utils";
import { SceneChip, ScenePanel } from "./scene-parts";

/** What a scene shows from the published content: the sending tools available today, by name (sendingTools()). */
interface SceneProps {
  sendingTools: readonly string[];
}

/** A small window inside the panel: the surface the scene's text sits on. */
function Pane({ className, children }: { className?: string; children: React.ReactNode }) {
  return <div className={cn("rounded-lg border bg-card p-3 text-card-foreground shadow-sm", className)}>{children}</div>;
}

function ManagersScene() {
  return (
    <div className="flex flex-col gap-1.5">
      {managersScene.managers.map((manager) => (
        <Pane key={manager.name} className="flex items-center gap-3 px-3 py-1">
          <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-md bg-secondary text-xs font-bold text-secondary-foreground">
            {manager.name.at(-1)}
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="text-xs font-semibold text-foreground">{manager.name}</span>
            <span className="truncate text-xs text-muted-foreground">{manager.detail}</span>
          </span>
          <SceneChip tone="positive" className="ml-auto">
            {managersScene.status}
          </SceneChip>
        </Pane>
      ))}
    </div>
  );
}

function WebhookScene({ sendingTools }: SceneProps) {
  return (
    <Pane className="flex flex-col gap-2.5 font-mono text-xs">
      <span className="flex items-center justify-between gap-2 border-b pb-2">
        <span className="truncate font-semibold text-foreground">{webhookScene.endpoint}</span>
        <SceneChip tone="positive" className="font-sans">
          {webhookScene.status}
        </SceneChip>
      </span>
      {sendingTools.map((tool) => (
        <span key={tool} className="flex items-center gap-2">
          <Icon name="webhook" className="size-3.5 shrink-0 text-primary" />
          <span className="text-foreground">{webhookScene.event}</span>
          <span className="ml-auto font-sans text-muted-foreground">{tool}</span>
        </span>
      ))}
      <span className="flex items-center gap-2 border-t pt-2 font-sans text-muted-foreground">
        <Icon name="arrow-right" className="size-3.5 shrink-0" />
        {webhookScene.received}
      </span>
    </Pane>
  );
}

function ReplyScene() {
  return (
    <div className="flex flex-col gap-2 text-xs">
      <p className="mr-8 rounded-lg border bg-card px-3 py-2 text-foreground shadow-sm">{replyScene.message}</p>
      <span className="flex gap-1.5">
        {replyScene.labels.map((label) => (
          <SceneChip key={label} tone="positive">
            {label}
          </SceneChip>
        ))}
      </span>
      <p className="ml-8 rounded-lg bg-primary px-3 py-2 text-primary-foreground shadow-sm">{replyScene.reply}</p>
      <span className="flex items-center justify-end gap-1.5 text-xs font-medium text-muted-foreground">
        <Icon name="clock" className="size-3" />
        {replyScene.status}
      </span>
    </div>
  );
}

function SequenceScene() {
  return (
    <Pane className="flex flex-col gap-2 py-2.5">
      <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{sequenceScene.heading}</span>
      <ol className="flex flex-col gap-1.5">
        {sequenceScene.steps.map((step) => (
          <li key={step.label} className="flex items-center gap-2 text-xs">
            {step.state === "done" ? (
              <Icon name="check-circle" className="size-4 shrink-0 text-success" />
            ) : step.state === "booked" ? (
              <Icon name="calendar-check" className="size-4 shrink-0 text-primary" />
            ) : (
              <span className="inline-flex size-4 shrink-0 items-center justify-center">
                <span className="size-2.5 rounded-full border-2 border-muted-foreground/50" />
              </span>
            )}
            <span
              className={cn(
                step.state === "booked" ? "font-semibold text-foreground" : "text-foreground",
                step.state === "stopped" && "text-muted-foreground line-through",
              )}
            >
              {step.label}
            </span>
            {step.state === "stopped" ? <span className="ml-auto text-xs text-muted-foreground">{sequenceScene.stoppedNote}</span> : null}
          </li>
        ))}
      </ol>
    </Pane>
  );
}

function CalendarScene() {
  return (
    <div className="flex flex-col gap-2">
      <Pane className="p-2">
        <div className="grid grid-cols-5 gap-1 text-center">
          {calendarScene.days.map((day, dayIndex) => (
            <div key={day} className="flex flex-col gap-1">
              <span className="text-xs font-medium text-muted-foreground">{day}</span>
              {dayIndex === calendarScene.bookedDay ? (
                <span className="flex h-13 items-center justify-center rounded bg-primary px-1 text-xs font-semibold text-primary-foreground">
                  {calendarScene.meeting}
                </span>
              ) : (
                <>
                  <span className="h-6 rounded bg-muted" />
                  <span className="h-6 rounded bg-muted" />
                </>
              )}
            </div>
          ))}
        </div>
      </Pane>
      <span className="flex flex-wrap gap-1.5">
        {calendarScene.notes.map((note) => (
          <SceneChip key={note} tone="positive">
            {note}
          </SceneChip>
        ))}
      </span>
    </div>
  );
}

// Bar heights of an illustrative week: a shape, not a measurement, so no number is printed beside them.
const WEEK_SHAPE = [46, 62, 54, 70, 58, 24, 18];

function DashboardScene() {
  return (
    <Pane className="flex flex-col gap-2.5">
      <span className="flex items-center justify-between">
        <span className="text-xs font-semibold text-foreground">{dashboardScene.heading}</span>
        <Icon name="bar-chart-3" className="size-3.5 text-muted-foreground" />
      </span>
      <div className="grid grid-cols-[1.2fr_1fr] gap-3">
        <div className="flex flex-col gap-1">
          <span className="text-xs text-muted-foreground">{dashboardScene.volume}</span>
          <svg viewBox="0 0 140 72" className="h-14 w-full text-primary" preserveAspectRatio="none">
            {WEEK_SHAPE.map((height, index) => (
              <rect
                key={index}
                x={index * 20 + 3}
                y={72 - height}
                width="14"
                height={height}
                rx="2"
                fill="currentColor"
                fillOpacity={index === 3 ? 1 : 0.35}
              />
            ))}
          </svg>
        </div>
        <div className="flex flex-col gap-2">
          <span className="flex flex-col gap-1">
            <span className="text-xs text-muted-foreground">{dashboardScene.sentiment}</span>
            <span className="flex h-2 overflow-hidden rounded-full">
              <span className="w-3/5 bg-success" />
              <span className="w-1/4 bg-muted-foreground/40" />
              <span className="flex-1 bg-destructive/70" />
            </span>
          </span>
          <span className="flex flex-col">
            <span className="text-xs text-muted-foreground">{dashboardScene.responseTime}</span>
            <span className="text-sm font-semibold text-foreground">{dashboardScene.responseTimeValue}</span>
          </span>
        </div>
      </div>
    </Pane>
  );
}

const miniScenes = {
  managers: ManagersScene,
  webhook: WebhookScene,
  reply: ReplyScene,
  sequence: SequenceScene,
  calendar: CalendarScene,
  dashboard: DashboardScene,
} as const satisfies Record<MiniSceneName, (props: SceneProps) => React.ReactNode>;

/** The named scene in the card-top panel. */
export function MiniScene({ name, className, ...props }: { name: MiniSceneName; className?: string } & SceneProps) {
  const Drawing = miniScenes[name];
  return (
    <ScenePanel name={name} className={className}>
      <Drawing {...props} />
    </ScenePanel>
  );
}
