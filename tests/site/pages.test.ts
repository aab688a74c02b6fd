import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authors } from "~/features/blog";
import { availabilityLabels, integrationTools } from "~/content/capabilities";
import { faq } from "~/content/faq";
import { featureCards } from "~/content/features";
import { footerGroups, headerActions, headerLinks, type NavLink } from "~/content/nav";
import { OUTBOUND_PATHS } from "~/content/outbound";
import { publicPages } from "~/content/paths";
import { resources } from "~/content/resources";
import { initialAvailability } from "~/content/roadmap";
import { companyDefaults, initialCompanyDetails } from "~/content/company";
import { publicConfig, readEnv } from "~/lib/env.server";
import { startServer, type RunningServer } from "../support/serve-build";
import { getPage, named, one, opensInNewTab, region, squash, textOf, texts } from "../support/server/page-document";

// What the public pages say and where their links lead, read from the HTML the built server answers: the copy, the
// figures, the links and where they open. One server for the file, on the run's migrated PGlite with the first content,
// as the browser tests' shared server. What only a browser shows (a click's effect, focus, layout, scripts) is in
// the browser journeys (docs/decisions/017).

const env = readEnv();
const config = publicConfig(env);
// The company's details as the first start imports them (docs/decisions/043).
const company = initialCompanyDetails();
const appSignUpUrl = OUTBOUND_PATHS.register;
const slugs = readdirSync("app/content/blog")
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.replace(/\.md$/, ""));

let server: RunningServer;
const page = async (path: string) => {
  const fetched = await getPage(server.url, path);
  expect(fetched.response.status, path).toBe(200);
  return { ...fetched, main: fetched.doc.querySelector("main")! };
};
const link = (scope: ParentNode, name: string | RegExp) => one(scope, "a[href]", name);

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("the frame", () => {
  it("the header links every main page, and the footer is a site map by group, with the current year and no placeholder address", async () => {
    const { doc } = await page("/pricing");
    const header = doc.querySelector("header")!;
    const main = one(header, "nav", "Main");
    for (const entry of headerLinks) expect(link(main, entry.label).getAttribute("href"), entry.label).toBe(entry.to);
    for (const entry of [headerActions.contact, headerActions.demo])
      expect(named(header, "a[href]", entry.label)[0]?.getAttribute("href"), entry.label).toBe(entry.to);
    expect(link(header, "Replywise home").getAttribute("href")).toBe("/");
    // The menu a phone opens: the same links, and Get Started to the app (through the site's counted redirect).
    const menu = one(doc, "dialog, [role=dialog]", "Menu");
    for (const entry of [...headerLinks, headerActions.contact, headerActions.demo])
      expect(link(menu, entry.label).getAttribute("href"), `menu: ${entry.label}`).toBe(entry.to);
    const getStarted = link(menu, /Get Started/);
    expect(getStarted.getAttribute("href")).toBe(OUTBOUND_PATHS.register);
    expect(opensInNewTab(getStarted)).toBe(true);
    expect(one(header, "button", "Open menu").getAttribute("aria-expanded")).toBe("false");
    expect(link(doc, "Skip to content").getAttribute("href")).toBe("#main");

    const footer = doc.querySelector("footer")!;
    const nav = one(footer, "nav", "Footer");
    expect(nav.querySelectorAll("ul")).toHaveLength(4);
    const group = (title: string) => texts(region(footer, title), "a");
    expect(group("Product")).toEqual(["Features", "Pricing", "Roadmap", "Book Demo"]);
    expect(group("Resources")).toEqual(["Resources", "Blog", "Newsletter"]);
    expect(group("Company")).toEqual(["About", "Contact", "Sitemap"]);
    expect(group("Legal")).toEqual(["Privacy", "Terms", "Cookies"]);
    for (const entry of footerGroups.flatMap((footerGroup): readonly NavLink[] => footerGroup.links))
      expect(link(footer, entry.label).getAttribute("href"), entry.label).toBe(entry.to);
    const hrefs = [...footer.querySelectorAll("a")].map((anchor) => anchor.getAttribute("href"));
    for (const path of ["/features", "/pricing", "/about", "/contact", "/blog", "/privacy", "/terms", "/sitemap"])
      expect(hrefs).toContain(path);
    for (const path of ["/roadmap", "/resources", "/demo", "/newsletter"]) expect(hrefs).toContain(path);
    expect(textOf(footer)).not.toContain(companyDefaults.address);
    expect(textOf(footer)).toContain(`© ${new Date().getFullYear()} Replywise`);
  });

  it("carries no theme class: the inline head script sets it from the stored choice before the stylesheet loads", async () => {
    const { html } = await page("/pricing");
    expect(html).toMatch(/<html lang="en">/);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head.indexOf('localStorage.getItem("theme")')).toBeGreaterThan(-1);
    expect(head.indexOf('localStorage.getItem("theme")')).toBeLessThan(head.indexOf('rel="stylesheet"'));
  });

  it("answers an unknown path with 404 and the not-found page, with a way home; an unknown resource's form with a way back", async () => {
    const missing = await getPage(server.url, "/no-such-page");
    expect(missing.response.status).toBe(404);
    const main = missing.doc.querySelector("main")!;
    expect(texts(main, "*").includes("404")).toBe(true);
    expect(textOf(main.querySelector("h1"))).toBe("Oops! Page not found");
    expect(link(main, "Return to Home").getAttribute("href")).toBe("/");

    const resource = await getPage(server.url, "/forms/download?resource=no-such-thing");
    expect(resource.response.status).toBe(404);
    expect(link(resource.doc.querySelector("main")!, "See all free resources").getAttribute("href")).toBe("/resources");
  });
});

