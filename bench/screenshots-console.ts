// The console's pages at phone and desktop width, light and dark, into reports/screenshots/console/, with a
// handful of sample leads (the console has no public page for `npm run screenshots` to visit).
//   npm run screenshots:console
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createAnalytics } from "../app/features/analytics/index.server";
import { addOperator } from "../app/lib/console/operators.server";
import { openDatabase } from "../app/lib/db/client.server";
import { migrate } from "../app/lib/db/migrate.server";
import { rowsOf } from "../app/lib/db/rows.server";
import { takeScreenshots } from "./take-screenshots";

const OPERATOR = { email: "ops@example.com", password: "screenshots passphrase" };

// Sample data in a throwaway PGlite folder, written before the server opens it (PGlite allows one process).
const dataDir = mkdtempSync(path.join(tmpdir(), "replywise-console-shots-"));
const handle = await openDatabase({ dataDir });
await migrate(handle.db);
await addOperator(handle.db, OPERATOR.email, OPERATOR.password, "admin");
await handle.db.execute(sql`
  INSERT INTO contact_requests (name, email, company_name, message, created_at, landing_page, referrer, utm_source, utm_medium, utm_campaign, stage, stage_at, stage_by, notes, owner_id, follow_up_on)
  VALUES
    ('Ada Lovelace', 'ada@analytical.example', 'Analytical Engines', 'We run 40 client inboxes for outbound. Can Replywise keep replies under five minutes for all of them?', now() - interval '12 minutes', '/pricing', 'www.google.com', NULL, NULL, NULL, 'new', NULL, NULL, '[]', NULL, NULL),
    ('Grace Hopper', 'grace.hopper@navy.example', NULL, 'Looking for a demo next week.', now() - interval '3 hours', '/', NULL, 'newsletter', 'email', 'spring-launch', 'meeting-booked', now() - interval '1 hour', 'ops@example.com',
      jsonb_build_array(jsonb_build_object('at', to_char((now() - interval '2 hours') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'by', 'ops@example.com', 'text', 'Called back: runs outbound for 12 agencies.'),
        jsonb_build_object('at', to_char((now() - interval '1 hour') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'by', 'ops@example.com', 'text', 'Booked for Tuesday.')),
      (SELECT id FROM operators LIMIT 1), (now() + interval '2 days')::date),
    ('Katherine Johnson with a rather long name', 'katherine.johnson.with.a.very.long.address@a-long-company-domain.example', 'Trajectories and Orbits Incorporated', 'Does the HubSpot sync handle custom objects?', now() - interval '2 days', '/features', 'news.ycombinator.com', NULL, NULL, NULL, 'qualified', now() - interval '1 day', 'ops@example.com', '[]', NULL, NULL)`);
await handle.db.execute(sql`
  INSERT INTO feature_requests (name, email, company, feature_title, description, use_case, created_at, landing_page, utm_source, utm_campaign)
  VALUES ('Margaret Hamilton', 'margaret@apollo.example', 'Apollo', 'Pipedrive integration', 'Push booked meetings to Pipedrive as deals.', 'Our SDR team lives in Pipedrive.', now() - interval '5 hours', '/roadmap', 'linkedin', 'q4-agencies')`);
// The request linked to a roadmap item, which two confirmed voters also want (decision 036's screens).
await handle.db.execute(sql`UPDATE feature_requests SET roadmap_item_id = 'chat-tool-integration'`);
await handle.db.execute(sql`
  INSERT INTO roadmap_votes (item_id, email, name, note, status, consent_text, created_at, confirmed_at)
  VALUES ('chat-tool-integration', 'grace.hopper@navy.example', 'Grace Hopper', 'Our reps answer from Slack all day.', 'confirmed', 'Tell me when it ships.', now() - interval '3 days', now() - interval '3 days'),
         ('chat-tool-integration', 'linus@example.com', NULL, NULL, 'confirmed', 'Tell me when it ships.', now() - interval '1 day', now() - interval '1 day')`);
