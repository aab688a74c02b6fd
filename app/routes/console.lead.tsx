import { requireArea } from "~/middleware.server";
import { data, redirect } from "react-router";
import { ConsoleHeading, Notice } from "~/components/console/frame";
import {
  KindBadge,
  StageBadge,
  AttributionList,
  LeadFields,
  FollowUpForm,
  MoveForm,
  OwnerForm,
  isLeadKind,
  LEAD_KIND_LABELS,
  LEAD_STAGE_LABELS,
  NOTE_MAX_LENGTH,
  type LeadKind,
} from "~/features/leads";
import { Section } from "~/components/console/section";
import { PostForm } from "~/components/console/post-form";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { ConsoleTime } from "~/components/console/time";
import { Timeline } from "~/components/console/timeline";
import { databaseContext, jobWordsContext, operatorContext } from "~/context";
import { formatDay } from "~/lib/console/format";
import { newestFirst } from "~/lib/console/timeline";
import { applyLeadAction, type LeadIntent, leadDetail, leadOwners, leadTimeline, todayUtc } from "~/features/leads/index.server";
import { bookingTimeline } from "~/features/bookings/index.server";
import { consoleMeta } from "~/lib/console/meta";
import { outboxTimeline } from "~/features/outbox/index.server";
import { consolePaths } from "~/lib/console/paths";
import { RoadmapLinkForm } from "~/features/roadmap-votes";
import {
  linkedItemOf,
  teamRoadmapItems,
  applyRoadmapAction,
  isRoadmapIntent,
  ROADMAP_DONE,
  voteTimeline,
} from "~/features/roadmap-votes/index.server";
import type { Route } from "./+types/console.lead";

export const middleware: Route.MiddlewareFunction[] = [requireArea("leads")];

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  consoleMeta(loaderData ? `${LEAD_KIND_LABELS[loaderData.lead.kind].one} ${loaderData.lead.id}` : "Lead");

const notFound = () => data(null, { status: 404 });

function leadOf(params: Route.LoaderArgs["params"]): { kind: LeadKind; id: number } {
  const id = Number(params.id);
  if (!isLeadKind(params.kind) || !Number.isSafeInteger(id) || id < 1) throw notFound();
  return { kind: params.kind, id };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { kind, id } = leadOf(params);
  const { db } = context.get(databaseContext);
  const lead = await leadDetail(db, kind, id);
  if (!lead) throw notFound();
  // One person, one story (decision 045): each feature tells what it holds about the address, merged newest first.
  const [leads, meetings, votes, mails, owners, roadmap] = await Promise.all([
    leadTimeline(db, lead.email, { kind, id }),
    bookingTimeline(db, lead.email),
    voteTimeline(db, lead.email),
    outboxTimeline(db, lead.email, context.get(jobWordsContext)),
    leadOwners(db),
    // A feature request joins the roadmap (decision 036): the item it is linked to, and those it could be.
    kind === "feature-request" ? Promise.all([linkedItemOf(db, id), teamRoadmapItems(db)]) : null,
  ]);
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    roadmap: roadmap
      ? { linked: roadmap[0], items: roadmap[1].map(({ id, name, status, published }) => ({ id, name, status, published })) }
      : null,
    roadmapDone: (saved && Object.hasOwn(ROADMAP_DONE, saved) ? ROADMAP_DONE[saved as keyof typeof ROADMAP_DONE] : null) as string | null,
    lead,
    story: newestFirst(leads, meetings, votes, mails),
    owners,
    today: todayUtc(),
    saved: (SAVED as readonly (string | null)[]).includes(saved) ? (saved as LeadIntent) : null,
  };
}

const SAVED = ["move", "owner", "follow-up", "note"] as const satisfies readonly LeadIntent[];

