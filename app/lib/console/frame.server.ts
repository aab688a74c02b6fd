import type { SignedInOperator } from "./session.server";
import type { ConsoleSession } from "./types";
import { AREAS, mayReach } from "./roles";

/** The counts the frame's menu shows beside the areas, composed by the console's layouts from the features (decision 039). */
export type FrameCounts = Pick<ConsoleSession, "newLeads" | "today" | "failedJobs" | "heldSpam">;

/** What the layouts add to the session (the company's placeholder details, named by the site content feature). */
export type FrameSession = Omit<ConsoleSession, "companyPlaceholders">;

/**
 * What every operator page's frame shows (the console's and the blog editor's layout): who, what they reach, the counts.
 * An account that may not see the leads sees no count of them either: `counts` is not even asked.
 */
export async function consoleSession(operator: SignedInOperator, counts: () => Promise<FrameCounts>): Promise<FrameSession> {
  const areas = AREAS.filter((area) => mayReach(operator.role, area));
  const session = {
    email: operator.email,
    role: operator.role,
    areas,
    csrfToken: operator.csrfToken,
    newLeads: 0,
    today: 0,
    failedJobs: 0,
    heldSpam: 0,
    timeZone: operator.timeZone,
    now: new Date().toISOString(),
  };
  if (!areas.includes("leads")) return session;
  return { ...session, ...(await counts()) };
}
