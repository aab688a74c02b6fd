import { describe, expect, it } from "vitest";
import { withMigratedDatabase } from "../../../tests/support/migrated-database";
import type { RoadmapItem } from "~/content/roadmap";
import { findContent, publishNow, seedSiteContent, workingCopy } from "./content.server";
import { addPlannedItem } from "./roadmap.server";

// Decision 036's "start a new planned item from a request": the item lands in the roadmap's draft, planned, with a new id.

const EDITOR = "editor@example.com";

describe("adding a planned item to the roadmap's draft", () => {
  const database = withMigratedDatabase();
  const db = () => database.db;
  const roadmapRow = async () => (await findContent(db(), "roadmap"))!;

  it("drafts it as planned with a unique id from its name, leaves the published roadmap alone, and publishes", async () => {
    await seedSiteContent(db());
    const published = (await roadmapRow()).published;
    const first = await addPlannedItem(
      db(),
      EDITOR,
      { name: "Zapier triggers", description: "Asked for by three agencies." },
      "2026-12-03",
    );
    expect(first).toMatchObject({ status: "done", item: { id: "zapier-triggers", month: "2026-12", status: "planned", capability: null } });
    const second = await addPlannedItem(db(), EDITOR, { name: "Zapier triggers", description: "Again." }, "2026-12-03");
    expect(second).toMatchObject({ status: "done", item: { id: "zapier-triggers-2" } });
    // A name whose id is taken on the published roadmap.
    const third = await addPlannedItem(db(), EDITOR, { name: "Smartlead integration", description: "A second look." }, "2026-12-03");
    expect(third).toMatchObject({ status: "done", item: { id: "smartlead-integration-2" } });
    const row = await roadmapRow();
    expect((workingCopy(row) as RoadmapItem[]).map((item) => item.id).slice(-3)).toEqual([
      "zapier-triggers",
      "zapier-triggers-2",
      "smartlead-integration-2",
    ]);
    expect(row.published).toEqual(published);
    expect((await publishNow(db(), {}, EDITOR, "roadmap", row.version, workingCopy(row))).status).toBe("done");
  });

  it("refuses markup in the name and changes nothing", async () => {
    await seedSiteContent(db());
    const before = await roadmapRow();
    const result = await addPlannedItem(db(), EDITOR, { name: "<script>alert(1)</script>", description: "x" });
    expect(result).toMatchObject({ status: "refused", errors: { name: expect.stringMatching(/HTML/) } });
    expect((await roadmapRow()).version).toBe(before.version);
  });
});