await handle.db.execute(sql`
  INSERT INTO newsletter_subscribers (email, source, status, consent_text, confirmation_sent_at, confirmed_at, created_at, landing_page, referrer)
  VALUES ('alan@turing.example', '/resources', 'confirmed', 'Send me the Replywise newsletter. Unsubscribe any time.', now() - interval '1 day', now() - interval '23 hours', now() - interval '1 day', '/blog/why-speed-to-lead-wins-cold-email', 'duckduckgo.com'),
         ('pending@example.com', '/', 'pending', 'Send me the Replywise newsletter. Unsubscribe any time.', now() - interval '2 hours', NULL, now() - interval '2 hours', '/', NULL)`);
await handle.db.execute(sql`
  INSERT INTO resource_leads (name, email, resource_id, resource_title, downloaded_at, landing_page, utm_source)
  VALUES ('Ada Lovelace', 'ada@analytical.example', 'outreach-checklist', 'Outreach checklist', now() - interval '6 hours', '/resources', 'twitter')`);
// Demos booked through the booking service, from a campaign and from search, one held and won (the reports' sources
// by booked demos); the booking's webhook has no page view, so these are leads without a counted visit.
await handle.db.execute(sql`
  INSERT INTO demo_leads (name, email, company, created_at, landing_page, referrer, utm_source, utm_medium, utm_campaign, stage)
  VALUES ('Hedy Lamarr', 'hedy@frequency.example', 'Frequency Hopping', now() - interval '4 days', '/demo', NULL, 'linkedin', 'paid-social', 'q4-agencies', 'meeting-booked'),
         ('Joan Clarke', 'joan@bletchley.example', NULL, now() - interval '9 days', '/pricing', 'www.google.com', NULL, NULL, NULL, 'won'),
         ('Mary Jackson', 'mary@langley.example', 'Langley', now() - interval '2 days', '/demo', NULL, 'linkedin', 'paid-social', 'q4-agencies', 'meeting-booked'),
         ('Annie Easley', 'annie@glenn.example', NULL, now() - interval '6 days', '/demo', NULL, 'newsletter', 'email', 'november-issue', 'meeting-booked')`);
await handle.db.execute(sql`
  INSERT INTO demo_bookings (lead_id, provider, booking_id, status, held, meeting_at, created_at)
  SELECT id, 'cal', 'sample-' || id, 'booked', stage = 'won', created_at + interval '2 days', created_at FROM demo_leads`);
await handle.db.execute(sql`
  INSERT INTO outbox (kind, recipient, payload, status, attempts, last_error, created_at, sent_at, run_after)
  VALUES ('mail:request-received', 'ada@analytical.example', '{}', 'failed', 5, 'SMTP 550 5.1.1 mailbox unavailable', now() - interval '12 minutes', NULL, now()),
         ('mail:team-notification', 'ada@analytical.example', '{}', 'sent', 1, NULL, now() - interval '12 minutes', now() - interval '11 minutes', now()),
         -- Its next attempt after the screenshots, so the worker leaves it waiting.
         ('mail:download-link', 'ada@analytical.example', '{}', 'pending', 2, 'Connection timed out', now() - interval '6 hours', NULL, now() + interval '1 hour')`);
// One person's whole story (decision 045): Ada also subscribed, voted with a buying note and booked a demo, which she
// moved once; the team moved her contact request and gave it an owner; each mail the site sent about her.
await handle.db.execute(sql`
  INSERT INTO newsletter_subscribers (email, source, status, consent_text, confirmation_sent_at, confirmed_at, created_at)
  VALUES ('ada@analytical.example', '/resources', 'confirmed', 'Send me the Replywise newsletter. Unsubscribe any time.', now() - interval '2 days', now() - interval '47 hours', now() - interval '2 days')`);
await handle.db.execute(sql`
  INSERT INTO roadmap_votes (item_id, email, name, note, status, consent_text, created_at, confirmation_sent_at, confirmed_at)
  VALUES ('hubspot-crm-sync', 'ada@analytical.example', 'Ada Lovelace', 'We would buy the Pro plan if this existed', 'confirmed', 'Tell me when it ships.', now() - interval '26 hours', now() - interval '26 hours', now() - interval '25 hours')`);
