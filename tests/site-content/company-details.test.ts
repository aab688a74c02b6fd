import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyDefaults, type CompanyDetails } from "~/content/company";
import { startServer, type RunningServer } from "../support/serve-build";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import type { TestDatabase } from "../support/server/postgres";
import { startTwoInstances, stopTwoInstances } from "../support/server/two-instances";
import { addOperators, OPERATOR_PASSWORD, operatorSession, sessionCookie } from "../support/server/operators";

// The company's details are site content (docs/decisions/043): edited at /console/content/company by an editor or an
// admin, checked (an email, a web address, a phone), published on one instance and on the other's footer, contact and
// legal pages and in the mails queued after it within 5 s. A production start with placeholders says which, in its log
// and on every console screen, until the real details are published; a start outside production says nothing.

const COMPANY_PATH = "/console/content/company";
const ACCOUNTS = [
  { email: "company.admin@example.com", password: OPERATOR_PASSWORD, role: "admin" },
  { email: "company.editor@example.com", password: OPERATOR_PASSWORD, role: "editor" },
  { email: "company.sales@example.com", password: OPERATOR_PASSWORD, role: "sales" },
] as const;
const [ADMIN, EDITOR, SALES] = ACCOUNTS.map((account) => account.email) as [string, string, string];

/** A few screens of each role, under both console layouts. */
const SCREENS: [string, string[]][] = [
  [ADMIN, ["/console/leads", "/console/audit", "/console/content", COMPANY_PATH, "/console/account"]],
  [SALES, ["/console/leads", "/console/board", "/console/roadmap", "/console/account"]],
  [EDITOR, ["/console/posts", "/console/content/faq", "/console/newsletter", "/console/account"]],
];

const REAL: CompanyDetails = {
  name: "Zqreal Labs, Inc.",
  address: "500 Howard Street, Floor 4, San Francisco, CA 94105, United States",
  phone: "+1 415 200 0100",
  salesEmail: "sales@zqreal.io",
  supportEmail: "help@zqreal.io",
  supportPortalUrl: "https://help.zqreal.io",
  governingLaw: "the State of California, United States",
};

const companyForm = (details: CompanyDetails, over: Partial<Record<keyof CompanyDetails, string>> = {}) =>
  Object.fromEntries(Object.entries({ ...details, ...over }).map(([field, value]) => [`0.${field}`, value]));

const text = async (url: string) => (await fetch(url)).text();

const BANNER = 'data-testid="company-placeholders"';

