import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { capabilities } from "~/content/capabilities";
import { availabilityFrom } from "~/content/roadmap";
import { bookingEmbedScript } from "~/features/bookings";
import { initialContent } from "~/features/site-content";
import { todayIso } from "~/lib/dates";
import { pageScripts } from "~/lib/hydration";
import { leadFormsScript } from "~/lib/page-scripts/lead-forms";
import { type Block, BLOCK_TYPES, blockContentOf, BLOCKS, type BlockType, blockProblems, BlockList, BlockView, scriptsOf } from "./index";
import { richTextHtml } from "./index.server";

const today = todayIso();
const site = initialContent();
const roadmap = availabilityFrom(site.roadmap);
const content = blockContentOf(
  site,
  Object.fromEntries(capabilities.map((capability) => [capability.id, roadmap(capability.id)])) as never,
  today,
);

const blockOf = (type: BlockType, fields: Record<string, string> = {}, id: string = type): Block => ({
  id,
  type,
  fields: { ...BLOCKS[type].initial(content), ...fields },
});

// The route renders inside React Router (CtaBand's button is a <Link>).
const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
const view = (block: Block, first = false, html?: string) =>
  render(<BlockView block={block} content={content} first={first} pagePath="/campaigns/spring" html={html} />);
/** React writes some characters as entities: compare text as the page shows it. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe("the campaign page blocks", () => {
  it("starts every block with true copy that may be published, and shows its heading and content", () => {
    // What shows the block's content beyond its own fields: the published content, or the form and its action.
    const shows: Record<BlockType, (html: string) => void> = {
      hero: (html) => expect(html).toContain('href="/demo"'),
      "product-scene": (html) => expect(html).toContain('data-scene="reply"'),
      "feature-grid": (html) => expect(html).toContain(escaped(site.sections.find((entry) => entry.id === "home-hero")!.cards[2]!.title)),
      statistics: (html) => {
        for (const stat of site.statistics) expect(html).toContain(escaped(stat.label));
        expect(html).toContain("Source:");
      },
      testimonials: (html) => expect(html).toContain(escaped(site.testimonials[0]!.name)),
      pricing: (html) => {
        for (const plan of site.plans) expect(html).toContain(`>${plan.name}</h2>`);
      },
      faq: (html) => expect(html).toContain(escaped(site.faq[0]!.question)),
      "logo-strip": (html) => expect(html).toContain("Instantly"),
      "rich-text": (html) => expect(html).toContain(escaped(BLOCKS["rich-text"].initial(content).body!)),
      "call-to-action": (html) => expect(html).toContain("Schedule a demo"),
      "contact-form": (html) => expect(html).toMatch(/<form data-lead-form="contact"[^>]*action="\/forms\/contact" method="post"/),
      "download-form": (html) => {
        expect(html).toMatch(new RegExp(`<form[^>]*action="/forms/download\\?resource=${site.resources[0]!.id}"`));
        expect(html).toContain(`name="resourceId" value="${site.resources[0]!.id}"`);
      },
      "demo-booking": (html) => expect(html).toContain("data-booking-load"),
      "newsletter-form": (html) => {
        expect(html).toMatch(/<form[^>]*action="\/forms\/newsletter"/);
        expect(html).toContain('name="source" value="/campaigns/spring"');
      },
    };
    for (const type of BLOCK_TYPES) {
      const block = blockOf(type);
      expect(blockProblems(block, content, today), type).toEqual({});
      const heading = block.fields[BLOCKS[type].heading!]!;
      expect(heading, type).not.toBe("");
      // First, its heading is the page's h1; later, an h2.
      expect(view(block, true), type).toMatch(new RegExp(`<h1[^>]*>${escaped(heading).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</h1>`));
      const html = view(block);
      expect(html, type).toMatch(new RegExp(`<h2[^>]*>${escaped(heading).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</h2>`));
      expect(html, type).not.toContain("<h1");
      shows[type](html);
    }
  });

  it("shows the download form of the chosen published resource, and refuses one the catalogue does not list", () => {
    const chosen = site.resources[3]!;
    const html = view(blockOf("download-form", { resource: chosen.id }));
    expect(html).toMatch(new RegExp(`<form[^>]*action="/forms/download\\?resource=${chosen.id}"`));
    expect(html).toContain(`data-download-file="${chosen.file}"`);
    expect(BLOCKS["download-form"].fields(content).find((field) => field.name === "resource")?.options).toHaveLength(site.resources.length);
    expect(blockProblems(blockOf("download-form", { resource: "gone" }), content, today)).toEqual({
      resource: "“gone” is not a published resource: choose one from the list.",
    });
  });

  it("refuses copy that breaks the copy rules, markup in plain text, unknown fields and targets off the list", () => {
    const cases: [Block, Record<string, string | RegExp>][] = [
      [blockOf("hero", { intro: "Reply 80% faster than your team does today." }), { intro: /statistic "80%" outside the statistics/ }],
      [blockOf("feature-grid", { "cards.1.title": "Optimise every reply" }), { "cards.1.title": /UK spelling "Optimise"/ }],
      [blockOf("call-to-action", { text: "Plans from $15 a month." }), { text: /price "\$15" without two decimals/ }],
      [blockOf("statistics", { heading: "<b>Results</b>" }), { heading: "Heading cannot contain HTML: write it as plain text." }],
      [blockOf("faq", { heading: "x".repeat(121) }), { heading: /at most 120 characters/ }],
      [blockOf("pricing", { colour: "blue" }), { colour: "A pricing block has no field “colour”." }],
      [blockOf("hero", { "cta.target": "https://elsewhere.example" }), { "cta.target": /is not a place the button can lead to/ }],
      [blockOf("feature-grid", { "cards.0.icon": "skull" }), { "cards.0.icon": /not one of the choices/ }],
      [blockOf("contact-form", { heading: "" }), { heading: "Write it: the page shows this text." }],
      [blockOf("testimonials", { intro: "What our customers say about us." }), { intro: /early-access/ }],
    ];
    for (const [block, expected] of cases) {
      const problems = blockProblems(block, content, today);
      expect(Object.keys(problems), JSON.stringify(block.fields)).toEqual(Object.keys(expected));
      for (const [name, reason] of Object.entries(expected)) expect(problems[name]).toMatch(reason);
    }
    // A block's heading is no search title (the page has its own): past 60 characters it is the editor's call.
    const long = "Questions agencies ask before they let Replywise answer the replies of every client campaign";
    expect(long.length).toBeGreaterThan(60);
    expect(blockProblems(blockOf("faq", { heading: long }), content, today)).toEqual({});
  });

  it("lets a button lead to a form block on the page, once a page of each form", () => {
    const form = blockOf("contact-form", {}, "talk");
    const hero = blockOf("hero", { "cta.target": "#block-talk" });
    expect(blockProblems(hero, content, today)["cta.target"]).toBeDefined();
    expect(blockProblems(hero, content, today, [hero, form])).toEqual({});
    expect(view(hero)).toContain('href="#block-talk"');
    expect(view(form)).toContain('id="block-talk"');
    const second = blockOf("contact-form", {}, "again");
    expect(blockProblems(second, content, today, [hero, form, second]).heading).toMatch(/has a contact form already/);
  });

  it("keeps scripts, markup and unsafe links out of the rich text", () => {
    for (const body of ["Hello <script>alert(1)</script>", "A [link](javascript:alert(1)) here.", "[x]: data:text/html,hi\n\n[see][x]"]) {
      expect(blockProblems(blockOf("rich-text", { body }), content, today).body, body).toBeDefined();
    }
    expect(
      blockProblems(blockOf("rich-text", { body: "Read [the guide](/resources) or [write](mailto:a@b.example)." }), content, today),
    ).toEqual({});
    // Whatever was stored, the page shows it through the blog's sanitiser.
    const block = blockOf("rich-text", {
      body: "Hi <script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n## More\n\n**Bold** [ok](https://example.com)",
    });
    const html = view(block, false, richTextHtml([block])[block.id]);
    expect(html).not.toMatch(/<script|javascript:|onerror/i);
    expect(html).toContain("<strong>Bold</strong>");
    expect(html).toContain('href="https://example.com"');
    // Without its HTML, the text as typed, escaped.
    expect(view(block)).toContain("&lt;script&gt;");
  });

  it("names the page scripts its forms need, and the route's handle includes them from its loader data", () => {
    const page = [blockOf("hero"), blockOf("faq")];
    expect(scriptsOf(page)).toEqual([]);
    expect(scriptsOf([...page, blockOf("newsletter-form"), blockOf("download-form")])).toEqual([leadFormsScript]);
    expect(scriptsOf([blockOf("demo-booking"), blockOf("contact-form")])).toEqual([leadFormsScript, bookingEmbedScript]);
    const handle = { script: (data: unknown) => scriptsOf((data as { blocks: Block[] } | undefined)?.blocks ?? []) };
    expect(pageScripts([{ handle, loaderData: { blocks: [blockOf("demo-booking")] } }])).toEqual([bookingEmbedScript]);
    expect(pageScripts([{ handle, loaderData: undefined }])).toEqual([]);
    // The forms' toasts region once a page, after the blocks.
    const html = render(<BlockList blocks={[blockOf("contact-form"), blockOf("newsletter-form")]} content={content} pagePath="/p" />);
    expect(html.match(/data-toaster/g)).toHaveLength(1);
    expect(html.match(/<h1/g)).toHaveLength(1);
  });
});