/** Moves the lead, gives it an owner, sets its follow-up day or adds a note; then back to the page, saying what changed. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { kind, id } = leadOf(params);
  const form = await request.formData();
  if (isRoadmapIntent(form.get("intent"))) {
    if (kind !== "feature-request") throw notFound();
    const outcome = await applyRoadmapAction(context.get(databaseContext).db, form, { id, actor: context.get(operatorContext).email });
    if ("error" in outcome) {
      if (outcome.status === 404) throw notFound();
      return data({ error: outcome.error }, { status: outcome.status });
    }
    throw redirect(`${consolePaths.lead(kind, id)}?saved=${outcome.saved}`, 303);
  }
  const result = await applyLeadAction(context.get(databaseContext).db, form, {
    kind,
    id,
    actor: context.get(operatorContext).email,
  });
  if ("error" in result) {
    if (result.status === 404) throw notFound();
    return data({ error: result.error }, { status: result.status });
  }
  throw redirect(`${consolePaths.lead(kind, id)}?saved=${result.saved}`, 303);
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, story, owners, today, saved, roadmap, roadmapDone } = loaderData;
  const savedMessage: Record<LeadIntent, string> = {
    move: `Moved to ${LEAD_STAGE_LABELS[lead.stage]}.`,
    owner: lead.ownerEmail ? `${lead.ownerEmail} owns this lead now.` : "This lead has no owner now.",
    "follow-up": lead.followUpOn ? `Follow-up set for ${formatDay(lead.followUpOn)}.` : "Follow-up cleared.",
    note: "Note added.",
  };
  return (
    <>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <a href={consolePaths.leads} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← All leads
        </a>
        <a href={consolePaths.board} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Board
        </a>
      </p>
      <ConsoleHeading
        title={lead.name ?? lead.email}
        description={
          <>
            {LEAD_KIND_LABELS[lead.kind].one}, received <ConsoleTime value={lead.at} />
          </>
        }
      >
        <KindBadge kind={lead.kind} />
        <StageBadge stage={lead.stage} />
      </ConsoleHeading>
      {saved ? <Notice>{savedMessage[saved]}</Notice> : null}
      {roadmapDone ? <Notice>{roadmapDone}</Notice> : null}
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}

      {/* What the person wrote leads, then their whole story; the team's forms follow (beside them on a wide screen). */}
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Section title="What they wrote">
            <LeadFields
              fields={[{ label: "Email", value: lead.email }, ...(lead.name ? [{ label: "Name", value: lead.name }] : []), ...lead.fields]}
            />
            <p className="flex flex-wrap gap-x-4 gap-y-1">
              <a href={`mailto:${lead.email}`} className="font-medium text-primary underline-offset-4 hover:underline">
                Write to {lead.email}
              </a>
              <a href="#work" className="font-medium text-primary underline-offset-4 hover:underline lg:hidden">
                Stage, owner and notes
              </a>
            </p>
          </Section>
          <Section title="Everything from this address" id="story">
            <p className="text-sm text-muted-foreground">
              Newest first: what {lead.name ?? "they"} did, what the site sent, what the team did, on every lead from {lead.email}.
            </p>
            <Timeline events={story} label="Everything from this address, newest first" empty="Nothing else from this address yet." />
          </Section>
        </div>

        <div id="work" className="flex min-w-0 flex-col gap-6">
          <Section title="Stage">
            <p className="text-sm text-muted-foreground">
              {LEAD_STAGE_LABELS[lead.stage]}
              {lead.stageAt ? (
                <>
                  {" "}
                  since <ConsoleTime value={lead.stageAt} />, set by {lead.stageBy ?? "a former operator"}
                </>
              ) : (
                ": nobody has moved this lead yet"
              )}
              .
            </p>
            <MoveForm lead={lead} idPrefix="lead" />
          </Section>
          <Section title="Owner">
            <p className="text-sm text-muted-foreground">
              {lead.ownerEmail ? `${lead.ownerEmail} works this lead.` : "Nobody owns this lead yet."}
            </p>
            <OwnerForm lead={lead} owners={owners} idPrefix="lead" />
          </Section>
          <Section title="Follow-up">
            <FollowUpStatus lead={lead} />
            <FollowUpForm lead={lead} today={today} />
          </Section>
          <Section title="Notes">
            <PostForm className="flex flex-col gap-3">
              <input type="hidden" name="intent" value="note" />
              <Label htmlFor="lead-note">New note</Label>
              <Textarea id="lead-note" name="note" rows={3} maxLength={NOTE_MAX_LENGTH} required aria-describedby="lead-note-hint" />
              <p id="lead-note-hint" className="text-xs text-muted-foreground">
                Up to {NOTE_MAX_LENGTH.toLocaleString("en-US")} characters, plain text. Only the team sees notes; each keeps who wrote it
                and when, shows in the story on the left, and is erased with the lead.
              </p>
              <Button type="submit" variant="outline" className="self-start">
                Add note
              </Button>
            </PostForm>
          </Section>
          {roadmap ? (
            <Section title="Roadmap">
              <RoadmapLinkForm linked={roadmap.linked} items={roadmap.items} />
            </Section>
          ) : null}
          <Section title="Where the visit came from">
            <AttributionList visit={lead} />
          </Section>
          <Section title="Data request">
            <p className="text-sm text-muted-foreground">See, export or erase everything stored about this address.</p>
            <PostForm action={consolePaths.requests}>
              <input type="hidden" name="intent" value="lookup" />
              <input type="hidden" name="email" value={lead.email} />
              <Button type="submit" variant="outline" className="w-full">
                Open a data request
              </Button>
            </PostForm>
          </Section>
        </div>
      </div>
    </>
  );
}

/** What the follow-up day will do: who gets the reminder, or that nobody will. */
function FollowUpStatus({ lead }: { lead: Route.ComponentProps["loaderData"]["lead"] }) {
  if (!lead.followUpOn) return <p className="text-sm text-muted-foreground">No follow-up day set.</p>;
  const day = <time dateTime={lead.followUpOn}>{formatDay(lead.followUpOn)}</time>;
  if (lead.followUpRemindedOn === lead.followUpOn) {
    return (
      <p className="text-sm text-muted-foreground">
        Follow up on {day}: the reminder has gone out{lead.ownerEmail ? ` to ${lead.ownerEmail}` : ""}.
      </p>
    );
  }
  if (!lead.ownerEmail) {
    return (
      <p className="rounded-md border border-dashed p-3 text-sm font-medium">
        Follow up on {day}. This lead has no owner, so nobody gets a reminder: give it an owner above.
      </p>
    );
  }
  return (
    <p className="text-sm text-muted-foreground">
      Follow up on {day}: {lead.ownerEmail} gets one email reminder that morning (8:00, {lead.ownerTimeZone ?? "UTC"}).
    </p>
  );
}