describe("the company's details on PostgreSQL, two production instances", () => {
  let pg: TestDatabase;
  let sql: postgres.Sql;
  let a: RunningServer;
  let b: RunningServer;
  let smtp: SmtpSink;
  const cookies: Record<string, string> = {};
  const env = () => ({ SECRET_KEY: "k".repeat(40), OUTBOX_POLL_SECONDS: "0.2", SMTP_URL: smtp.url });
  const screen = async (server: RunningServer, email: string, target: string) => {
    const answer = await fetch(`${server.url}${target}`, { redirect: "manual", headers: { Cookie: cookies[email]! } });
    expect(answer.status, `${email} ${target}`).toBe(200);
    return answer.text();
  };
  const versionOf = async (server: RunningServer) => /name="version" value="(\d+)"/.exec(await screen(server, EDITOR, COMPANY_PATH))![1]!;
  const published = async () => (await sql`SELECT published, version FROM site_content WHERE collection = 'company'`)[0];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    ({ pg, sql, a, b } = await startTwoInstances(env(), (databaseUrl) => addOperators({ databaseUrl }, [...ACCOUNTS])));
    for (const { email } of ACCOUNTS) cookies[email] = await sessionCookie(a.url, email);
  }, 180_000);

  afterAll(async () => {
    await stopTwoInstances({ pg, sql, a, b });
    await smtp?.close();
  });

  it("a production start with placeholders names each in one warning, and every console screen of every role shows the banner", async () => {
    await expect
      .poll(
        () =>
          a
            .output()
            .split("\n")
            .find((line) => line.includes('"placeholders"')),
        { timeout: 10_000 },
      )
      .toBeTruthy();
    const warnings = a
      .output()
      .split("\n")
      .filter((line) => line.includes('"placeholders"'))
      .map((line) => JSON.parse(line) as { level: number; placeholders: string[]; msg: string });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
    expect(warnings[0]!.placeholders).toEqual(["postal address", "phone", "sales email", "support email", "support portal"]);
    expect(warnings[0]!.msg).toContain("/console/content/company");
    for (const [email, targets] of SCREENS)
      for (const target of targets) {
        const html = await screen(b, email, target);
        expect(html, `${email} ${target}`).toContain(BANNER);
        expect(html, `${email} ${target}`).toMatch(
          /postal address, phone, sales email, support email and support portal are still a placeholder/,
        );
        // Those who may edit get the way there; a sales account is told who can.
        if (email === SALES) expect(html, target).toContain("An editor or admin publishes the real details");
        else expect(html, `${email} ${target}`).toContain(`href="${COMPANY_PATH}"`);
      }
  });

  it("refuses an invalid email, a javascript: portal and a phone without digits, saying what is wrong, and changes nothing public", async () => {
    const before = await published();
    const contact = await text(`${b.url}/contact`);
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, COMPANY_PATH);
    const cases: [Partial<Record<keyof CompanyDetails, string>>, string, RegExp][] = [
      [{ salesEmail: "sales at zqreal" }, "0-salesEmail", /The sales email must be an email address/],
      [
        { supportPortalUrl: "javascript:alert(1)" },
        "0-supportPortalUrl",
        /The support portal must be a web address starting with https:\/\//,
      ],
      [{ phone: "call us" }, "0-phone", /The phone must be a phone number/],
    ];
    for (const [over, field, message] of cases) {
      for (const intent of ["publish", "save"]) {
        const refused = await send(COMPANY_PATH, { ...companyForm(REAL, over), intent, version: await versionOf(a) });
        expect(refused.status, `${field} ${intent}`).toBe(422);
        const html = await refused.text();
        expect(html).toMatch(new RegExp(`id="field-${field}-error"[^>]*>${message.source}`));
        // What was typed is shown again, escaped.
        expect(html).toContain(Object.values(over)[0]!.replace("&", "&amp;"));
      }
    }
    expect(await published()).toEqual(before);
    expect(await text(`${b.url}/contact`)).toBe(contact);
  });

  it("only an editor or an admin may change them: anonymous, a forged token and a sales account are refused", async () => {
    const before = await published();
    const fields = { ...companyForm(REAL), intent: "publish", version: await versionOf(a) };
    const post = (cookie: string, csrf: string) =>
      fetch(`${a.url}${COMPANY_PATH}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, Origin: a.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...fields, csrf }),
      });
    const anonymous = await post("", "x");
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toMatch(/^\/console\/sign-in/);
    expect((await post(cookies[EDITOR]!, "forged-token")).status).toBe(403);
    const salesCsrf = /name="csrf" value="([^"]+)"/.exec(await screen(a, SALES, "/console/account"))![1]!;
    expect((await post(cookies[SALES]!, salesCsrf)).status).toBe(403);
    expect((await fetch(`${a.url}${COMPANY_PATH}`, { redirect: "manual", headers: { Cookie: cookies[SALES]! } })).status).toBe(403);
    expect(await published()).toEqual(before);
  });

  it("published on one instance: the other's footer, /contact, /privacy, /terms, the Organization data and the next mail within 5 s; the banner goes, a new start warns of nothing", async () => {
    // Both instances have the pages cached before the change.
    for (const server of [a, b])
      for (const page of ["/", "/contact", "/privacy", "/about"]) expect(await text(`${server.url}${page}`)).not.toContain("Zqreal");
    const send = await operatorSession(a.url, EDITOR, OPERATOR_PASSWORD, COMPANY_PATH);
    const answer = await send(COMPANY_PATH, { ...companyForm(REAL), intent: "publish", version: await versionOf(a) });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Published: live on every public page within seconds");
    const started = Date.now();
    await expect.poll(async () => (await text(`${b.url}/about`)).includes(REAL.address), { timeout: 5000, interval: 100 }).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);

    // The footer: the name, and the address now that it is a real one.
    const about = await text(`${b.url}/about`);
    expect(about).toMatch(/Zqreal Labs, Inc(<!-- -->)?\. All rights reserved\./);
    const contact = await text(`${b.url}/contact`);
    for (const shown of [`mailto:${REAL.salesEmail}`, `mailto:${REAL.supportEmail}`, `href="${REAL.supportPortalUrl}"`, "tel:+14152000100"])
      expect(contact).toContain(shown);
    for (const gone of [companyDefaults.salesEmail, companyDefaults.phone, companyDefaults.supportPortalUrl])
      expect(contact).not.toContain(gone);
    const privacy = await text(`${b.url}/privacy`);
    expect(privacy).toContain(`Our postal address is ${REAL.address}`);
    expect(privacy).toContain(REAL.salesEmail);
    expect(privacy).not.toContain(companyDefaults.address);
    expect(await text(`${b.url}/terms`)).toContain(`governed by the laws of ${REAL.governingLaw}`);
    const home = await text(`${b.url}/`);
    const organization = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map(([, json]) => JSON.parse(json!) as Record<string, unknown>)
      .find((data) => data["@type"] === "Organization")!;
    expect(organization).toMatchObject({ legalName: REAL.name, email: REAL.salesEmail, telephone: REAL.phone, address: REAL.address });

    // A mail queued after the publication, on the other instance, carries the new name and address in its footer.
    const visitor = "company.visitor@example.com";
    const form = await fetch(`${b.url}/forms/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: b.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Ada Visitor", email: visitor, message: "Hello there", website: "" }),
    });
    expect(form.status).toBe(200);
    await expect.poll(() => smtp.to(visitor).length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.to(visitor)[0]!.parsed;
    expect(mail.text!.replace(/\s+/g, " ")).toContain(`${REAL.name}, ${REAL.address}`);
    expect(String(mail.html)).toContain(REAL.address);
    expect(mail.text).not.toContain(companyDefaults.address);

    // Every screen's banner is gone, on both instances.
    for (const server of [a, b])
      for (const [email, [target]] of SCREENS) expect(await screen(server, email, target!)).not.toContain(BANNER);

    // A fresh production start reads what was published: no warning.
    const c = await startServer({ DATABASE_URL: pg.url, ...env() });
    try {
      expect(await screen(c, ADMIN, "/console/leads")).not.toContain(BANNER);
      await expect.poll(() => c.output().includes("/console/leads"), { timeout: 5000 }).toBe(true);
      expect(c.output()).not.toContain("placeholder");
    } finally {
      await c.stop();
    }
  });
});

describe("outside production", () => {
  it("a start without NODE_ENV=production (npm start as is) keeps the placeholders working and warns of nothing", async () => {
    const server = await startServer({ NODE_ENV: undefined, SECRET_KEY: "k".repeat(40) });
    try {
      const contact = await text(`${server.url}/contact`);
      expect(contact).toContain(`mailto:${companyDefaults.salesEmail}`);
      expect(await text(`${server.url}/privacy`)).toContain(companyDefaults.address);
      await expect.poll(() => server.output().includes("/privacy"), { timeout: 5000 }).toBe(true);
      expect(server.output()).not.toContain("placeholder");
    } finally {
      await server.stop();
    }
  });
});