describe("no framework JavaScript on a public page", () => {
  // React hydrates only the console (decisions 012, 031, 041): every public page, each form's own page and the 404 page
  // carry their behaviour as inline scripts, hashed into the CSP, and load no script file.
  const paths = [
    ...publicPages.map((entry) => entry.path),
    `/blog/${slugs[0]}`,
    "/forms/contact",
    "/forms/feature-request",
    "/forms/newsletter",
    "/forms/roadmap-vote",
    `/forms/download?resource=${resources[0]!.id}`,
    "/no-such-page",
  ];
  it.each(paths)("%s", async (path) => {
    const { response, doc } = await getPage(server.url, path);
    expect(response.status, path).toBe(path === "/no-such-page" ? 404 : 200);
    const loaded = [...doc.querySelectorAll('script[src], script[type="module"], link[rel="modulepreload"]')].map(
      (element) => element.outerHTML,
    );
    expect(loaded, path).toEqual([]);
    const csp = /script-src [^;]*/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[0] ?? "";
    expect(csp, path).not.toMatch(/unsafe-(inline|eval)/);
    const inline = [...doc.querySelectorAll("script:not([type])")];
    expect(inline.length, path).toBeGreaterThanOrEqual(2);
    for (const script of inline) {
      const hash = createHash("sha256")
        .update(script.textContent ?? "", "utf8")
        .digest("base64");
      expect(csp, path).toContain(`'sha256-${hash}'`);
    }
  });
});

