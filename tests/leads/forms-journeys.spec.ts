import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "../support/browser/forms-fixture";

/** A stopped database answers after the driver's connect timeout (5 s), slower still on a busy machine. */
const DATABASE_DOWN = { timeout: 15_000 };

// Each form's whole path with JavaScript: typing, the pending state, the toast, and the row in PostgreSQL.

const toast = (page: Page, title: string) => page.locator("[data-toast]").filter({ hasText: title });

/** Holds the form's request for a moment so the pending label can be seen. */
async function slowDown(page: Page, pattern: string) {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
}

test.describe("contact form", () => {
  test("sends a message, shows 'Sending...', toasts and clears, and stores the row", async ({ page, db }) => {
    const email = uniqueEmail("contact");
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Full name").fill("Ada Lovelace");
    await form.getByLabel("Email address").fill(email);
    await form.getByLabel("Message").fill("Can Replywise manage 40 client inboxes?");
    await slowDown(page, "**/forms/contact*");
    const posted = page.waitForRequest((request) => request.method() === "POST" && request.url().includes("/forms/contact"));
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    // The frame's script adds how long the page was open, for the time trap (decision 020; off in this run).
    const fillMs = new URLSearchParams((await posted).postData() ?? "").get("fill_ms");
    expect(Number(fillMs)).toBeGreaterThan(0);

    const sent = toast(page, "Message sent!");
    await expect(sent).toBeVisible();
    await expect(sent).toContainText("We'll get back to you as soon as possible.");
    await expect(form.getByLabel("Full name")).toHaveValue("");
    await expect(form.getByLabel("Message")).toHaveValue("");
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();

    const rows = await db.sql`SELECT name, email, company_name, message, request_type FROM contact_requests WHERE email = ${email}`;
    expect(rows).toEqual([
      { name: "Ada Lovelace", email, company_name: null, message: "Can Replywise manage 40 client inboxes?", request_type: "contact" },
    ]);
  });

  test("says what is missing under each field, as the other forms do, not in the browser's popups", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await expect(form).toHaveAttribute("novalidate", "");
    await form.getByLabel("Email address").fill("not-an-address");
    await form.getByRole("button", { name: "Send Message" }).click();
    for (const [label, message] of [
      ["Full name", "Please enter your full name"],
      ["Email address", "Please enter a valid email address"],
      ["Message", "Please enter a message"],
    ] as const) {
      const field = form.getByLabel(label);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(message);
    }
    // Focus goes to the first field in error, which a screen reader reads with its message.
    await expect(form.getByLabel("Full name")).toBeFocused();
    await expect(form.getByLabel("Company name")).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Email address")).toHaveValue("not-an-address");
    await expect(toast(page, "Message sent!")).toHaveCount(0);
  });

  test("keeps what was typed and toasts the failure when the database is down; toasts stack bottom-right, 3 at most", async ({
    page,
    db,
  }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Full name").fill("Ada Lovelace");
    await form.getByLabel("Email address").fill("ada@example.com");
    await form.getByLabel("Company name").fill("Analytical Engines");
    await form.getByLabel("Message").fill("Hello");
    await db.pg.stop();
    await form.getByRole("button", { name: "Send Message" }).click();
    const failed = toast(page, "Something went wrong");
    await expect(failed).toBeVisible(DATABASE_DOWN);
    await expect(failed).toContainText("Please try again later.");
    await expect(form.getByLabel("Company name")).toHaveValue("Analytical Engines");
    await expect(form.getByLabel("Message")).toHaveValue("Hello");
    for (let i = 0; i < 3; i++) {
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled(DATABASE_DOWN);
    }
    const toaster = page.locator("[data-toaster]");
    await expect(toaster).toHaveAttribute("data-y-position", "bottom");
    await expect(toaster).toHaveAttribute("data-x-position", "right");
    await expect(page.locator("[data-toast]")).toHaveCount(3);
  });
});

