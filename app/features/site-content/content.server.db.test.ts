import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { withMigratedDatabase } from "../../../tests/support/migrated-database";
import { auditLog } from "~/lib/db/schema/console";
import { outbox } from "~/lib/db/schema/outbox";
import { siteContent, siteContentRevisions } from "./tables";
import { COLLECTION_NAMES, initialContent, type FaqEntry } from "./collections";
import {
  CONTENT_PUBLISH_JOB,
  findContent,
  publishNow,
  publishScheduledContent,
  restoreRevision,
  REVISIONS_KEPT,
  saveDraft,
  schedule,
  seedSiteContent,
  workingCopy,
} from "./content.server";
import { createSiteContentStore, listenForContentChanges } from "./store.server";

// The structured content's rows on a real (in-memory) PostgreSQL: the first import, drafts, conflicts, publication
// (now and scheduled, once), revisions and what the store then shows.

const EDITOR = "editor@example.com";
const OTHER = "other.editor@example.com";

const withAnswer = (answer: string): FaqEntry[] => initialContent().faq.map((entry, index) => (index === 0 ? { ...entry, answer } : entry));

describe("the structured content's rows", () => {
  const database = withMigratedDatabase();
  const db = () => database.db;
  const row = async () => (await findContent(db(), "faq"))!;

  it("imports app/content once: a second start changes nothing an editor did", async () => {
    expect(await seedSiteContent(db())).toBe(COLLECTION_NAMES.length);
    const first = await row();
    expect(first.published).toEqual(initialContent().faq);
    await saveDraft(db(), EDITOR, "faq", first.version, withAnswer("Edited once."));
    expect(await seedSiteContent(db())).toBe(0);
    expect(workingCopy(await row())[0]).toMatchObject({ answer: "Edited once." });
  });

  it("tells the second of two editors who saved over the same version, and keeps the first one's change", async () => {
    const opened = (await row()).version;
    expect((await saveDraft(db(), EDITOR, "faq", opened, withAnswer("First editor."))).status).toBe("done");
    const second = await saveDraft(db(), OTHER, "faq", opened, withAnswer("Second editor."));
    expect(second).toMatchObject({ status: "conflict", row: { editedBy: EDITOR } });
    expect(workingCopy(await row())[0]).toMatchObject({ answer: "First editor." });
  });

  it("publishes to every store that listens, and refuses what breaks a copy rule", async () => {
    const store = createSiteContentStore(db());
    await listenForContentChanges(database.handle, store);
    expect((await store.current()).faq[0]!.answer).toBe(initialContent().faq[0]!.answer);
    const refused = await publishNow(db(), {}, EDITOR, "faq", (await row()).version, withAnswer("Plans start at $15 a month."));
    expect(refused).toMatchObject({ status: "refused", errors: { "0.answer": expect.stringContaining("two decimals") } });
    const published = await publishNow(db(), {}, EDITOR, "faq", (await row()).version, withAnswer("Published answer."));
    expect(published.status).toBe("done");
    // The NOTIFY sent with the commit reaches the listener: no one had to call changed().
    await expect.poll(async () => (await store.current()).faq[0]!.answer).toBe("Published answer.");
    expect((await row()).draft).toBeNull();
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "content-published"));
    expect(audits.map((line) => [line.actor, line.detail.collection])).toEqual([[EDITOR, "faq"]]);
  });

  it(`keeps the last ${REVISIONS_KEPT} revisions and restores one as the draft`, async () => {
    for (let index = 0; index < REVISIONS_KEPT + 3; index += 1)
      await saveDraft(db(), EDITOR, "faq", (await row()).version, withAnswer(`Draft ${index}.`));
    const kept = await db().select().from(siteContentRevisions).where(eq(siteContentRevisions.collection, "faq"));
    expect(kept).toHaveLength(REVISIONS_KEPT);
    const oldest = kept.sort((a, b) => a.id - b.id)[0]!;
    expect((await restoreRevision(db(), EDITOR, "faq", (await row()).version, oldest.id)).status).toBe("done");
    expect(workingCopy(await row())).toEqual(oldest.document);
    expect((await row()).published).toEqual(withAnswer("Published answer."));
  });

  it("publishes a scheduled change once, however many times its job runs, and not one taken off the schedule", async () => {
    const at = new Date(Date.now() + 60_000);
    expect((await schedule(db(), EDITOR, "faq", (await row()).version, withAnswer("Scheduled answer."), at)).status).toBe("done");
    const [job] = await db().select().from(outbox).where(eq(outbox.kind, CONTENT_PUBLISH_JOB));
    expect(job!.payload).toEqual({ collection: "faq", at: at.toISOString() });
    await Promise.all([publishScheduledContent(db(), {}, job!.payload), publishScheduledContent(db(), {}, job!.payload)]);
    expect((await row()).published).toEqual(withAnswer("Scheduled answer."));
    const lines = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'content-published' AND ${auditLog.actor} = 'system'`);
    expect(lines).toHaveLength(1);
    // A job for a time the collection is no longer scheduled for changes nothing.
    await db()
      .update(siteContent)
      .set({ published: withAnswer("Untouched.") })
      .where(eq(siteContent.collection, "faq"));
    await publishScheduledContent(db(), {}, job!.payload);
    expect((await row()).published).toEqual(withAnswer("Untouched."));
  });
});
