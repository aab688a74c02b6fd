import { PostForm } from "~/components/console/post-form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { LEAD_STAGE_LABELS, LEAD_STAGES, type LeadKind, type LeadStage } from "./kinds";
import type { LeadOwner } from "./types";

// The small forms that work a lead, shared by its page and the board: move it to a stage, give it an owner, set its
// follow-up day. Plain posts (the console never hydrates), so they work without JavaScript and by keyboard. Each
// carries what the operator saw (the stage, the owner), so a change made meanwhile by someone else is refused rather
// than overwritten (app/features/leads/lead-actions.server.ts).

interface WorkedLead {
  kind: LeadKind;
  id: number;
  stage: LeadStage;
  ownerId: number | null;
}

interface FormPlace {
  /** Makes the controls' ids unique on a page with many leads (the board). */
  idPrefix: string;
  /** Where the form posts: the board names the lead in hidden fields; the lead's page posts to itself. */
  action?: string | undefined;
  /** Added to the controls' accessible names on a page with many leads ("Move to for Ada Lovelace"). */
  about?: string | undefined;
}

function LeadFields({ lead, action }: { lead: WorkedLead; action: string | undefined }) {
  if (!action) return null;
  return (
    <>
      <input type="hidden" name="kind" value={lead.kind} />
      <input type="hidden" name="id" value={lead.id} />
    </>
  );
}

const forLead = (about: string | undefined) => (about ? <span className="sr-only"> for {about}</span> : null);

export function MoveForm({ lead, idPrefix, action, about, compact = false }: FormPlace & { lead: WorkedLead; compact?: boolean }) {
  const id = `${idPrefix}-stage`;
  return (
    <PostForm action={action} className={compact ? "flex items-end gap-2" : "flex flex-col gap-3"}>
      <LeadFields lead={lead} action={action} />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="from" value={lead.stage} />
      <div className={compact ? "flex min-w-0 flex-1 flex-col gap-1.5" : "flex flex-col gap-2"}>
        <Label htmlFor={id} className={compact ? "text-xs text-muted-foreground" : undefined}>
          Move to{forLead(about)}
        </Label>
        <NativeSelect id={id} name="stage" defaultValue={lead.stage} className={compact ? "h-9 text-sm" : undefined}>
          {LEAD_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {LEAD_STAGE_LABELS[stage]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline" size={compact ? "sm" : "default"}>
        Move{forLead(about)}
      </Button>
    </PostForm>
  );
}

export function OwnerForm({
  lead,
  owners,
  idPrefix,
  action,
  about,
  compact = false,
}: FormPlace & { lead: WorkedLead; owners: LeadOwner[]; compact?: boolean }) {
  const id = `${idPrefix}-owner`;
  const known = lead.ownerId === null || owners.some((owner) => owner.id === lead.ownerId);
  return (
    <PostForm action={action} className={compact ? "flex items-end gap-2" : "flex flex-col gap-3"}>
      <LeadFields lead={lead} action={action} />
      <input type="hidden" name="intent" value="owner" />
      <input type="hidden" name="expected-owner" value={lead.ownerId ?? ""} />
      <div className={compact ? "flex min-w-0 flex-1 flex-col gap-1.5" : "flex flex-col gap-2"}>
        <Label htmlFor={id} className={compact ? "text-xs text-muted-foreground" : undefined}>
          Owner{forLead(about)}
        </Label>
        <NativeSelect id={id} name="owner" defaultValue={lead.ownerId ?? ""} className={compact ? "h-9 text-sm" : undefined}>
          <option value="">Nobody</option>
          {/* An owner whose role no longer works leads still shows, so saving the form does not drop them unseen. */}
          {known ? null : <option value={lead.ownerId!}>A former sales account</option>}
          {owners.map((owner) => (
            <option key={owner.id} value={owner.id}>
              {owner.email}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline" size={compact ? "sm" : "default"}>
        Assign{forLead(about)}
      </Button>
    </PostForm>
  );
}

export function FollowUpForm({ lead, today }: { lead: WorkedLead & { followUpOn: string | null }; today: string }) {
  return (
    <>
      <PostForm className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="follow-up" />
        <Label htmlFor="lead-follow-up">Follow-up day</Label>
        <Input id="lead-follow-up" name="day" type="date" min={today} defaultValue={lead.followUpOn ?? ""} />
        <Button type="submit" variant="outline">
          Save follow-up
        </Button>
      </PostForm>
      {lead.followUpOn ? (
        <PostForm>
          <input type="hidden" name="intent" value="follow-up" />
          <input type="hidden" name="day" value="" />
          <Button type="submit" variant="ghost" className="w-full">
            Clear follow-up
          </Button>
        </PostForm>
      ) : null}
    </>
  );
}