describe("the home page", () => {
  it("says what the spec says: hero, integrations, steps, benefits, testimonials, FAQ, the study, the blog and the call to action", async () => {
    const { doc, main } = await page("/");
    const hero = doc.querySelector("h1")!.closest("section")!;
    expect(textOf(doc.querySelector("h1"))).toBe("Human-Like Inbox Management for your cold email replies");
    const start = link(hero, /^Get Started/);
    expect(start.getAttribute("href")).toBe(appSignUpUrl);
    expect(opensInNewTab(start)).toBe(true);
    expect(texts(hero, "h2")).toEqual(["Replies in under 5 minutes", "Sounds like your team", "Books the meeting"]);
    // The launch month by name, never "next month".
    expect(textOf(hero)).toMatch(/(public launch in|Publicly available since) [A-Z][a-z]+ \d{4}/);
    expect(textOf(main)).not.toMatch(/next month/i);
    // The pictures of the product add no list items or headings to the page's outline.
    expect(hero.querySelectorAll("li:not([data-scene] li)")).toHaveLength(3);
    expect(named(doc, "h1, h2, h3, h4, h5, h6", "Meeting booked")).toEqual([]);

    const strip = region(main, "Works with your outbound stack");
    const tools = [...strip.querySelectorAll("li")];
    expect(tools).toHaveLength(integrationTools(initialAvailability).length);
    for (const tool of integrationTools(initialAvailability)) {
      const card = tools.filter((item) => [...item.querySelectorAll("*")].some((child) => textOf(child) === tool.name));
      expect(card, tool.name).toHaveLength(1);
      expect(textOf(card[0]), tool.name).toContain(tool.kind);
      expect(textOf(card[0]), tool.name).toContain(availabilityLabels[tool.availability]);
    }
    expect(textOf(tools.find((item) => textOf(item).includes("Slack")))).toContain("Planned");
    expect(textOf(tools.find((item) => textOf(item).includes("Instantly")))).toContain("Available");
    expect(link(strip, /roadmap/).getAttribute("href")).toBe("/roadmap");
    // Self-drawn marks only: no images fetched for logos.
    expect(doc.querySelectorAll("img[src*=logo]")).toHaveLength(0);

    expect(texts(region(main, "How It Works"), "h3")).toEqual(["Receive inquiries", "AI response generation", "Convert leads"]);
    const why = region(main, "Why Choose Replywise");
    expect(why.querySelectorAll("h3")).toHaveLength(4);
    const whyTexts = texts(why, "*");
    for (const value of ["20+", "80%", "2x", "97%"]) expect(whyTexts, value).toContain(value);
    expect(whyTexts).toContain("These four figures are our targets for teams that use Replywise, not measured results.");
    expect(region(main, "Trusted by Growing Businesses").querySelectorAll("blockquote")).toHaveLength(3);

    const questions = region(main, "Frequently Asked Questions").querySelectorAll("summary");
    expect([...questions].map((summary) => textOf(summary))).toEqual(faq.map((entry) => entry.question));
    // Each answer sits in its question's <details>, closed until opened (the browser test opens one by keyboard).
    for (const [index, summary] of [...questions].entries()) {
      const details = summary.closest("details")!;
      expect(details.hasAttribute("open")).toBe(false);
      expect(textOf(details)).toContain(squash(faq[index]!.answer));
    }

    const banner = region(main, "Speed-to-lead is the whole game");
    expect(texts(banner, "*")).toContain("900%");
    expect(textOf(banner)).toContain("higher odds of reaching an inbound web lead by phone");
    expect(textOf(banner)).not.toMatch(/convert up to/i);
    expect(opensInNewTab(link(banner, /Lead Response Management Study, InsideSales\.com with Dr\. James Oldroyd, MIT \(2007\)/))).toBe(
      true,
    );

    const latest = region(main, "Latest from our Blog");
    const posts = latest.querySelectorAll("article");
    if (posts.length === 0) expect(textOf(latest)).toContain("No blog posts available at the moment.");
    else expect(posts.length).toBeLessThanOrEqual(3);
    expect(link(latest, "View all articles").getAttribute("href")).toBe("/blog");

    const cta = region(main, /Ready to answer every lead/);
    const ctaStart = link(cta, /^Get Started/);
    expect(ctaStart.getAttribute("href")).toBe(appSignUpUrl);
    expect(opensInNewTab(ctaStart)).toBe(true);
    expect(link(cta, "Schedule a demo").getAttribute("href")).toBe("/demo");
    expect(textOf((await page("/demo")).doc.querySelector("h1"))).toBe("Book a Demo");
  });
});

