import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/lib/db/rows.server";
import { DEFAULT_FILTER } from "~/features/leads";
import { leadBoard } from "~/features/leads/index.server";
import { todayFor } from "~/features/today/index.server";
import { openHarness, type Driver, type Harness } from "../support/server/harness";

// Today's order (decision 044) for a sales account on both databases: follow-ups overdue, then due, then new hand-raisers
// (a contact request, a booked demo, a feature request, a vote with a note), the account's own first, one line per
// person; its days are the operator's, so a clock moved across a Los Angeles midnight moves a follow-up from due to
// overdue while UTC's day has long changed. The audience (sign-ups and downloads nobody moved on) is never on the board.

const ZONE = "America/Los_Angeles";
// 23:30 on Nov 30 in Los Angeles (PST, UTC-8), already Dec 1 in UTC; then 00:30 on Dec 1 there.
const BEFORE_MIDNIGHT = new Date("2026-12-01T07:30:00Z");
const AFTER_MIDNIGHT = new Date("2026-12-01T08:30:00Z");

describe.each<Driver>(["pglite", "postgres"])("Today on %s", (driver) => {
  let h: Harness;
  const ids: Record<string, number> = {};
  let ann = 0;
  let bob = 0;

  const query = async <Row = Record<string, unknown>>(statement: ReturnType<typeof sql>) =>
    rowsOf<Row>(await h.handle.db.execute(statement));
  const contact = async (name: string, created: string, fields: { owner?: number; followUp?: string; stage?: string } = {}) => {
    const [row] = await query<{
      id: number;
    }>(sql`INSERT INTO contact_requests (name, email, message, created_at, owner_id, follow_up_on, stage)
      VALUES (${name}, ${`${name.toLowerCase()}@example.com`}, ${`${name} asks about pricing`}, ${created}::timestamptz,
        ${fields.owner ?? null}, ${fields.followUp ?? null}::date, ${fields.stage ?? "new"}) RETURNING id`);
    ids[name] = Number(row!.id);
  };

  beforeAll(async () => {
    h = await openHarness(driver);
    for (const [name, role] of [
      ["ann", "sales"],
      ["bob", "sales"],
    ] as const) {
      const [row] = await query<{ id: number }>(
        sql`INSERT INTO operators (email, password_hash, role) VALUES (${`${name}@replywise.example`}, 'x', ${role}) RETURNING id`,
      );
      if (name === "ann") ann = Number(row!.id);
      else bob = Number(row!.id);
    }
    // Follow-ups: Nov 29 (overdue either side of midnight), Nov 30 (due before it, overdue after), Dec 1 (not yet, then due).
    await contact("Olga", "2026-11-20T10:00:00Z", { owner: bob, followUp: "2026-11-29", stage: "contacted" });
    await contact("Otto", "2026-11-21T10:00:00Z", { owner: ann, followUp: "2026-11-29", stage: "qualified" });
    await contact("Dora", "2026-11-22T10:00:00Z", { owner: ann, followUp: "2026-11-30", stage: "contacted" });
    await contact("Tina", "2026-11-23T10:00:00Z", { owner: ann, followUp: "2026-12-01", stage: "contacted" });
    // A lost lead's follow-up is nobody's work any more.
    await contact("Lost", "2026-11-19T10:00:00Z", { owner: ann, followUp: "2026-11-28", stage: "lost" });
    // New hand-raisers: nobody's contact request (older), Ann's, a feature request, a demo and a vote with a note.
    await contact("Nina", "2026-11-30T09:00:00Z");
    await contact("Mona", "2026-11-30T20:00:00Z", { owner: ann });
    await query(sql`INSERT INTO feature_requests (name, email, feature_title, description, created_at)
      VALUES ('Fay', 'fay@example.com', 'HubSpot sync', 'Sync replies', '2026-11-30T12:00:00Z')`);
    await query(sql`INSERT INTO demo_leads (name, email, event_name, meeting_status, created_at)
      VALUES ('Dan', 'dan@example.com', '30 min demo', 'scheduled', '2026-11-30T15:00:00Z')`);
    await query(sql`INSERT INTO roadmap_votes (item_id, email, name, note, status, consent_text, created_at, confirmed_at)
      VALUES ('hubspot-crm-sync', 'vic@example.com', 'Vic', 'We would buy the Pro plan if this existed', 'confirmed', 'x',
        '2026-11-30T16:00:00Z', '2026-11-30T16:05:00Z'),
        ('hubspot-crm-sync', 'quiet@example.com', 'Quiet', NULL, 'confirmed', 'x', '2026-11-30T16:00:00Z', '2026-11-30T16:05:00Z'),
        -- Dora is already on Today: one line per person.
        ('hubspot-crm-sync', 'dora@example.com', 'Dora', 'Me too', 'confirmed', 'x', '2026-11-30T16:00:00Z', '2026-11-30T16:05:00Z')`);
    // The audience: a sign-up and a download nobody moved on; and a download a person moved into the pipeline.
    await query(sql`INSERT INTO newsletter_subscribers (email, source, consent_text) VALUES ('reader@example.com', '/blog', 'x')`);
    await query(sql`INSERT INTO resource_leads (name, email, resource_id, resource_title) VALUES
      ('Dee', 'dee@example.com', 'roi-calculator', 'ROI calculator'),
      ('Moved', 'moved@example.com', 'roi-calculator', 'ROI calculator')`);
    await query(sql`UPDATE resource_leads SET stage = 'contacted' WHERE email = 'moved@example.com'`);
  }, 120_000);
  afterAll(() => h?.close());

  const order = async (now: Date, viewerId = ann) =>
    (await todayFor(h.handle.db, { viewerId, now, timeZone: ZONE })).lines.map((line) => `${line.section} ${line.who}`);

  it("orders overdue, due, then new, mine first, one line per person, by the operator's day across a midnight", async () => {
    const newOnes = ["new Mona", "new Nina", "new Fay", "new Dan", "new Vic"];
    expect(await order(BEFORE_MIDNIGHT)).toEqual(["overdue Otto", "overdue Olga", "due Dora", ...newOnes]);
    expect((await todayFor(h.handle.db, { viewerId: ann, now: BEFORE_MIDNIGHT, timeZone: ZONE })).today).toBe("2026-11-30");
    // Past midnight in Los Angeles: Nov 30's follow-up is overdue, Dec 1's due.
    expect(await order(AFTER_MIDNIGHT)).toEqual(["overdue Otto", "overdue Dora", "overdue Olga", "due Tina", ...newOnes]);
    // The same moment read in UTC is already Dec 1 before Los Angeles' midnight.
    expect((await todayFor(h.handle.db, { viewerId: ann, now: BEFORE_MIDNIGHT, timeZone: "UTC" })).today).toBe("2026-12-01");
    // Bob's own come first for Bob.
    expect((await order(AFTER_MIDNIGHT, bob)).slice(0, 3)).toEqual(["overdue Olga", "overdue Otto", "overdue Dora"]);
    // What each wants, in words.
    const lines = (await todayFor(h.handle.db, { viewerId: ann, now: AFTER_MIDNIGHT, timeZone: ZONE })).lines;
    expect(lines.find((line) => line.who === "Vic")?.want).toBe("Voted for hubspot-crm-sync: “We would buy the Pro plan if this existed”");
    expect(lines.find((line) => line.who === "Fay")?.want).toBe("Feature request: HubSpot sync");
  });

  it("never puts the audience on the board, nor on Today as new, until a person moves it on", async () => {
    const board = await leadBoard(h.handle.db, DEFAULT_FILTER, ann);
    const names = board.flatMap((column) => column.rows.map((row) => `${column.stage} ${row.name ?? row.email}`));
    expect(names).not.toContain("new Dee");
    expect(names).not.toContain("new reader@example.com");
    expect(names).toContain("contacted Moved");
    for (const type of ["newsletter", "download"] as const) {
      const column = (await leadBoard(h.handle.db, { ...DEFAULT_FILTER, type }, ann)).find((each) => each.stage === "new")!;
      expect([type, column.total, column.rows]).toEqual([type, 0, []]);
    }
    expect((await order(AFTER_MIDNIGHT)).join()).not.toMatch(/Dee|reader|Moved/);
  });
});