await handle.db.execute(sql`
  INSERT INTO demo_leads (name, email, company, answers, created_at, meeting_at, meeting_ends_at, host, event_name, meeting_status, stage, stage_at, stage_by)
  VALUES ('Ada Lovelace', 'ada@analytical.example', 'Analytical Engines', '{"What should we cover?": "Forty inboxes, one team"}', now() - interval '4 hours',
    date_trunc('hour', now()) + interval '3 days', date_trunc('hour', now()) + interval '3 days 30 minutes', 'Sam from Replywise', '30 minute demo', 'booked', 'meeting-booked', now() - interval '4 hours', 'system')`);
await handle.db.execute(sql`
  INSERT INTO demo_bookings (lead_id, provider, booking_id, replaces, status, meeting_at, meeting_ends_at, host, event_name, created_at)
  SELECT id, 'cal', 'sample-booking-2', 'sample-booking-1', 'booked', meeting_at, meeting_ends_at, host, event_name, now() - interval '3 hours' FROM demo_leads WHERE email = 'ada@analytical.example'`);
await handle.db.execute(sql`
  INSERT INTO demo_booking_events (lead_id, provider, booking_id, trigger, kind, occurred_at, meeting_at, received_at)
  SELECT id, 'cal', 'sample-booking-1', 'BOOKING_CREATED', 'booked', now() - interval '4 hours', date_trunc('hour', now()) + interval '2 days', now() - interval '4 hours' FROM demo_leads WHERE email = 'ada@analytical.example'
  UNION ALL
  SELECT id, 'cal', 'sample-booking-2', 'BOOKING_RESCHEDULED', 'rescheduled', now() - interval '3 hours', meeting_at, now() - interval '3 hours' FROM demo_leads WHERE email = 'ada@analytical.example'`);
await handle.db.execute(sql`
  UPDATE contact_requests SET stage = 'contacted', stage_at = now() - interval '5 minutes', stage_by = 'ops@example.com', owner_id = (SELECT id FROM operators LIMIT 1),
    notes = jsonb_build_array(jsonb_build_object('at', to_char((now() - interval '4 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'by', 'ops@example.com', 'text', 'Asked about forty inboxes: send the agency pricing.'))
  WHERE email = 'ada@analytical.example'`);
await handle.db.execute(sql`
  INSERT INTO audit_log (actor, action, detail, created_at)
  SELECT 'ops@example.com', 'lead-owner', jsonb_build_object('kind', 'contact', 'id', id, 'owner', (SELECT id FROM operators LIMIT 1)), now() - interval '6 minutes' FROM contact_requests WHERE email = 'ada@analytical.example'
  UNION ALL
  SELECT 'ops@example.com', 'lead-stage', jsonb_build_object('kind', 'contact', 'id', id, 'stage', 'contacted', 'from', 'new'), now() - interval '5 minutes' FROM contact_requests WHERE email = 'ada@analytical.example'`);
await handle.db.execute(sql`
  INSERT INTO outbox (kind, recipient, payload, status, attempts, created_at, sent_at, run_after)
  VALUES ('mail:newsletter-confirmation', 'ada@analytical.example', '{}', 'sent', 1, now() - interval '2 days', now() - interval '2 days', now()),
         ('mail:roadmap-vote-confirmation', 'ada@analytical.example', '{}', 'sent', 1, now() - interval '26 hours', now() - interval '26 hours', now()),
         ('mail:team-notification', 'ada@analytical.example', '{"to": [{"address": "sales@replywise.example"}]}', 'sent', 1, now() - interval '4 hours', now() - interval '4 hours', now())`);
await handle.db.execute(sql`
  INSERT INTO email_suppressions (email, reason, detail, source, created_at)
  VALUES ('nobody@defunct-agency.example', 'hard-bounce', '550 5.1.1 <nobody@defunct-agency.example>: Recipient address rejected: User unknown', 'smtp', now() - interval '2 days'),
         ('annoyed@example.com', 'complaint', 'marked as spam', 'webhook', now() - interval '5 hours')`);
