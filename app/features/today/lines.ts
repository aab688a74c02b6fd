import { LEAD_KIND_LABELS, type LeadKind } from "~/features/leads";

// Today (decision 044): the first screen of a sales or admin account. Follow-ups overdue, then due today, then new
// hand-raisers (a contact request, a booked demo, a feature request, a vote with a note); the operator's own first in
// each; one line per person. The order is this pure function's, so the page and the count in the navigation agree.

export const TODAY_SECTIONS = ["overdue", "due", "new"] as const;
export type TodaySection = (typeof TODAY_SECTIONS)[number];

export const TODAY_SECTION_LABELS: Record<TodaySection, string> = {
  overdue: "Follow-ups overdue",
  due: "Follow-ups due today",
  new: "New hand-raisers",
};

/** A lead as Today reads it (the leads' todayLeads). */
export interface TodayLead {
  kind: LeadKind;
  id: number;
  name: string | null;
  email: string;
  summary: string | null;
  /** When they raised their hand (the lead's time). */
  at: Date;
  stage: string;
  ownerId: number | null;
  /** The follow-up day (YYYY-MM-DD), in the team's days. */
  followUpOn: string | null;
}

/** A confirmed roadmap vote that came with a note: a hand raised without a form (decision 036's votes). */
export interface TodayVote {
  email: string;
  name: string | null;
  note: string;
  itemId: string;
  /** The item's name on the roadmap, or its id when it is no longer there. */
  itemName: string;
  at: Date;
}

export type TodaySource = { kind: LeadKind; id: number } | { kind: "vote"; itemId: string };

export interface TodayLine {
  section: TodaySection;
  source: TodaySource;
  who: string;
  email: string;
  /** What they want, in one line of words: "Contact request: Pricing for 40 inboxes?". */
  want: string;
  /** When they raised their hand. */
  at: Date;
  followUpOn: string | null;
  ownerId: number | null;
  mine: boolean;
}

const wantOf = (lead: TodayLead) => `${LEAD_KIND_LABELS[lead.kind].one}${lead.summary ? `: ${lead.summary}` : ""}`;

/** Mine first, then nobody's (someone should take them), then the others'. */
const ownerRank = (line: Pick<TodayLine, "mine" | "ownerId">) => (line.mine ? 0 : line.ownerId === null ? 1 : 2);

/**
 * Today's lines for one operator on one day (YYYY-MM-DD in their time zone): a lead with a follow-up day before today is
 * overdue, on today due; a lead still at `new` (the pipeline's: the audience is never new, decision 044) and a noted vote
 * are new. Within a section: mine first, then the longest waiting. One line per person (their address), the first kept.
 */
export function todayLines(leads: TodayLead[], votes: TodayVote[], { viewerId, today }: { viewerId: number; today: string }): TodayLine[] {
  const lines: TodayLine[] = [];
  for (const lead of leads) {
    const section: TodaySection | null =
      lead.followUpOn && lead.followUpOn < today ? "overdue" : lead.followUpOn === today ? "due" : lead.stage === "new" ? "new" : null;
    if (!section) continue;
    lines.push({
      section,
      source: { kind: lead.kind, id: lead.id },
      who: lead.name ?? lead.email,
      email: lead.email,
      want: wantOf(lead),
      at: lead.at,
      followUpOn: lead.followUpOn,
      ownerId: lead.ownerId,
      mine: lead.ownerId === viewerId,
    });
  }
  for (const vote of votes) {
    lines.push({
      section: "new",
      source: { kind: "vote", itemId: vote.itemId },
      who: vote.name ?? vote.email,
      email: vote.email,
      want: `Voted for ${vote.itemName}: “${vote.note}”`,
      at: vote.at,
      followUpOn: null,
      ownerId: null,
      mine: false,
    });
  }
  lines.sort(
    (a, b) =>
      TODAY_SECTIONS.indexOf(a.section) - TODAY_SECTIONS.indexOf(b.section) ||
      ownerRank(a) - ownerRank(b) ||
      (a.followUpOn ?? "").localeCompare(b.followUpOn ?? "") ||
      a.at.getTime() - b.at.getTime(),
  );
  const seen = new Set<string>();
  return lines.filter((line) => {
    const person = line.email.toLowerCase();
    if (seen.has(person)) return false;
    seen.add(person);
    return true;
  });
}
