import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openHarness, type Harness } from "../tests/support/server/harness";
import { tableCounts, tableCsv } from "./db-export";

async function collect(lines: AsyncGenerator<string>) {
  let text = "";
  for await (const line of lines) text += line;
  return text;
}

describe("db:export", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness("pglite");
    await h.post("/forms/contact", { name: "Ada", email: "ada@example.com", companyName: "", message: "Hello, world" });
    await h.post("/forms/newsletter", { email: "ann@example.com", source: "/resources" });
  });
  afterAll(async () => {
    await h.close();
  });

  it("counts each table", async () => {
    expect(await tableCounts(h.handle.db)).toEqual({
      contact_requests: 1,
      demo_leads: 0,
      feature_requests: 0,
      newsletter_subscribers: 1,
      resource_leads: 0,
    });
  });

  it("exports a table with its SQL column names and an empty cell for NULL", async () => {
    const csv = await collect(tableCsv(h.handle.db, "contact_requests"));
    const [header, row, end] = csv.split("\r\n");
    expect(header).toBe(
      "id,name,email,company_name,message,request_type,created_at," +
        "landing_page,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content," +
        "stage,stage_at,stage_by,owner_id,follow_up_on,follow_up_reminded_on,notes,visitor_id",
    );
    expect(row).toMatch(/^1,Ada,ada@example\.com,,"Hello, world",contact,\d{4}-\d{2}-\d{2}T[\d:.]+Z,{8}new,{6}\[\],$/);
    expect(end).toBe("");
  });
});