// A newsletter draft waiting for review, and an issue sent yesterday to the confirmed subscriber.
await handle.db.execute(sql`
  INSERT INTO newsletter_issues (topic, source_key, status, subject, preheader, title, excerpt, link_path, cover_path, cover_alt, number, queued_at, recipient_count, created_at)
  VALUES ('post', '1', 'draft', 'Why speed to lead wins cold email', 'Replies answered in five minutes book three times as many meetings.', 'Why speed to lead wins cold email', 'Replies answered in five minutes book three times as many meetings. Here is how to get there without hiring.', '/blog/why-speed-to-lead-wins-cold-email', '/images/blog/why-speed-to-lead-wins-cold-email.jpg', 'A stopwatch on a desk', NULL, NULL, NULL, now() - interval '2 hours'),
         ('resource', 'cold-email-templates', 'sending', 'New free resource: 10 Cold Email Templates That Get Replies', 'Ten first touches and follow-ups, each with its subject line.', '10 Cold Email Templates That Get Replies', 'Ten proven first-touch and follow-up emails, each with its subject line, full body and when to use it. (PDF, 9 pages.)', '/resources#cold-email-templates', NULL, NULL, 1, now() - interval '1 day', 1, now() - interval '2 days')`);
await handle.db.execute(sql`
  INSERT INTO newsletter_deliveries (issue_id, subscriber_id, status, done_at)
  SELECT i.id, s.id, 'sent', now() - interval '1 day' FROM newsletter_issues i, newsletter_subscribers s
  WHERE i.status = 'sending' AND s.status = 'confirmed'`);
// Thirty days of visits for the reports' charts (a weekly rhythm, a campaign mid-month), rolled up as the server does.
await handle.db.execute(sql`
  INSERT INTO analytics_page_views (at, day, visitor, path, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, click_id, device)
  SELECT at, at::date, visitor, path, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content,
    CASE WHEN utm_medium = 'cpc' THEN 'gclid' END, device
  FROM (
    SELECT date_trunc('day', now()) - make_interval(days => d) + make_interval(secs => (g * 37) % 86000) AS at,
      d * 100000 + g / 3 AS visitor,
      (ARRAY['/', '/pricing', '/features', '/blog', '/blog/why-speed-to-lead-wins-cold-email', '/contact', '/demo', '/resources'])[1 + g % 8] AS path,
      (ARRAY[NULL, 'www.google.com', 'www.linkedin.com', NULL, 'news.ycombinator.com', 'duckduckgo.com', 't.co'])[1 + g % 7] AS referrer,
      -- A paid LinkedIn campaign mid-month; search ads and a newsletter all month.
      CASE WHEN d BETWEEN 10 AND 16 AND g % 4 = 0 THEN 'linkedin' WHEN g % 11 = 0 THEN 'google' WHEN g % 13 = 0 THEN 'newsletter' END AS utm_source,
      CASE WHEN d BETWEEN 10 AND 16 AND g % 4 = 0 THEN 'paid-social' WHEN g % 11 = 0 THEN 'cpc' WHEN g % 13 = 0 THEN 'email' END AS utm_medium,
      CASE WHEN d BETWEEN 10 AND 16 AND g % 4 = 0 THEN 'q4-agencies' WHEN g % 11 = 0 THEN 'brand' WHEN g % 13 = 0 THEN 'november-issue' END AS utm_campaign,
      CASE WHEN g % 11 = 0 AND NOT (d BETWEEN 10 AND 16 AND g % 4 = 0) THEN (ARRAY['replywise', 'ai email replies', 'cold email reply automation'])[1 + g % 3] END AS utm_term,
      CASE WHEN d BETWEEN 10 AND 16 AND g % 4 = 0 THEN (ARRAY['carousel', 'video'])[1 + g % 2] WHEN g % 11 = 0 THEN 'text-ad-a' END AS utm_content,
      (ARRAY['desktop', 'mobile', 'desktop', 'tablet'])[1 + g % 4] AS device
    FROM generate_series(0, 29) AS d, LATERAL generate_series(0, 120 + 40 * ((d + 3) % 7 / 5) + d * 3) AS g
  ) AS views`);
