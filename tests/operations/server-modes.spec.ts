import postgres from "postgres";
import { startServer } from "../support/serve-build";
import { createTestDatabase } from "../support/server/postgres";
import { expect, test } from "../support/browser/test";

// `npm run dev` and `npm start` are one server: the same form stores the same row through either.

test.describe.configure({ mode: "serial", timeout: 300_000 });

for (const mode of ["development", "production"] as const) {
  test(`${mode}: a contact request sent from the browser is stored, with the site's headers`, async ({ page }) => {
    const pg = await createTestDatabase();
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    const server = await startServer({ NODE_ENV: mode, DATABASE_URL: pg.url });
    try {
      const response = await page.goto(`${server.url}/contact`);
      expect(response?.headers()["content-security-policy"]).toContain("default-src 'self'");
      expect(response?.headers()["x-content-type-options"]).toBe("nosniff");

      const form = page.getByRole("form", { name: "Contact form" });
      await form.getByLabel("Full name").fill("Dev Prod");
      await form.getByLabel("Email address").fill(`${mode}@example.com`);
      await form.getByLabel("Message").fill(`Sent to the ${mode} server`);
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(page.locator("[data-toast]").filter({ hasText: "Message sent!" })).toBeVisible({ timeout: 20_000 });

      expect(await sql`SELECT email, message FROM contact_requests`).toEqual([
        { email: `${mode}@example.com`, message: `Sent to the ${mode} server` },
      ]);
      expect(server.output()).toContain(mode === "development" ? "(development) listening" : "listening");
    } finally {
      await sql.end({ timeout: 1 });
      await server.stop();
      await pg.destroy();
    }
  });
}

// That `npm start` runs node on the built JavaScript, with no TypeScript loader: tests/operations/npm-start.test.ts.
