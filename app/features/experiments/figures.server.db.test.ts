import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { demoBookings } from "~/features/bookings/index.server";
import { contactRequests, demoLeads, featureRequests, newsletterSubscribers, resourceLeads } from "~/features/leads/index.server";
import type { LeadStage } from "~/features/leads";
import { withMigratedDatabase } from "../../../tests/support/migrated-database";
import { variantOf, type VariantShare } from "./assignment";
import { experimentFigures, type ExperimentWindow, type VariantFigures } from "./figures.server";

// An experiment's figures per variant from page views and leads seeded on both databases: who is a visit (the path,
// the window, once however many views), which leads count (every table, a newsletter only once confirmed, from the
// start on), and each visit's variant as variantOf picks it, the database bucketing 100,000 visitors exactly alike.

const PATH = "/agencies";
const STARTED = new Date("2031-03-10T12:00:00Z");
const STOPPED = new Date("2031-03-12T12:00:00Z");
const VARIANTS: VariantShare[] = [
  { key: "control", share: 40 },
  { key: "short-form", share: 30 },
  { key: "video", share: 30 },
];
const EXPERIMENT: ExperimentWindow = { id: 11, path: PATH, variants: VARIANTS, startedAt: STARTED, stoppedAt: STOPPED };

const at = (iso: string) => new Date(iso);
/** The n-th visitor id from 10^12 up that variantOf puts in the variant: every variant gets visits whatever the hash. */
function visitorIn(key: string, n: number): number {
  let found = -1;
  for (let id = 1_000_000_000_000; ; id += 1) if (variantOf(EXPERIMENT.id, id, VARIANTS) === key && ++found === n) return id;
}

