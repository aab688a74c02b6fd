import { publicConfig, readEnv } from "~/lib/env.server";
import { calBody, postCal } from "../support/server/bookings";
import { expect, signIn, test, uniqueEmail } from "../support/browser/console-fixture";
import { CAL_WEBHOOK_SECRET } from "../support/browser/worlds";

// A demo booked from the site comes back as a lead with the visit that led to it (docs/decisions/028): the visitor
// lands from a campaign, loads the calendar on /demo (the provider's script is a stub served here: nothing leaves the
// machine), the page hands it a reference, and the test posts what Cal.com would with it.

const config = publicConfig(readEnv());

/** A browser of its own, so the team's sign-ins in other tests never make this visitor staff. */
const visitorAgent = () =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 e2e-${Math.random().toString(36).slice(2)}`;

/** What the stub embed does with the address the page gives it: shows the reference it would keep. */
const STUB_EMBED = `document.querySelectorAll("[data-booking-embed]").forEach(function (el) {
  var ref = new URL(el.getAttribute("data-url")).searchParams.get("metadata[ref]");
  var marker = document.createElement("p");
  marker.id = "stub-booking-ref";
  marker.textContent = ref || "none";
  el.appendChild(marker);
});`;

test("a demo booked from a campaign's visit is a demo lead with its source and campaign, at meeting booked, in the funnel", async ({
  browser,
  baseURL,
  page,
  world,
}) => {
  test.setTimeout(90_000);
  const campaign = `spring-${Date.now().toString(36)}`;
  const visitor = await browser.newContext({ baseURL, userAgent: visitorAgent() });
  try {
    const tab = await visitor.newPage();
    await tab.route(`${config.bookingScriptUrl}*`, (route) => route.fulfill({ contentType: "text/javascript", body: STUB_EMBED }));
    await tab.goto(`/pricing?utm_source=x&utm_campaign=${campaign}`);
    await tab.getByRole("link", { name: "Book Demo" }).first().click();
    await expect(tab).toHaveURL(/\/demo$/);
    await tab.getByRole("button", { name: "Load booking calendar" }).click();
    await expect(tab.locator("[data-embed-state]")).toHaveAttribute("data-embed-state", "ready");
    const ref = (await tab.locator("#stub-booking-ref").textContent()) ?? "";
    expect(ref).toMatch(/^rw-[\w-]{22}$/);

    // What Cal.com posts once the visitor has picked a time.
    const email = uniqueEmail("demo");
    const booked = await postCal(
      world.server.url,
      calBody("booking-created", { uid: `e2e-${Date.now()}`, email, name: "Grace Hopper", ref }),
      CAL_WEBHOOK_SECRET,
    );
    expect(booked.status).toBe(200);

    await signIn(page, world.sales);
    await page.goto("/console/leads?type=demo");
    const row = page.getByRole("listitem").filter({ hasText: email });
    await expect(row).toContainText("Demo booked");
    await expect(row).toContainText(`x · ${campaign}`);
    await expect(row).toContainText("Meeting Mar 4, 2030, 15:00");
    await row.getByRole("link", { name: "Grace Hopper" }).click();
    await expect(page.getByText(/Meeting booked since .* set by booking service/)).toBeVisible();
    await expect(page.getByRole("list", { name: "Everything from this address, newest first" })).toContainText("Booked a demo");

    await page.goto("/console/reports");
    const funnel = page.getByRole("region", { name: /From visit to lead/ });
    await expect(funnel.getByRole("row", { name: /^Demos booked/ })).toBeVisible();
    const demos = page.getByRole("region", { name: "Demos by campaign" });
    await expect(demos.getByRole("row", { name: new RegExp(`^${campaign} 1`) })).toBeVisible();
  } finally {
    await visitor.close();
  }
});
