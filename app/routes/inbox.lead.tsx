import { requireArea } from "~/lib/console/guard.server";
import { data, redirect } from "react-router";
import { InboxHeading, Notice } from "~/components/console/frame";
import { KindBadge, StatusBadge } from "~/components/inbox/lead-badges";
import { Section } from "~/components/console/section";
import { AttributionList, LeadFields, MeetingTimeline, OutboxJobs, RelatedLeads } from "~/components/inbox/lead-detail";
import { PostForm } from "~/components/console/post-form";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { databaseContext, operatorContext } from "~/context";
import { formatDateTime } from "~/lib/console/format";
import {
  isLeadKind,
  isLeadStage,
  LEAD_KIND_LABELS,
  LEAD_STAGE_LABELS,
  LEAD_STAGES,
  NOTE_MAX_LENGTH,
  type LeadKind,
} from "~/lib/inbox/kinds";
import { leadDetail, leadsOfAddress, setLeadNote, setLeadStage, setLeadStatus } from "~/lib/inbox/leads.server";
import { inboxMeta } from "~/lib/console/meta";
import { outboxFor } from "~/lib/inbox/outbox.server";
import { inboxPaths } from "~/lib/console/paths";
import type { Route } from "./+types/inbox.lead";

export const middleware: Route.MiddlewareFunction[] = [requireArea("leads")];

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  inboxMeta(loaderData ? `${LEAD_KIND_LABELS[loaderData.lead.kind].one} ${loaderData.lead.id}` : "Lead");

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
  const [related, jobs] = await Promise.all([leadsOfAddress(db, lead.email), outboxFor(db, lead.email)]);
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    lead,
    related: related.filter((row) => !(row.kind === kind && row.id === id)),
    jobs,
    saved: saved === "status" || saved === "note" || saved === "stage" ? saved : null,
  };
}

