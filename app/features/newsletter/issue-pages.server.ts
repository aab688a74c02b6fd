import { and, eq, inArray } from "drizzle-orm";
import type { ContentPages } from "~/features/redirects/index.server";
import { archiveNumberOf } from "./issue-state";
import { newsletterIssues } from "./tables";

/** An archived issue's address answers once the issue is sent: the redirect manager asks here (decisions 034, 039). */
export const issuePages: ContentPages = {
  route: "/newsletter/:number",
  keyOf(routerPath) {
    const number = archiveNumberOf(routerPath.split("/")[2] ?? "");
    return number ? String(number) : undefined;
  },
  async owners(db, keys) {
    const issues = await db
      .select({ number: newsletterIssues.number })
      .from(newsletterIssues)
      .where(and(inArray(newsletterIssues.number, keys.map(Number)), eq(newsletterIssues.status, "sending")));
    return new Map(issues.map(({ number }) => [String(number), "a newsletter issue in the archive"]));
  },
};
