// One person's story on a lead's page (decision 045): every feature tells what it holds about an address as events of
// this one shape (the leads their forms, notes, stage moves and owners; the bookings their meetings; the roadmap votes
// their votes and notes; the outbox every mail), and the page merges them newest first. Plain data, so this layer names
// no feature and a component can render it.

export interface TimelineEvent {
  at: Date;
  /** What kind of event, for tests and styling: "lead:contact", "booking:rescheduled", "mail:team-notification". */
  kind: string;
  /** Who did it: the person, the site on its own (a mail, a webhook), someone on the team. */
  actor: "person" | "site" | "team";
  /** What happened, in plain words: "Sent the contact form", "We told the team". */
  title: string;
  /** What the person wrote or the team noted, as written. */
  quote?: string | null;
  /** More about it: "by ann@example.com", "to ada@example.com · sent", "from New". */
  detail?: string | null;
  /** A moment the event names (a meeting's start), written as console times are, after `momentLabel`. */
  moment?: Date | null;
  momentLabel?: string;
  /** Where to see it whole: another lead's page, the roadmap item. */
  href?: string | null;
  /** The link's words ("Open the contact request"). */
  hrefLabel?: string;
  /** Something went wrong with it (a mail that failed). */
  problem?: boolean;
}

/** Every event, newest first; events of one moment keep the order they were given in. */
export function newestFirst(...lists: TimelineEvent[][]): TimelineEvent[] {
  return lists.flat().toSorted((a, b) => b.at.getTime() - a.at.getTime());
}
