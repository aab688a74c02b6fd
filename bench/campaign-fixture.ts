import { formFields, pageEditorSession, type PageEditorSession } from "../tests/support/server/campaign-pages";
import { addOperators, OPERATOR_PASSWORD } from "../tests/support/server/operators";

// Two campaign pages (docs/decisions/047, 048) for the benchmarks that score the built site (bench:serve, Lighthouse),
// made as an editor makes them: through the console's own forms on the running server. /agencies is a page of six
// blocks; /webinars/spring has an experiment running on its hero, two variants at 50/50, so a visit's page is picked by
// its daily visitor id on every request.

const EDITOR = "bench.pages@example.com";

/** The seeded pages' addresses: a campaign page, and a page in an experiment. */
export const CAMPAIGN_PAGE = "/agencies";
export const EXPERIMENT_PAGE = "/webinars/spring";
export const CAMPAIGN_PAGES = [CAMPAIGN_PAGE, EXPERIMENT_PAGE] as const;

/**
 * What browsers send as their user agent: a load without one is no visitor (decision 021), is always shown an
 * experiment's first variant and skips the visitor id, which would flatter the experiment page's figure. Several, so
 * the load's visits land in both variants.
 */
export const BROWSER_USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
] as const;

/** The editor's account: in PostgreSQL, or in a PGlite data folder before the server starts on it (one process). */
export function addCampaignEditor(database: Parameters<typeof addOperators>[0]) {
  return addOperators(database, [{ email: EDITOR, password: OPERATOR_PASSWORD, role: "editor" }]);
}

interface PageSpec {
  path: string;
  title: string;
  description: string;
  blocks: string[];
  /** Each block's own words, by block id and field; the rest keeps the block's first copy (the site's content). */
  copy: Record<string, Record<string, string>>;
}

const AGENCIES: PageSpec = {
  path: CAMPAIGN_PAGE,
  title: "Replies answered for agencies",
  description: "Replywise answers your agency's cold email replies in minutes and books the meetings for your clients.",
  blocks: ["hero", "feature-grid", "statistics", "testimonials", "download-form", "faq"],
  copy: {
    "hero-1": {
      eyebrow: "For lead generation agencies",
      headline: "Every client's replies answered while they are warm",
      intro: "Replywise reads each reply to your clients' campaigns, answers like your team would and books the meeting.",
      "cta.label": "Get the templates",
      "cta.target": "#block-download-form-1",
      scene: "managers",
    },
    "feature-grid-1": { heading: "Built for teams that run many inboxes" },
    "download-form-1": { heading: "The reply templates agencies start from" },
  },
};

const WEBINAR: PageSpec = {
  path: EXPERIMENT_PAGE,
  title: "Spring webinar: answering cold email replies",
  description: "A live session on answering cold email replies in minutes: the replies that matter, the follow-ups, the booking.",
  blocks: ["hero", "rich-text", "testimonials", "newsletter-form", "faq"],
  copy: {
    "hero-1": {
      eyebrow: "Spring webinar",
      headline: "Answer cold email replies before they go cold",
      intro: "A live hour on reading replies, answering the ones that matter and booking the meeting without the back and forth.",
      "cta.label": "Save my seat",
      "cta.target": "#block-newsletter-form-1",
      scene: "reply",
    },
    "rich-text-1": {
      heading: "What the hour covers",
      body: "- Which replies deserve an answer first, and why\n- Follow-ups that sound like a person wrote them\n- Booking the meeting in the reply itself\n\nBring your own replies: we answer a few of them live.",
    },
    "newsletter-form-1": { heading: "Get the invitation", intro: "One email with the link, and one with the recording afterwards." },
  },
};

async function alertOf(response: Response) {
  const html = await response.text();
  return [...html.matchAll(/role="alert"[^>]*>([^<]*)/g)].map((match) => match[1]).join(" ") || `status ${response.status}`;
}

/** Builds a page from its blocks and publishes it; its id. */
async function publishPage(editor: PageEditorSession, spec: PageSpec): Promise<number> {
  const created = await editor.create(spec.path, spec.title);
  if (!("id" in created)) throw new Error(`${spec.path} was not created: ${created.refused.slice(0, 300)}`);
  for (const type of spec.blocks) await editor.addBlock(created.id, type);
  const changes: Record<string, string> = { description: spec.description };
  for (const [block, fields] of Object.entries(spec.copy))
    for (const [field, value] of Object.entries(fields)) changes[`block.${block}.${field}`] = value;
  const published = await editor.send(created.id, "publish", changes);
  const answer = await published.clone().text();
  if (published.status !== 200 || !answer.includes("Published:"))
    throw new Error(`${spec.path} was not published: ${await alertOf(published)}`);
  return created.id;
}

/**
 * Seeds both pages on a running server whose database has the editor (`addCampaignEditor`), and waits until each is
 * served; the addresses seeded.
 */
export async function seedCampaignPages(url: string): Promise<readonly string[]> {
  const editor = await pageEditorSession(url, EDITOR);
  await publishPage(editor, AGENCIES);
  const webinar = await publishPage(editor, WEBINAR);

  // The experiment's start form as rendered, variant B with another headline.
  const start = `/console/pages/${webinar}/experiment?block=hero-1`;
  const { csrf: _token, ...fields } = formFields(await (await editor.get(start)).text(), 'form[aria-label="New experiment"]');
  const started = await editor.post(start, {
    ...fields,
    name: "Spring webinar headline",
    "variant.a.share": "50",
    "variant.b.name": "The question",
    "variant.b.share": "50",
    "variant.b.headline": "How fast do your cold email replies get an answer?",
  });
  if (started.status !== 303) throw new Error(`the experiment was not started: ${await alertOf(started)}`);

  for (const path of CAMPAIGN_PAGES) {
    const response = await fetch(`${url}${path}`, { headers: { "user-agent": BROWSER_USER_AGENTS[0] } });
    if (response.status !== 200) throw new Error(`${path} answers ${response.status}`);
  }
  return CAMPAIGN_PAGES;
}
