import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "~/lib/db/rows.server";
import { DEFAULT_FILTER, type LeadFilter, NOTES_MAX } from "~/features/leads";
import {
  FOLLOW_UP_JOB,
  remindOfFollowUp,
  applyLeadAction,
  leadBoard,
  leadDetail,
  leadPage,
  addNote,
  assignOwner,
  leadOwners,
  moveLead,
  setFollowUp,
  todayUtc,
} from "~/features/leads/index.server";
import { openHarness, type Driver, type Harness } from "../support/server/harness";

// The pipeline's data layer on both databases (decision 029): the stage as the one state and its stale moves, owners, the
// follow-up reminder (one mail, re-armed by a new day, none without an owner) and the notes timeline. The HTTP side
// (guard, roles, forged posts) is in console-access.test.ts; two instances on one PostgreSQL in follow-up.postgres.test.ts.

const filter = (changes: Partial<LeadFilter>): LeadFilter => ({ ...DEFAULT_FILTER, ...changes });

describe.each<Driver>(["pglite", "postgres"])("the pipeline on %s", (driver) => {
  let h: Harness;
  let lead: number;
  const accounts: Record<"ann" | "bob" | "eve", number> = { ann: 0, bob: 0, eve: 0 };

  const query = async <Row = Record<string, unknown>>(statement: ReturnType<typeof sql>) =>
    rowsOf<Row>(await h.handle.db.execute(statement));
  const reminderJobs = () =>
    query<{ payload: { day: string }; run_after: Date }>(
      sql`SELECT payload, run_after FROM outbox WHERE kind = ${FOLLOW_UP_JOB} ORDER BY id`,
    );
  const reminderMails = () =>
    query<{ payload: { to: { address: string }[]; props: { lead: string; day: string } } }>(
      sql`SELECT payload FROM outbox WHERE kind = 'mail:follow-up-reminder' ORDER BY id`,
    );
  /** Runs every follow-up job in the outbox, as the worker would (and again: a second instance, a restart). */
  const runReminders = async () => {
    for (const job of await query<{ payload: unknown }>(sql`SELECT payload FROM outbox WHERE kind = ${FOLLOW_UP_JOB}`)) {
      await remindOfFollowUp(h.handle.db, job.payload);
    }
  };

  beforeAll(async () => {
    h = await openHarness(driver);
    for (const [name, role] of [
      ["ann", "sales"],
      ["bob", "admin"],
      ["eve", "editor"],
    ] as const) {
      const [row] = await query<{ id: number }>(
        sql`INSERT INTO operators (email, password_hash, role) VALUES (${`${name}@replywise.example`}, 'x', ${role}) RETURNING id`,
      );
      accounts[name] = Number(row!.id);
    }
    expect((await h.post("/forms/contact", { name: "Ada Lovelace", email: "ada@example.com", message: "Pricing?" })).status).toBe(200);
    lead = (await leadPage(h.handle.db, filter({ type: "contact" }))).rows[0]!.id;
  }, 120_000);
  afterAll(() => h?.close());

  it("moves a lead only from the stage the operator saw, and says who moved it when another did first", async () => {
    expect(await moveLead(h.handle.db, "contact", lead, { from: "new", to: "contacted" }, "ann@replywise.example")).toEqual({
      status: "done",
    });
    // Bob's page still showed `new`: his move is refused, with where it is and who put it there.
    const stale = await applyLeadAction(
      h.handle.db,
      new URLSearchParams({ intent: "move", from: "new", stage: "lost" }) as unknown as FormData,
      {
        kind: "contact",
        id: lead,
        actor: "bob@replywise.example",
      },
    );
    expect(stale).toEqual({
      status: 409,
      error: expect.stringContaining("ann@replywise.example moved this lead to Contacted meanwhile"),
    });
    expect(await leadDetail(h.handle.db, "contact", lead)).toMatchObject({ stage: "contacted", stageBy: "ann@replywise.example" });
    expect(await query(sql`SELECT actor, detail FROM audit_log WHERE action = 'lead-stage'`)).toEqual([
      { actor: "ann@replywise.example", detail: { kind: "contact", id: lead, stage: "contacted", from: "new" } },
    ]);
    expect((await leadPage(h.handle.db, filter({ stage: "contacted" }))).rows.map((row) => row.id)).toEqual([lead]);
    expect((await leadPage(h.handle.db, filter({ stage: "new" }))).total).toBe(0);
  });

  it("gives a lead to a sales or admin account, never an editor's; refuses a stale change; lists the owners", async () => {
    expect((await leadOwners(h.handle.db)).map((owner) => owner.email)).toEqual(["ann@replywise.example", "bob@replywise.example"]);
    expect(await assignOwner(h.handle.db, "contact", lead, { expected: null, owner: accounts.eve }, "bob@replywise.example")).toEqual({
      status: "invalid",
    });
    expect(await assignOwner(h.handle.db, "contact", lead, { expected: null, owner: accounts.ann }, "bob@replywise.example")).toEqual({
      status: "done",
    });
    expect(await assignOwner(h.handle.db, "contact", lead, { expected: null, owner: accounts.bob }, "bob@replywise.example")).toEqual({
      status: "stale",
      ownerEmail: "ann@replywise.example",
    });
    expect(await leadDetail(h.handle.db, "contact", lead)).toMatchObject({ ownerId: accounts.ann, ownerEmail: "ann@replywise.example" });
    // "Mine" is the reader's own leads; "nobody" those without an owner.
    expect((await leadPage(h.handle.db, filter({ owner: "mine" }), accounts.ann)).total).toBe(1);
    expect((await leadPage(h.handle.db, filter({ owner: "mine" }), accounts.bob)).total).toBe(0);
    expect((await leadPage(h.handle.db, filter({ owner: "mine" }))).total).toBe(0);
    expect((await leadPage(h.handle.db, filter({ owner: "nobody" }))).total).toBe(0);
    expect((await leadPage(h.handle.db, filter({ owner: accounts.ann }))).total).toBe(1);
    const board = await leadBoard(h.handle.db, filter({ owner: "mine" }), accounts.ann);
    expect(board.map((column) => [column.stage, column.total])).toEqual([
      ["new", 0],
      ["contacted", 1],
      ["qualified", 0],
      ["meeting-booked", 0],
      ["won", 0],
      ["lost", 0],
      ["spam", 0],
    ]);
    expect(board[1]!.rows[0]).toMatchObject({ id: lead, stage: "contacted", ownerId: accounts.ann });
  });

  it("reminds the owner once on the follow-up day; a changed day re-arms it; no owner, no mail until one is given", async () => {
    const today = todayUtc();
    expect(await setFollowUp(h.handle.db, "contact", lead, today, "ann@replywise.example")).toBe(true);
    // The same day again arms nothing more.
    expect(await setFollowUp(h.handle.db, "contact", lead, today, "ann@replywise.example")).toBe(true);
    const [job] = await reminderJobs();
    expect(await reminderJobs()).toHaveLength(1);
    expect(new Date(job!.run_after).toISOString()).toBe(`${today}T08:00:00.000Z`);

    await runReminders();
    await runReminders();
    const mails = await reminderMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload).toMatchObject({ to: [{ address: "ann@replywise.example" }], props: { lead: "Ada Lovelace", day: today } });
    expect(await leadDetail(h.handle.db, "contact", lead)).toMatchObject({ followUpOn: today, followUpRemindedOn: today });

    // Another day: a new job, and one more mail on that day (run here as if it had come).
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await setFollowUp(h.handle.db, "contact", lead, later, "ann@replywise.example");
    expect((await reminderJobs()).map((row) => row.payload.day)).toEqual([today, later]);
    await runReminders();
    expect((await reminderMails()).map((mail) => mail.payload.props.day)).toEqual([today, later]);

    // A day moved before its job ran: the old job finds another day and sends nothing.
    const third = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const fourth = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
    await setFollowUp(h.handle.db, "contact", lead, third, "ann@replywise.example");
    await setFollowUp(h.handle.db, "contact", lead, fourth, "ann@replywise.example");
    expect(await remindOfFollowUp(h.handle.db, { kind: "contact", id: lead, day: third })).toBe("nothing");

    // Without an owner, the day's job sends nothing; given an owner, the day is armed again and reminds them.
    await assignOwner(h.handle.db, "contact", lead, { expected: accounts.ann, owner: null }, "bob@replywise.example");
    expect(await remindOfFollowUp(h.handle.db, { kind: "contact", id: lead, day: fourth })).toBe("nothing");
    await assignOwner(h.handle.db, "contact", lead, { expected: null, owner: accounts.bob }, "bob@replywise.example");
    await runReminders();
    const last = (await reminderMails()).at(-1)!;
    expect(last.payload).toMatchObject({ to: [{ address: "bob@replywise.example" }], props: { day: fourth } });
    expect(await reminderMails()).toHaveLength(3);

    // A day in the past, or not a day, is refused in words.
    for (const day of ["2020-01-01", "2026-02-30", "tomorrow"]) {
      const answer = await applyLeadAction(h.handle.db, new URLSearchParams({ intent: "follow-up", day }) as unknown as FormData, {
        kind: "contact",
        id: lead,
        actor: "bob@replywise.example",
      });
      expect(answer, day).toMatchObject({ status: 400 });
    }
    expect(await query(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'lead-follow-up'`)).toEqual([{ n: 4 }]);
  });

  it("keeps every note with who and when, newest first, as plain text, and refuses one too long or too many", async () => {
    await addNote(h.handle.db, "contact", lead, "First call: wants pricing.", "ann@replywise.example");
    await addNote(h.handle.db, "contact", lead, "<script>alert(1)</script> & more", "bob@replywise.example");
    const { notes } = (await leadDetail(h.handle.db, "contact", lead))!;
    expect(notes.map((note) => [note.by, note.text])).toEqual([
      ["bob@replywise.example", "<script>alert(1)</script> & more"],
      ["ann@replywise.example", "First call: wants pricing."],
    ]);
    expect(Date.parse(notes[0]!.at)).toBeGreaterThanOrEqual(Date.parse(notes[1]!.at));

    const tooLong = await applyLeadAction(
      h.handle.db,
      new URLSearchParams({ intent: "note", note: "x".repeat(2001) }) as unknown as FormData,
      {
        kind: "contact",
        id: lead,
        actor: "ann@replywise.example",
      },
    );
    expect(tooLong).toEqual({ status: 400, error: expect.stringContaining("at most 2,000 characters; this one has 2,001") });
    const empty = await applyLeadAction(h.handle.db, new URLSearchParams({ intent: "note", note: "   " }) as unknown as FormData, {
      kind: "contact",
      id: lead,
      actor: "ann@replywise.example",
    });
    expect(empty).toMatchObject({ status: 400 });

    await h.handle.db.execute(
      sql`UPDATE contact_requests SET notes = (SELECT jsonb_agg(jsonb_build_object('at', '2026-01-01T00:00:00.000Z', 'by', 'x@example.com', 'text', 'n')) FROM generate_series(1, ${NOTES_MAX})) WHERE id = ${lead}`,
    );
    expect(await addNote(h.handle.db, "contact", lead, "One more", "ann@replywise.example")).toBe("full");
    expect(await addNote(h.handle.db, "contact", 999_999, "Nobody", "ann@replywise.example")).toBe("missing");
  });
});