describe.each(["pglite", "postgres"] as const)("an experiment's figures on %s", (driver) => {
  const database = withMigratedDatabase(driver);
  const db = () => database.db;

  beforeEach(async () => {
    await db().execute(
      sql`TRUNCATE analytics_page_views, contact_requests, feature_requests, newsletter_subscribers, resource_leads, demo_leads, demo_bookings CASCADE`,
    );
  });

  const view = (visitor: number, path: string, when: Date) =>
    db().execute(
      sql`INSERT INTO analytics_page_views (at, day, visitor, path, device)
        VALUES (${when.toISOString()}::timestamptz, ${when.toISOString().slice(0, 10)}::date, ${visitor}, ${path}, 'desktop')`,
    );
  let serial = 0;
  const person = () => ({ name: `Person ${++serial}`, email: `person${serial}@example.com` });
  type Lead = { visitor: number | null; when: Date; stage: LeadStage };
  const contact = ({ visitor, when, stage }: Lead) =>
    db()
      .insert(contactRequests)
      .values({ ...person(), message: "About agencies.", createdAt: when, stage, visitorId: visitor });
  const featureRequest = ({ visitor, when, stage }: Lead) =>
    db()
      .insert(featureRequests)
      .values({ ...person(), featureTitle: "Agency seats", description: "Seats per client.", createdAt: when, stage, visitorId: visitor });
  const download = ({ visitor, when, stage }: Lead) =>
    db()
      .insert(resourceLeads)
      .values({
        ...person(),
        resourceId: "agency-playbook",
        resourceTitle: "Agency playbook",
        downloadedAt: when,
        stage,
        visitorId: visitor,
      });
  const newsletter = ({ visitor, when, stage, confirmed }: Lead & { confirmed: boolean }) =>
    db()
      .insert(newsletterSubscribers)
      .values({
        email: person().email,
        source: PATH,
        createdAt: when,
        status: confirmed ? "confirmed" : "pending",
        confirmedAt: confirmed ? when : null,
        stage,
        visitorId: visitor,
      });
  const demo = async ({ visitor, when, stage, booked }: Lead & { booked: boolean }) => {
    const [lead] = await db().insert(demoLeads).values({ email: person().email, createdAt: when, stage, visitorId: visitor }).returning();
    if (booked)
      await db()
        .insert(demoBookings)
        .values({ leadId: lead!.id, provider: "cal", bookingId: `booking-${serial}` });
  };

  /** The per-variant sums of each visit's figures counted by hand, in the variants' order. */
  const expected = (visits: Map<number, Omit<VariantFigures, "key" | "visits">>): VariantFigures[] =>
    VARIANTS.map(({ key }) => {
      const mine = [...visits].filter(([visitor]) => variantOf(EXPERIMENT.id, visitor, VARIANTS) === key).map(([, figures]) => figures);
      const sum = (field: keyof Omit<VariantFigures, "key" | "visits">) => mine.reduce((total, figures) => total + figures[field], 0);
      return {
        key,
        visits: mine.length,
        leads: sum("leads"),
        qualified: sum("qualified"),
        demosBooked: sum("demosBooked"),
        won: sum("won"),
      };
    });

  it("counts each visitor of the path in the window once, and the leads of those visits from the start on", async () => {
    const [won, twoTables, booked, notBooked, leadBefore, unconfirmed, quiet, later] = [
      visitorIn("control", 0),
      visitorIn("short-form", 0),
      visitorIn("video", 0),
      visitorIn("control", 1),
      visitorIn("short-form", 1),
      visitorIn("video", 1),
      visitorIn("control", 2),
      visitorIn("video", 2),
    ];
    const [before, after, otherPath, neverSaw] = [visitorIn("control", 3), visitorIn("short-form", 2), visitorIn("video", 3), 77];

    // Visits: the path in the window, some viewed again or with other pages around it.
    await view(won, PATH, at("2031-03-10T12:00:00Z")); // at the start: in
    await view(won, PATH, at("2031-03-10T12:05:00Z"));
    await view(won, "/pricing", at("2031-03-10T12:06:00Z"));
    await view(twoTables, PATH, at("2031-03-11T09:00:00Z"));
    await view(booked, PATH, at("2031-03-11T10:00:00Z"));
    await view(notBooked, PATH, at("2031-03-11T11:00:00Z"));
    await view(leadBefore, PATH, at("2031-03-10T14:00:00Z"));
    await view(unconfirmed, PATH, at("2031-03-12T08:00:00Z"));
    await view(quiet, PATH, at("2031-03-12T11:59:59Z"));
    await view(later, PATH, at("2031-03-12T10:00:00Z"));
    // Not visits: before the start, at the stop and after it, another path only.
    await view(before, PATH, at("2031-03-10T11:59:59Z"));
    await view(after, PATH, at("2031-03-12T12:00:00Z"));
    await view(after, PATH, at("2031-03-12T15:00:00Z"));
    await view(otherPath, "/agencies/enterprise", at("2031-03-11T10:00:00Z"));
    await view(otherPath, "/", at("2031-03-11T10:01:00Z"));

    await contact({ visitor: won, when: at("2031-03-10T12:10:00Z"), stage: "won" });
    await contact({ visitor: twoTables, when: at("2031-03-11T09:05:00Z"), stage: "qualified" });
    await newsletter({ visitor: twoTables, when: at("2031-03-11T09:06:00Z"), stage: "new", confirmed: true });
    await featureRequest({ visitor: twoTables, when: at("2031-03-11T09:07:00Z"), stage: "meeting-booked" });
    await download({ visitor: twoTables, when: at("2031-03-11T09:08:00Z"), stage: "lost" });
    await demo({ visitor: booked, when: at("2031-03-11T10:30:00Z"), stage: "meeting-booked", booked: true });
    await demo({ visitor: notBooked, when: at("2031-03-11T11:30:00Z"), stage: "new", booked: false });
    await contact({ visitor: leadBefore, when: at("2031-03-10T11:00:00Z"), stage: "won" });
    await download({ visitor: leadBefore, when: at("2031-03-10T14:30:00Z"), stage: "contacted" });
    await newsletter({ visitor: unconfirmed, when: at("2031-03-12T08:10:00Z"), stage: "new", confirmed: false });
    // A lead after the stop by a visitor who saw a variant in the window still counts for it.
    await contact({ visitor: later, when: at("2031-03-12T13:00:00Z"), stage: "contacted" });
    // Leads of visitors who were no visit, and one without a visitor id.
    await contact({ visitor: before, when: at("2031-03-10T12:30:00Z"), stage: "won" });
    await demo({ visitor: after, when: at("2031-03-12T15:10:00Z"), stage: "won", booked: true });
    await featureRequest({ visitor: otherPath, when: at("2031-03-11T10:10:00Z"), stage: "qualified" });
    await contact({ visitor: neverSaw, when: at("2031-03-11T10:00:00Z"), stage: "won" });
    await contact({ visitor: null, when: at("2031-03-11T10:00:00Z"), stage: "won" });

    const none = { leads: 0, qualified: 0, demosBooked: 0, won: 0 };
    const visits = new Map([
      [won, { leads: 1, qualified: 1, demosBooked: 0, won: 1 }],
      // contact (qualified), newsletter (confirmed, new), feature request (meeting booked), download (lost): four leads.
      [twoTables, { leads: 4, qualified: 2, demosBooked: 0, won: 0 }],
      [booked, { leads: 1, qualified: 1, demosBooked: 1, won: 0 }],
      [notBooked, { leads: 1, qualified: 0, demosBooked: 0, won: 0 }],
      // The contact before the start is left out; the download after it counts.
      [leadBefore, { leads: 1, qualified: 0, demosBooked: 0, won: 0 }],
      [unconfirmed, none],
      [quiet, none],
      [later, { leads: 1, qualified: 0, demosBooked: 0, won: 0 }],
    ]);
    const figures = await experimentFigures(db(), EXPERIMENT);
    expect(figures).toEqual(expected(visits));
    // Every variant has visits and leads here, so a variant read in the wrong order would show.
    expect(figures.map((variant) => variant.visits)).toEqual([3, 2, 3]);

    // Still running: the window ends now, so the visitor who came after the stop date is a visit with its won demo.
    const running = await experimentFigures(db(), { ...EXPERIMENT, stoppedAt: null }, at("2031-03-13T00:00:00Z"));
    expect(running).toEqual(expected(new Map([...visits, [after, { leads: 1, qualified: 1, demosBooked: 1, won: 1 }]])));
    // Before anything was seen: every variant, in order, at zero.
    expect(await experimentFigures(db(), { ...EXPERIMENT, stoppedAt: null }, STARTED)).toEqual(
      VARIANTS.map(({ key }) => ({ key, visits: 0, leads: 0, qualified: 0, demosBooked: 0, won: 0 })),
    );
  });

  it("buckets 100,000 visitors in the database exactly as variantOf does", async () => {
    const variants: VariantShare[] = [10, 20, 30, 40].map((share, index) => ({ key: `v${index}`, share }));
    // 52-bit visitor ids spread over the range, as the analytics' hashes are; an odd multiplier keeps them distinct.
    const visitors = Array.from({ length: 100_000 }, (_, index) => Number((BigInt(index + 1) * 0x9e3779b97f4bn) % 2n ** 52n));
    await db().execute(sql`
      INSERT INTO analytics_page_views (at, day, visitor, path, device)
      SELECT '2031-03-11T10:00:00Z'::timestamptz, '2031-03-11'::date, visitor::bigint, ${PATH}, 'mobile'
      FROM json_array_elements_text(${JSON.stringify(visitors)}::json) AS visitor`);
    const counts = new Map(variants.map(({ key }) => [key, 0]));
    for (const visitor of visitors) {
      const key = variantOf(29, visitor, variants);
      counts.set(key, counts.get(key)! + 1);
    }
    const figures = await experimentFigures(db(), { ...EXPERIMENT, id: 29, variants });
    expect(figures.map(({ key, visits }) => [key, visits])).toEqual([...counts]);
  });
});
