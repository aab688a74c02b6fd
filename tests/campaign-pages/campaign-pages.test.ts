import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/serve-build";
import { pageEditorSession } from "../support/server/campaign-pages";
import { addOperators, OPERATOR_PASSWORD } from "../support/server/operators";

// Campaign pages (docs/decisions/047) through the built server: built from blocks in the editor's own form, refused
// with a message where the address is taken or the copy breaks a rule, served from the page cache with no framework
// JavaScript, and gone again when unpublished.

const EDITOR = "pages.editor@example.com";

describe("campaign pages on PGlite", () => {
  let server: RunningServer;
  const dataDir = `/tmp/replywise-campaign-${process.pid}`;

  beforeAll(async () => {
    await addOperators({ dataDir }, [{ email: EDITOR, password: OPERATOR_PASSWORD, role: "editor" }]);
    server = await startServer({ DATA_DIR: dataDir });
  }, 180_000);

  afterAll(() => server?.stop());

  it("builds, publishes and serves a page of five blocks", async () => {
    const editor = await pageEditorSession(server.url, EDITOR);
    const created = await editor.create("/Agencies", "Replies answered for agencies");
    expect(created).toHaveProperty("id");
    const id = (created as { id: number }).id;
    for (const type of ["hero", "feature-grid", "statistics", "download-form", "faq"]) await editor.addBlock(id, type);
    const fields = await editor.fields(id);
    console.log(Object.keys(fields).join("\n"));
    const published = await editor.send(id, "publish", {
      description: "Replywise answers your agency's cold email replies in minutes and books the meetings for your clients.",
    });
    const html = await published.text();
    console.log(published.status, html.match(/role="alert"[^>]*>[^<]*/g));
    const page = await fetch(`${server.url}/agencies`);
    console.log(page.status, page.headers.get("etag"));
    const body = await page.text();
    console.log(body.length, body.match(/<h1[^>]*>.*?<\/h1>/s)?.[0], body.includes("<script src"));
  }, 120_000);
});