test.describe("feature request dialog", () => {
  test("asks for the required fields, submits, closes, clears and stores NULLs for empty optional fields", async ({ page, db }) => {
    const email = uniqueEmail("feature");
    await page.goto("/roadmap");
    await page.getByRole("link", { name: "Request Feature" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a Feature" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/roadmap$/);

    await dialog.getByLabel("Name", { exact: true }).fill("Grace Hopper");
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(toast(page, "Please fill in all required fields")).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByLabel("Email", { exact: true }).fill(email);
    await dialog.getByLabel("Feature title").fill("HubSpot sync");
    await dialog.getByLabel("Description").fill("Push booked meetings to HubSpot.");
    await slowDown(page, "**/forms/feature-request*");
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(dialog.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    const done = toast(page, "Feature request submitted successfully!");
    await expect(done).toBeVisible();
    await expect(done).toContainText("We'll review your request and get back to you soon.");
    await expect(dialog).toBeHidden();

    const rows = await db.sql`SELECT name, company, feature_title, description, use_case FROM feature_requests WHERE email = ${email}`;
    expect(rows).toEqual([
      {
        name: "Grace Hopper",
        company: null,
        feature_title: "HubSpot sync",
        description: "Push booked meetings to HubSpot.",
        use_case: null,
      },
    ]);

    await page.getByRole("link", { name: "Request Feature" }).click();
    await expect(page.getByRole("dialog").getByLabel("Name")).toHaveValue("");
  });

  test("stays open on a backend error and says so; an unexpected failure says 'Something went wrong'", async ({ page, db }) => {
    await page.goto("/roadmap");
    await page.getByRole("link", { name: "Request Feature" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a Feature" });
    await dialog.getByLabel("Name", { exact: true }).fill("Grace Hopper");
    await dialog.getByLabel("Email", { exact: true }).fill("grace@example.com");
    await dialog.getByLabel("Feature title").fill("HubSpot sync");
    await dialog.getByLabel("Description").fill("Push meetings.");

    await db.pg.stop();
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    const failed = toast(page, "Failed to submit feature request");
    await expect(failed).toBeVisible(DATABASE_DOWN);
    await expect(failed).toContainText("Please try again later.");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Feature title")).toHaveValue("HubSpot sync");

    await page.route("**/forms/feature-request*", (route) => route.abort("connectionreset"));
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    await expect(toast(page, "Something went wrong")).toBeVisible();
    await expect(dialog).toBeVisible();
  });
});

test.describe("newsletter block", () => {
  test("subscribes with 'Subscribing...', toasts, clears the field and stores the page it came from", async ({ page, db }) => {
    const email = uniqueEmail("news");
    await page.goto("/resources");
    const form = page.getByRole("form", { name: "Newsletter signup" });

    // Empty: the browser's required check stops it, no request is sent.
    let posted = 0;
    page.on("request", (request) => {
      if (request.url().includes("/forms/newsletter")) posted++;
    });
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page, "Subscription successful!")).toHaveCount(0);
    expect(posted).toBe(0);

    await form.getByLabel("Email address").fill(email);
    await slowDown(page, "**/forms/newsletter*");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    const done = toast(page, "Subscription successful!");
    await expect(done).toBeVisible();
    await expect(done).toContainText("Check your inbox for a confirmation email and follow its link to start receiving the newsletter.");
    await expect(form.getByLabel("Email address")).toHaveValue("");

    expect(await db.sql`SELECT email, source FROM newsletter_subscribers WHERE email = ${email}`).toEqual([
      { email, source: "/resources" },
    ]);
  });

  test("toasts the failure when the database is down", async ({ page, db }) => {
    await page.goto("/resources");
    const form = page.getByRole("form", { name: "Newsletter signup" });
    await form.getByLabel("Email address").fill("someone@example.com");
    await db.pg.stop();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page, "There was a problem subscribing you. Please try again.")).toBeVisible(DATABASE_DOWN);
    await expect(form.getByLabel("Email address")).toHaveValue("someone@example.com");
  });
});

test.describe("download dialog", () => {
  test("validates, processes, thanks, opens the file in a new tab, remembers the lead and resets when closed", async ({ page, db }) => {
    const email = uniqueEmail("lead");
    await page.goto("/resources");
    const trigger = page.getByRole("link", { name: /Download Resource/ }).first();
    await trigger.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const title = (await dialog.getByRole("heading").first().textContent())?.trim() ?? "";

    await dialog.getByLabel("Name", { exact: true }).fill("A");
    await dialog.getByLabel("Email", { exact: true }).fill("not-an-address");
    await dialog.getByRole("button", { name: "Get Resource" }).click();
    await expect(dialog.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();

    await dialog.getByLabel("Name", { exact: true }).fill("Alan Turing");
    await dialog.getByLabel("Email", { exact: true }).fill(email);
    await slowDown(page, "**/forms/download*");
    await dialog.getByRole("button", { name: "Get Resource" }).click();
    await expect(dialog.getByRole("button", { name: "Processing..." })).toBeDisabled();
    await expect(dialog.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    await expect(dialog).toContainText("Your download should begin automatically.");

    const download = dialog.getByRole("link", { name: /Download Now/ });
    // One signal per action: the dialog says it, no toast repeats it. Checked once the dialog's own effects ran.
    await expect(download).toBeFocused();
    await page.waitForTimeout(300);
    await expect(page.locator("[data-toast]")).toHaveCount(0);
    await expect(download).toHaveAttribute("target", "_blank");
    const href = await download.getAttribute("href");
    expect(href).toMatch(/^\/resources\/[\w-]+\.(pdf|xlsx|mp4)$/);
    // The new tab asks for the file; whether it then shows it or saves it is the browser's (a headless one saves it).
    const popupPromise = page.waitForEvent("popup");
    const fileRequest = page.context().waitForEvent("request", (request) => new URL(request.url()).pathname === href);
    await download.click();
    const [popup, request] = await Promise.all([popupPromise, fileRequest]);
    expect(request.frame().page()).toBe(popup);
    expect(request.isNavigationRequest()).toBe(true);
    await popup.close();

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("resourceLeads") ?? "[]") as Record<string, string>[]);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: "Alan Turing", email, resourceTitle: title });
    expect(Object.keys(stored[0]!).sort()).toEqual(["downloadedAt", "email", "name", "resourceId", "resourceTitle"]);
    expect(new Date(stored[0]!.downloadedAt!).toISOString()).toBe(stored[0]!.downloadedAt);

    const rows = await db.sql`SELECT name, resource_id, resource_title FROM resource_leads WHERE email = ${email}`;
    expect(rows).toEqual([{ name: "Alan Turing", resource_id: stored[0]!.resourceId, resource_title: title }]);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await trigger.click();
    await expect(page.getByRole("dialog").getByRole("button", { name: "Get Resource" })).toBeVisible();
  });

  test("shows the destructive 'Error' toast when the lead cannot be stored", async ({ page, db }) => {
    await page.goto("/resources");
    await page
      .getByRole("link", { name: /Download Resource/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name", { exact: true }).fill("Alan Turing");
    await dialog.getByLabel("Email", { exact: true }).fill("alan@example.com");
    await db.pg.stop();
    await dialog.getByRole("button", { name: "Get Resource" }).click();
    const failed = toast(page, "There was a problem processing your download. Please try again.");
    await expect(failed).toBeVisible(DATABASE_DOWN);
    await expect(failed).toContainText("Error");
    await expect(failed).toHaveAttribute("data-type", "error");
    await expect(dialog.getByRole("button", { name: "Get Resource" })).toBeVisible();
  });
});