await handle.db.execute(sql`
  INSERT INTO analytics_goals (at, day, visitor, goal)
  SELECT at, day, visitor, (ARRAY['download', 'outbound:register', 'lead:contact', 'outbound:book', 'newsletter-confirmed'])[1 + id % 5]
  FROM analytics_page_views WHERE id % 23 = 0`);
// The board with 30 leads and a Today worth reading (decision 044): 25 more contact requests across every stage, some
// owned, touched or due for a follow-up (overdue, today), beside the five above.
await handle.db.execute(sql`
  INSERT INTO contact_requests (name, email, company_name, message, created_at, stage, stage_at, stage_by, owner_id, follow_up_on)
  SELECT (ARRAY['Alan Kay', 'Barbara Liskov', 'Donald Knuth', 'Edsger Dijkstra', 'Frances Allen', 'John Backus', 'Ken Thompson',
      'Leslie Lamport', 'Niklaus Wirth', 'Radia Perlman'])[1 + n % 10] || ' ' || n,
    'sample' || n || '@agency.example', 'Agency ' || n,
    (ARRAY['Pricing for 40 inboxes?', 'Can you book meetings into HubSpot?', 'We need replies in German too.',
      'How does the trial work for an agency?', 'Looking to move from a VA team.'])[1 + n % 5],
    now() - make_interval(hours => n * 7),
    (ARRAY['new', 'contacted', 'qualified', 'meeting-booked', 'contacted', 'qualified', 'won', 'lost', 'spam', 'new'])[1 + n % 10],
    CASE WHEN n % 10 IN (0, 9) THEN NULL ELSE now() - make_interval(hours => n * 3) END,
    CASE WHEN n % 10 IN (0, 9) THEN NULL ELSE 'ops@example.com' END,
    CASE WHEN n % 3 = 0 THEN (SELECT id FROM operators LIMIT 1) END,
    CASE WHEN n % 7 = 1 THEN (now() - interval '2 days')::date WHEN n % 7 = 2 THEN now()::date END
  FROM generate_series(1, 25) AS n`);
// Two of the leads wrote during a counted visit (the funnel's "leads from a counted visit"); the rest came another way.
await handle.db.execute(sql`
  UPDATE contact_requests c SET visitor_id = (
    SELECT visitor FROM analytics_page_views v WHERE v.day = (c.created_at AT TIME ZONE 'UTC')::date ORDER BY visitor LIMIT 1)
  WHERE email IN ('ada@analytical.example', 'katherine.johnson.with.a.very.long.address@a-long-company-domain.example')`);
const analytics = createAnalytics(handle.db, { enabled: true, retentionDays: 400, flushMs: 60_000, batchSize: 1000, ownHosts: [] });
await analytics.maintain();
await analytics.close();
const [lead] = rowsOf<{ id: number }>(await handle.db.execute(sql`SELECT id FROM contact_requests WHERE email = 'ada@analytical.example'`));
const leadId = Number(lead!.id);
const [worked] = rowsOf<{ id: number }>(
  await handle.db.execute(sql`SELECT id FROM contact_requests WHERE email = 'grace.hopper@navy.example'`),
);
const workedId = Number(worked!.id);
const [request] = rowsOf<{ id: number }>(await handle.db.execute(sql`SELECT id FROM feature_requests LIMIT 1`));
const requestId = Number(request!.id);
await handle.close();

const pages = [
  ["today", "/console/today"],
  ["leads", "/console/leads"],
  ["lead", `/console/leads/contact/${leadId}`],
  ["lead-worked", `/console/leads/contact/${workedId}`],
  ["board", "/console/board"],
  ["spam", "/console/spam"],
  ["reports", "/console/reports"],
  // A month before the sample data: nothing counted at all.
  ["reports-empty", "/console/reports?from=2025-01-01&to=2025-01-31"],
  ["outbox", "/console/outbox"],
  ["newsletter", "/console/newsletter"],
  ["newsletter-draft", "/console/newsletter/1"],
  ["newsletter-sent", "/console/newsletter/2"],
  // The public archive needs a sent issue, which only this sample data has.
  ["archive", "/newsletter"],
  ["archive-issue", "/newsletter/1"],
  ["requests", "/console/requests"],
  ["request", `/console/leads/feature-request/${requestId}`],
  ["roadmap", "/console/roadmap"],
  ["roadmap-item", "/console/roadmap/chat-tool-integration"],
  ["audit", "/console/audit"],
  ["account", "/console/account"],
  // The blog editor: the initial posts are imported when the server starts, so post 1 is one of them.
  ["posts", "/console/posts"],
  ["post-new", "/console/posts/new"],
  ["post-edit", "/console/posts/1"],
  // The site content's forms (docs/decisions/035).
  ["content-testimonials", "/console/content/testimonials"],
  ["content-sections", "/console/content/sections"],
  ["content-plans", "/console/content/plans"],
] as const;

