import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, type RunningServer } from "../support/serve-build";
import { getPage, parseHtml, textOf } from "../support/server/page-document";
import { addOperators, OPERATOR_PASSWORD, operatorSession, sessionCookie } from "../support/server/operators";

// An issue an editor starts from scratch at /console/newsletter (docs/decisions/025), through the built server: a field
// refused beside it with nothing stored, then a draft whose preview (the sandboxed iframe the issue's page shows) carries
// its picture, which the server answers to that sandbox's opaque origin while the console keeps its isolation
// (docs/decisions/037). Who may start one is in tests/console/console-access.test.ts.

const EDITOR = "newsletter.editor@example.com";
const NEWSLETTER = "/console/newsletter";
// A built post's cover, as a newsletter mails it (the JPEG every mail client shows).
const PICTURE = "/images/blog/ai-reply-handling-deliverability-trends.jpg";

const issue = (over: Record<string, string> = {}) => ({
  intent: "start",
  topic: "resource",
  subject: "Join our reply-handling webinar",
  preheader: "Thirty minutes, live, with questions.",
  title: "A live webinar on answering replies",
  excerpt: "Thirty minutes on answering the replies cold email gets, with the team that built Replywise.",
  linkPath: "/demo",
  coverPath: PICTURE,
  coverAlt: "An inbox of replies sorted by intent",
  ...over,
});

describe("a newsletter issue started from scratch, on pglite", () => {
  let server: RunningServer;
  let dataDir: string;
  let cookie: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "replywise-issue-editor-"));
    await addOperators({ dataDir }, [{ email: EDITOR, password: OPERATOR_PASSWORD, role: "editor" }]);
    // The preview's picture comes from SITE_URL: the server's own address here, as in production.
    const port = await freePort();
    server = await startServer({ DATA_DIR: dataDir, PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, SECRET_KEY: "n".repeat(40) });
    cookie = await sessionCookie(server.url, EDITOR);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a bad field beside it and stores nothing, then starts the draft, whose preview shows its picture answering 200 to the sandbox", async () => {
    const send = await operatorSession(server.url, EDITOR, OPERATOR_PASSWORD, NEWSLETTER);
    const list = () => getPage(server.url, NEWSLETTER, { headers: { Cookie: cookie } });

    const refused = await send(NEWSLETTER, issue({ linkPath: "https://elsewhere.example/", coverAlt: "" }));
    expect(refused.status).toBe(422);
    const form = parseHtml(await refused.text());
    expect(textOf(form.querySelector("#start-linkPath-error"))).toContain("The link must be a page of this site");
    expect(textOf(form.querySelector("#start-coverAlt-error"))).toBe("Describe the picture for readers who do not see it.");
    expect(form.querySelector("#start-subject")?.getAttribute("value")).toBe(issue().subject);
    expect((await list()).html).not.toContain(issue().subject);

    const started = await send(NEWSLETTER, issue());
    expect(started.status).toBe(303);
    const location = started.headers.get("location") ?? "";
    expect(location).toMatch(/^\/console\/newsletter\/\d+\?done=started$/);
    const row = [...(await list()).doc.querySelectorAll("li")].find((item) => item.textContent?.includes(issue().subject));
    expect(textOf(row)).toMatch(/Resource · drafted .*Draft$/);

    const page = await getPage(server.url, location, { headers: { Cookie: cookie } });
    expect(textOf(page.doc.querySelector("main"))).toContain("Started as a draft.");
    // The console stays isolated (decision 037) and the preview stays a sandbox that runs nothing of the email's.
    expect(page.response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(page.response.headers.get("content-security-policy")).toMatch(/img-src 'self'/);
    const frame = page.doc.querySelector('iframe[title^="Preview of the email"]')!;
    expect(frame.getAttribute("sandbox")).toBe("");
    const picture = parseHtml(frame.getAttribute("srcdoc")!).querySelector(`img[alt="${issue().coverAlt}"]`)!;
    const src = picture.getAttribute("src")!;
    expect(src).toBe(`${server.url}${PICTURE}`);

    // As the sandboxed preview asks for it: an opaque origin, so cross-site to the server. CORP same-origin would block it.
    const image = await fetch(src, { headers: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image" } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    // Only the site's images: its pages and the console keep CORP same-origin.
    for (const other of ["/pricing", NEWSLETTER])
      expect(
        (await fetch(`${server.url}${other}`, { headers: { Cookie: cookie } })).headers.get("cross-origin-resource-policy"),
        other,
      ).toBe("same-origin");
  });
});