describe("the features and pricing pages", () => {
  it("the features page: six cards with their scenes, the two audiences, every statistic a target or sourced, planned points marked", async () => {
    const { main } = await page("/features");
    const features = featureCards(initialAvailability);
    const grid = region(main, "Features");
    expect(texts(grid, "h2")).toEqual(features.map((feature) => feature.title));
    expect(texts(main, "h2").filter((title) => !/Built for|Ready|What faster/.test(title))).toEqual([
      "Multi-Client Inbox",
      "Webhook Integration",
      "AI Auto-Responses",
      "Automated Follow-Ups",
      "Calendar Integration",
      "Analytics",
    ]);
    for (const feature of features) {
      const card = one(grid, "li", new RegExp(`${feature.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)).closest("li")!;
      const scene = card.querySelector("[data-scene]")!;
      expect(scene.getAttribute("data-scene"), feature.title).toBe(feature.scene);
      expect(scene.getAttribute("aria-hidden"), feature.title).toBe("true");
    }
    expect(named(main, "h3", "Sales Teams")).toHaveLength(1);
    expect(named(main, "h3", "Agencies")).toHaveLength(1);
    expect(textOf(main)).toContain("Multi-client management on Professional and Agencies");
    expect(textOf(main)).not.toMatch(/Enterprise/);

    const results = region(main, "What faster replies are worth");
    const shown = texts(results, "*");
    for (const value of ["20+", "80%", "2x", "30%", "97%", "900%", "Nearly 7x"]) expect(shown, value).toContain(value);
    expect(shown.filter((text) => text === "Our target, not a measured result")).toHaveLength(5);
    expect(textOf(results)).not.toMatch(/early-access teams report/i);
    const sources = [...results.querySelectorAll("*")].filter(
      (element) => /^Source:/.test(textOf(element)) && !/^Source:/.test(textOf(element.parentElement)),
    );
    expect(sources).toHaveLength(2);
    expect(textOf(sources[0])).toContain("Lead Response Management Study, InsideSales.com with Dr. James Oldroyd, MIT (2007)");
    expect(textOf(sources[1])).toContain("The Short Life of Online Sales Leads");

    const point = (card: string, text: string) =>
      [...one(grid, "li", new RegExp(card)).closest("li")!.querySelectorAll("li")].find((item) => textOf(item).includes(text));
    expect(textOf(point("Analytics", "Slack notifications for review"))).toContain("Planned");
    expect(textOf(point("Webhook Integration", "lemlist"))).toContain("Planned");
    expect(textOf(point("Webhook Integration", "Instantly"))).not.toContain("Planned");
  });

  it("the pricing page: three plans with the spec's figures, each larger one adding to the one below, credits and the FAQ", async () => {
    const { doc, main } = await page("/pricing");
    const expected = [
      { name: "Starter", price: "$15.00", credits: "50", perCredit: "$0.30", managers: "5", popular: false },
      { name: "Professional", price: "$60.00", credits: "250", perCredit: "$0.24", managers: "10", popular: true },
      { name: "Agencies", price: "$150.00", credits: "750", perCredit: "$0.20", managers: "30", popular: false },
    ];
    const card = (name: string) => one(main, "[role=group]", name);
    for (const plan of expected) {
      const shown = texts(card(plan.name), "*");
      expect(shown, plan.name).toContain(plan.price);
      expect(textOf(card(plan.name)), plan.name).toContain("/month");
      expect(texts(card(plan.name), "dd"), plan.name).toEqual([plan.credits, plan.perCredit, plan.managers]);
      expect(texts(card(plan.name), "dt"), plan.name).toEqual(["credits", "per credit", "inbox managers"]);
      expect(shown.includes("Popular"), plan.name).toBe(plan.popular);
      // No plan sells chat notifications, which are planned.
      expect(textOf(card(plan.name)), plan.name).not.toMatch(/chat|slack/i);
    }
    expect(textOf(card("Starter"))).toContain("Email notifications for review");
    const buttons = named(main, "a[href]", /^Get 50 Free Replies/);
    expect(buttons).toHaveLength(3);
    for (const button of buttons) {
      expect(button.getAttribute("href")).toBe(appSignUpUrl);
      expect(opensInNewTab(button)).toBe(true);
    }
    const shown = texts(main, "*");
    expect(shown).toContain("1 credit = 1 reply");
    expect(shown).toContain("Meeting invites cost 0 credits");
    expect(textOf(card("Starter"))).not.toContain("Multi-client management");
    expect(textOf(card("Professional"))).toContain("Multi-client management");
    expect(textOf(doc.body)).not.toMatch(/Enterprise/);
    // Each larger plan says it includes the one below, first, then lists only what it adds.
    expect(textOf(card("Starter"))).not.toContain("Everything in");
    const starterItems = texts(card("Starter"), "li");
    for (const [name, below] of [
      ["Professional", "Starter"],
      ["Agencies", "Professional"],
    ] as const) {
      const line = [...card(name).querySelectorAll("*")].find((element) => textOf(element) === `Everything in ${below}, plus`);
      expect(line, name).toBeDefined();
      const list = card(name).querySelector("ul")!;
      // The line comes before the list it introduces.
      expect(line!.compareDocumentPosition(list) & 4, name).toBeTruthy();
      expect(
        texts(card(name), "li").filter((item) => starterItems.includes(item)),
        name,
      ).toEqual([]);
    }
    const questions = region(main, "Pricing questions");
    const answerTo = (question: string | RegExp) => textOf(one(questions, "summary", question).closest("details"));
    expect(answerTo("What happens when my credits run out?")).toMatch(/stops sending written replies until your credits renew/);
    expect(answerTo(/Starter includes up to 5 inbox managers/)).toMatch(/On Starter, every inbox manager works for your own business/);
    const custom = region(main, "Need a custom plan?");
    expect(link(custom, "Contact Sales").getAttribute("href")).toBe("/contact");
  });
});

describe("the legal pages, the sitemap page and the roadmap", () => {
  const legal = [
    { path: "/privacy", title: "Privacy Policy", date: "March 1, 2025", iso: "2025-03-01" },
    { path: "/terms", title: "Terms of Service", date: "March 1, 2025", iso: "2025-03-01" },
    { path: "/cookies", title: "Cookie Policy", date: "January 1, 2024", iso: "2024-01-01" },
  ];

  it("each legal page: its title, the newest version as Last updated, its history from the spec's date, and what it must say", async () => {
    const articles: Record<string, string> = {};
    for (const document of legal) {
      const { doc, main } = await page(document.path);
      expect(textOf(doc.querySelector("h1")), document.path).toBe(document.title);
      const history = [...region(main, "Version history").querySelectorAll("li")];
      expect(history[0]!.querySelector("time")!.getAttribute("datetime"), document.path).toBe(document.iso);
      expect(textOf(history[0]), document.path).toContain(document.date);
      const newest = history.at(-1)!.querySelector("time")!;
      const lastUpdated = [...main.querySelectorAll("*")].find((element) => /^Last updated:/.test(textOf(element)))!.querySelector("time")!;
      expect(lastUpdated.getAttribute("datetime"), document.path).toBe(newest.getAttribute("datetime"));
      expect(textOf(lastUpdated), document.path).toBe(textOf(newest));
      const article = main.querySelector("article.prose-content")!;
      expect(article.querySelectorAll("h2").length, document.path).toBeGreaterThan(3);
      const text = textOf(article);
      expect(text, document.path).not.toContain("{{");
      for (const words of ["Replywise", company.salesEmail, company.name]) expect(text, document.path).toContain(words);
      articles[document.path] = text;
    }
    for (const words of ["Contact form", "resourceLeads", "booking calendar"]) expect(articles["/privacy"]).toContain(words);
    expect(articles["/privacy"]).toMatch(/retain|keep/i);
    expect(articles["/privacy"]).toMatch(/rights?/i);
    expect(articles["/privacy"]).toContain(`Our postal address is ${company.address}`);
    expect(articles["/privacy"]).not.toMatch(/confirmation message|unsubscribe link in every/);
    expect(articles["/terms"]).toContain("30 days notice of material changes");
    expect(articles["/terms"]).toContain(company.address);
    expect(articles["/terms"]).toContain(`governed by the laws of ${company.governingLaw}`);
    expect(articles["/terms"]).not.toContain("the jurisdiction where");
    const cookies = (await page("/cookies")).main.querySelector("article")!;
    expect(named(cookies, "h1, h2, h3, h4", "theme")).toHaveLength(1);
    expect(named(cookies, "h1, h2, h3, h4", "resourceLeads")).toHaveLength(1);
    expect(articles["/cookies"]).toContain("booking calendar");
  });

  it("the sitemap page lists the main and legal pages, Dashboard as Requires Login, and the XML sitemap", async () => {
    const { main } = await page("/sitemap");
    const mainPages = region(main, "Main pages");
    const hrefs: Record<string, string> = { Home: "/", Features: "/features", Pricing: "/pricing", About: "/about", Contact: "/contact" };
    for (const label of ["Home", "Features", "Pricing", "About", "Contact", "Resources", "Book Demo", "Login", "Register"]) {
      const entry = link(mainPages, label);
      if (hrefs[label]) expect(entry.getAttribute("href"), label).toBe(hrefs[label]);
    }
    const dashboard = link(mainPages, /^Dashboard/);
    expect(dashboard.getAttribute("href")).toBe(`${config.appUrl}/dashboard`);
    expect(dashboard.getAttribute("target")).toBe("_blank");
    expect(textOf(mainPages)).toContain("Requires Login");
    const legalPages = region(main, "Legal pages");
    for (const label of ["Privacy Policy", "Terms of Service", "Cookie Policy"]) link(legalPages, label);
    expect(link(main, "XML sitemap").getAttribute("href")).toBe("/sitemap.xml");
  });

  it("the roadmap: months with their features and badges up to the current quarter, Request Feature and the Stay Updated card", async () => {
    const { main } = await page("/roadmap");
    const months = texts(main, "h2");
    expect(months.filter((title) => /2025/.test(title))).toEqual(["August 2025", "September 2025"]);
    expect(months.filter((title) => /2026/.test(title)).at(-1)).toMatch(/(October|November|December) 2026/);
    const month = (name: string) => one(main, "h2", name).closest("li")!;
    const item = (name: string, text: string) => [...month(name).querySelectorAll("li")].find((entry) => textOf(entry).includes(text));
    expect(textOf(item("August 2025", "Email-sending platform integration"))).toContain("Completed");
    expect(textOf(item("August 2025", "Chat-tool integration"))).toContain("Planned");
    expect(textOf(item("September 2025", "Outreach platform integration"))).toContain("Planned");
    expect(texts(main, "*")).toContain("Coming Soon");
    expect(textOf(main)).not.toMatch(/ship every month|details soon/i);
    // Without JavaScript the link leads to the form's own page; with it, the dialog opens (tests/leads/*.spec.ts).
    expect(link(main, "Request Feature").getAttribute("href")).toBe("/forms/feature-request");
    const card = one(main, "aside, [role=complementary]", "Stay Updated");
    const start = link(card, /^Get Started/);
    expect(start.getAttribute("href")).toBe(OUTBOUND_PATHS.register);
    expect(opensInNewTab(start)).toBe(true);
    expect(link(card, "Read Our Blog").getAttribute("href")).toBe("/blog");
  });
});

describe("the contact, demo, login, register and about pages", () => {
  it("contact: the three cards, the form, the chat button's fallback, the support and demo boxes", async () => {
    const { doc, main } = await page("/contact");
    expect(textOf(doc.querySelector("h1"))).toBe("Get In Touch");
    expect(link(main, company.salesEmail).getAttribute("href")).toBe(`mailto:${company.salesEmail}`);
    expect(link(main, company.phone).getAttribute("href")).toMatch(/^tel:\+?\d+$/);
    expect(textOf(main)).toMatch(/9am-5pm PST/);
    expect(named(main, "h2", "Send us a message")).toHaveLength(1);
    one(main, "form", "Contact form");
    // Without a chat provider the button writes to support (the live status is set by the page's script: tests/site/pages.spec.ts).
    if (config.chatUrl === null)
      expect(link(main, /^Start chat/).getAttribute("href")).toMatch(new RegExp(`^mailto:${company.supportEmail.replace(".", "\\.")}`));
    else expect(link(main, /^Start chat/).getAttribute("href")).toBe(config.chatUrl);
    expect(named(main, "h2", "Looking for customer support?")).toHaveLength(1);
    const portal = link(main, /^Visit support portal/);
    expect(portal.getAttribute("href")).toBe(company.supportPortalUrl);
    expect(portal.getAttribute("target")).toBe("_blank");
    expect(link(main, company.supportEmail).getAttribute("href")).toBe(`mailto:${company.supportEmail}`);
    expect(named(main, "h2", "Interested in a demo?")).toHaveLength(1);
    expect(link(main, "Book a demo").getAttribute("href")).toBe("/demo");
  });

  it("demo: what the demo is, the phone, Get Started, and the booking link's month view of the 30-minute event", async () => {
    const { main, doc } = await page("/demo");
    for (const heading of ["30-minute personalized demo", "Flexible scheduling", "Q&A session"])
      expect(named(main, "h2", heading)).toHaveLength(1);
    // A slot picked through the booking service is booked at once (decision 028): the page says so and what comes next,
    // and promises no confirmation to wait for, here, in its description or on /demo/booked.
    expect(textOf(main)).toMatch(/Pick any free slot that suits you: it is booked at once, and the booking service emails you the time/);
    const booked = await page("/demo/booked");
    for (const text of [textOf(main), textOf(booked.main), doc.querySelector('meta[name="description"]')?.getAttribute("content") ?? ""])
      expect(text).not.toMatch(/confirm(ed|s)? within|within 24 hours|we confirm/i);
    expect(link(main, company.phone).getAttribute("href")).toMatch(/^tel:/);
    const start = named(main, "a[href]", /^Get Started/).at(-1)!;
    expect(start.getAttribute("href")).toBe(OUTBOUND_PATHS.register);
    expect(opensInNewTab(start)).toBe(true);
    // The fallback link goes through the site's counted redirect to the month view of the 30-minute event.
    const booking = await fetch(`${server.url}${OUTBOUND_PATHS.book}`, { redirect: "manual" });
    const target = booking.headers.get("location") ?? "";
    expect(target).toMatch(/view=month/);
    expect(target).toMatch(/duration=30/);
    expect(target.startsWith(config.bookingUrl)).toBe(true);
  });

  it("login: the fields, Forgot password and the app's sign-in, and no input a browser without JavaScript could submit", async () => {
    const { main } = await page("/login");
    const form = [...main.querySelectorAll("form")].find((candidate) => candidate.querySelector("input[type=password]"))!;
    const input = (label: string) => main.querySelector(`#${one(main, "label", label).getAttribute("for")}`)!;
    expect(input("Email").getAttribute("type")).toBe("email");
    expect(input("Password").getAttribute("type")).toBe("password");
    link(main, /^Forgot password/);
    expect(named(main, "button", "Sign in")).toHaveLength(1);
    const app = link(main, /^Sign in to the app/);
    expect(app.getAttribute("href")).toBe(`${config.appUrl}/sign-in`);
    expect(opensInNewTab(app)).toBe(true);
    expect(link(main, "Get started for free").getAttribute("href")).toBe("/register");
    expect(form.querySelectorAll("input[name]")).toHaveLength(0);
    expect(form.querySelectorAll("button[type=submit], input[type=submit]")).toHaveLength(0);
    expect(form.getAttribute("action") ?? "").toBe("");
  });

  it("register: Get Started opens the app, four key features and a testimonial; about: Our Story and Our Mission", async () => {
    const register = (await page("/register")).main;
    const start = named(register, "a[href]", /^Get Started/)[0]!;
    expect(start.getAttribute("href")).toBe(OUTBOUND_PATHS.register);
    expect(opensInNewTab(start)).toBe(true);
    expect(one(register, "h2", "Key features").parentElement!.querySelectorAll("li")).toHaveLength(4);
    expect(register.ownerDocument.querySelectorAll("blockquote")).toHaveLength(1);
    const about = (await page("/about")).main;
    expect(named(about, "h2", "Our Story")).toHaveLength(1);
    expect(named(about, "h2", "Our Mission")).toHaveLength(1);
    expect(textOf(about)).toMatch(/founded in 2025/);
  });
});

describe("the resources and the blog posts", () => {
  it("resources: the hero's anchors to the three sections, nine cards with their details, and the newsletter block", async () => {
    const { doc, main } = await page("/resources");
    expect(textOf(doc.querySelector("h1"))).toBe("Free Resources for Cold Email Outreach");
    const sections = one(main, "nav", "Resource sections");
    for (const [id, title] of [
      ["templates", "Cold Email Templates"],
      ["guides", "Deliverability Guides"],
      ["tools", "Practical Tools"],
    ] as const) {
      expect(link(sections, title).getAttribute("href")).toBe(`#${id}`);
      expect(doc.getElementById(id), id).not.toBeNull();
      expect(texts(doc.getElementById(id)!, "h2"), id).toContain(title);
      expect(main.querySelectorAll(`[data-testid="${id}-grid"] > li`), id).toHaveLength(3);
    }
    const cards = [...main.querySelectorAll('[data-testid="resource-card"]')];
    expect(cards).toHaveLength(9);
    for (const resource of resources) {
      const card = cards.filter((candidate) => named(candidate, "h1, h2, h3, h4", resource.title).length === 1);
      expect(card, resource.title).toHaveLength(1);
      const shown = texts(card[0]!, "*");
      expect(card[0]!.querySelector("svg"), resource.title).not.toBeNull();
      expect(textOf(card[0]), resource.title).toContain(squash(resource.description));
      expect(shown, resource.title).toContain(resource.format);
      expect(
        shown.some((text) => /^\d+(\.\d)? (B|KB|MB)$/.test(text)),
        resource.title,
      ).toBe(true);
      expect(named(card[0]!, "a[href], button", /^Download Resource/), resource.title).toHaveLength(1);
    }
    one(region(main, "Get new resources first"), "form");
  });

  it("/blog shows the newest post as Featured, its cover first to load, and the others in the grid with their details", async () => {
    const { main } = await page("/blog");
    const search = main.querySelector('input[type="search"]')!;
    expect(search.getAttribute("placeholder")).toBe("Search articles...");
    const [feature, ...cards] = [...main.querySelectorAll("article")];
    expect(texts(feature!, "*")).toContain("Featured");
    expect(textOf(feature!.querySelector("h2"))).toBe(
      "AI Reply Handling and the New Deliverability Rules: What Outbound Teams Need to Know",
    );
    for (const words of ["Industry Trends", "March 10, 2026", "Priya Raman"]) expect(textOf(feature), words).toContain(words);
    expect(textOf(feature)).toMatch(/\d+ min read/);
    expect(texts(feature!, "*").some((text) => text.startsWith("Mailbox providers tightened"))).toBe(true);
    const cover = feature!.querySelector("img")!;
    expect([cover.getAttribute("width"), cover.getAttribute("height")]).toEqual(["1200", "675"]);
    expect([cover.getAttribute("loading"), cover.getAttribute("fetchpriority")]).toEqual(["eager", "high"]);

    expect(cards).toHaveLength(4);
    const title = "Not Now, Send Info, Who Are You: The Psychology of Cold Email Objections";
    const card = cards.find((candidate) => textOf(candidate).includes(title))!;
    expect(link(card, title).getAttribute("href")).toBe("/blog/psychology-of-cold-email-objections");
    const shown = texts(card, "*");
    for (const words of ["Sales Psychology", "December 2, 2025", "7 min read", "Sofia Lindqvist"]) expect(shown, words).toContain(words);
    expect(one(card, "ul", "Tags").querySelectorAll("li")).toHaveLength(3);
    expect(card.querySelector("img")!.getAttribute("loading")).toBe("lazy");
    expect(textOf(main)).not.toContain("No articles found matching your criteria.");
    expect(named(main, "a[href]", "Reset Filters")).toEqual([]);
  });

  it("each post links its sources inline and ends with a line about its author", async () => {
    for (const slug of slugs) {
      const article = (await page(`/blog/${slug}`)).main.querySelector("article")!;
      expect(article.querySelectorAll(".prose-content a[href^='https://']").length, `${slug}: sources linked in the text`).toBeGreaterThan(
        0,
      );
      // The innermost element that reads "By …": its own span names the author.
      const byline = [...article.querySelectorAll("*")]
        .filter((element) => /^By /.test(textOf(element)) && element.querySelector("span"))
        .at(-1);
      const author = textOf(byline?.querySelector("span"));
      const bio = authors.find((entry) => entry.name === author)?.bio;
      expect(bio, `${slug}: a line about ${author} in app/features/blog/authors.ts`).toBeTruthy();
      expect(textOf(article.querySelector('[data-testid="author-line"]')), slug).toBe(`About the author. ${squash(bio)}`);
    }
  });
});