/** Marks the lead handled (by whom, when) or new again, or saves its private note; then back to the page. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { kind, id } = leadOf(params);
  const { db } = context.get(databaseContext);
  const form = await request.formData();
  const intent = form.get("intent");
  let found: boolean;
  if (intent === "status") {
    const status = form.get("status");
    if (status !== "new" && status !== "handled") return data({ error: "Choose new or handled." }, { status: 400 });
    found = await setLeadStatus(db, kind, id, status, context.get(operatorContext).email);
  } else if (intent === "stage") {
    const stage = form.get("stage");
    if (!isLeadStage(stage)) return data({ error: "Choose a stage." }, { status: 400 });
    found = await setLeadStage(db, kind, id, stage, context.get(operatorContext).email);
  } else if (intent === "note") {
    const note = form.get("note");
    if (typeof note !== "string" || note.length > NOTE_MAX_LENGTH) {
      return data({ error: `A note can be at most ${NOTE_MAX_LENGTH.toLocaleString("en-US")} characters.` }, { status: 400 });
    }
    found = await setLeadNote(db, kind, id, note.trim() === "" ? null : note.trim());
  } else {
    return data({ error: "Nothing to do." }, { status: 400 });
  }
  if (!found) throw notFound();
  throw redirect(`${inboxPaths.lead(kind, id)}?saved=${intent}`, 303);
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, related, jobs, saved } = loaderData;
  const handled = lead.handledAt !== null;
  return (
    <>
      <p>
        <a href={inboxPaths.leads} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← All leads
        </a>
      </p>
      <InboxHeading
        title={lead.name ?? lead.email}
        description={
          <>
            {LEAD_KIND_LABELS[lead.kind].one}, received <time dateTime={lead.at.toISOString()}>{formatDateTime(lead.at)}</time>
          </>
        }
      >
        <KindBadge kind={lead.kind} />
        <StatusBadge handled={handled} />
      </InboxHeading>
      {saved === "status" ? <Notice>{handled ? "Marked as handled." : "Marked as new."}</Notice> : null}
      {saved === "note" ? <Notice>Note saved.</Notice> : null}
      {saved === "stage" ? <Notice>Stage set to {LEAD_STAGE_LABELS[lead.stage].toLowerCase()}.</Notice> : null}
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}

      {/* On a phone the status comes first, then what they sent; on a wide screen it heads the side column. */}
      <div className="grid gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="flex flex-col gap-6 lg:col-start-3 lg:row-start-1">
          <Section title="Status">
            <p className="text-sm text-muted-foreground">
              {handled ? (
                <>
                  Handled by {lead.handledBy ?? "a former operator"} on{" "}
                  <time dateTime={lead.handledAt!.toISOString()}>{formatDateTime(lead.handledAt!)}</time>.
                </>
              ) : (
                "New: nobody has handled this lead yet."
              )}
            </p>
            <PostForm>
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="status" value={handled ? "new" : "handled"} />
              <Button type="submit" variant={handled ? "outline" : "default"} className="w-full">
                {handled ? "Mark as new" : "Mark as handled"}
              </Button>
            </PostForm>
          </Section>
          <Section title="Stage">
            <p className="text-sm text-muted-foreground">
              {LEAD_STAGE_LABELS[lead.stage]}
              {lead.stageAt ? (
                <>
                  {" "}
                  since <time dateTime={lead.stageAt.toISOString()}>{formatDateTime(lead.stageAt)}</time>, set by{" "}
                  {lead.stageBy ?? "a former operator"}
                </>
              ) : null}
              .
            </p>
            <PostForm className="flex flex-col gap-3">
              <input type="hidden" name="intent" value="stage" />
              <Label htmlFor="lead-stage">Move to stage</Label>
              <NativeSelect id="lead-stage" name="stage" defaultValue={lead.stage}>
                {LEAD_STAGES.map((stage) => (
                  <option key={stage} value={stage}>
                    {LEAD_STAGE_LABELS[stage]}
                  </option>
                ))}
              </NativeSelect>
              <Button type="submit" variant="outline">
                Set stage
              </Button>
            </PostForm>
          </Section>
        </div>
        <div className="flex flex-col gap-6 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Section title="What they sent">
            <LeadFields
              fields={[{ label: "Email", value: lead.email }, ...(lead.name ? [{ label: "Name", value: lead.name }] : []), ...lead.fields]}
            />
            <p>
              <a href={`mailto:${lead.email}`} className="font-medium text-primary underline-offset-4 hover:underline">
                Write to {lead.email}
              </a>
            </p>
          </Section>
          {lead.timeline ? (
            <Section title="Meetings">
              <MeetingTimeline entries={lead.timeline} />
            </Section>
          ) : null}
          <Section title="Where the visit came from">
            <AttributionList visit={lead} />
          </Section>
          <Section title="Also from this address">
            <RelatedLeads rows={related} />
          </Section>
          <Section title="Emails and webhooks">
            <OutboxJobs rows={jobs} />
          </Section>
        </div>

        <div className="flex flex-col gap-6 lg:col-start-3 lg:row-start-2">
          <Section title="Private note">
            <PostForm className="flex flex-col gap-3">
              <input type="hidden" name="intent" value="note" />
              <Label htmlFor="lead-note" className="sr-only">
                Private note
              </Label>
              <Textarea
                id="lead-note"
                name="note"
                rows={5}
                maxLength={NOTE_MAX_LENGTH}
                defaultValue={lead.note ?? ""}
                aria-describedby="lead-note-hint"
              />
              <p id="lead-note-hint" className="text-xs text-muted-foreground">
                Only the team sees it. It is erased with the lead.
              </p>
              <Button type="submit" variant="outline">
                Save note
              </Button>
            </PostForm>
          </Section>
          <Section title="Data request">
            <p className="text-sm text-muted-foreground">See, export or erase everything stored about this address.</p>
            <PostForm action={inboxPaths.requests}>
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