// SCREENSHOTS_PAGES=leads,board keeps to those pages (and skips the states after them); SCREENSHOTS_OUT writes elsewhere.
const only = process.env.SCREENSHOTS_PAGES?.split(",");
await takeScreenshots(
  { outDir: process.env.SCREENSHOTS_OUT ?? "reports/screenshots/console/leads", env: { DATA_DIR: dataDir } },
  async (page, { url, shot }) => {
    await page.goto(`${url}/console/sign-in`);
    await shot("sign-in");
    await page.getByLabel("Email address").fill(OPERATOR.email);
    await page.getByLabel("Password").fill(OPERATOR.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // An admin lands on Today (decision 044); before it, on the leads.
    await page.waitForURL(/\/console\/(today|leads)$/);
    for (const [name, pageUrl] of pages) {
      if (only && !only.includes(name)) continue;
      await page.goto(`${url}${pageUrl}`);
      await shot(name);
    }
    const hydrated = () => page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    if (!only || only.includes("content-plans")) {
      // The price editor with Starter's price changed and not saved yet: the hint and the cost per credit read it.
      await page.goto(`${url}/console/content/plans`);
      await hydrated();
      await page.getByRole("group", { name: /^1\./ }).getByLabel("Price a month (US dollars)").fill("19");
      await shot("content-plans-price-typed");
    }
    if (only) return;
    // A data request with its findings, and the erasure's confirmation.
    await page.goto(`${url}/console/requests`);
    await page.getByLabel("Email address").fill("ada@analytical.example");
    await page.getByRole("button", { name: "Look up" }).click();
    await shot("requests-found");
    await page.getByRole("button", { name: "Erase everything…" }).click();
    await shot("requests-confirm");
    // The editor's states an action makes: a preview link's address, a post on the schedule (post 2, taken down first).
    await page.goto(`${url}/console/posts/1`);
    await hydrated();
    await page.getByRole("button", { name: "Make a preview link" }).click();
    await page
      .getByRole("textbox", { name: /^Address of the preview link/ })
      .first()
      .waitFor();
    // Sections far below are painted only near the screen (app/styles/app.css): this one is the subject here.
    await page.getByRole("region", { name: "Preview links" }).scrollIntoViewIfNeeded();
    await shot("post-preview-link");
    await page.goto(`${url}/console/posts/2`);
    await hydrated();
    const unpublish = page.getByRole("button", { name: "Unpublish", exact: true });
    if (await unpublish.isVisible()) {
      await unpublish.click();
      await page.getByRole("button", { name: "Publish now" }).waitFor();
    }
    // The imported posts have no image description, which a post needs before it can go live.
    await page.getByLabel("Image description (alt text)").fill("A chart of reply times falling");
    await page.getByLabel("Publish at (your time zone)").fill("2030-01-15T09:30");
    await page.getByRole("button", { name: /^(Schedule|Reschedule)$/ }).click();
    await page.getByRole("button", { name: "Take off the schedule" }).waitFor();
    await shot("post-scheduled");
    // A testimonial's picture without its alt text, refused beside its field, as an editor meets it.
    await page.goto(`${url}/console/content/testimonials`);
    await hydrated();
    await page.getByRole("group", { name: /^1\./ }).getByLabel("Picture", { exact: true }).fill("/images/og/replywise.png");
    await page.getByRole("button", { name: "Publish now", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Not published" }).waitFor();
    await shot("content-testimonials-refused");
  },
);
