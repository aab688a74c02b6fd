import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { FORM_NAMES, formPath } from "./lib/forms/names";

export default [
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("blog/rss.xml", "routes/blog.rss[.]xml.ts"),
  route("blog/search-index.json", "routes/blog.search-index[.]json.ts"),
  // The console (app/lib/console/, decision 030): every signed-in area under /console, server-rendered, never
  // prerendered, noindex. Everything under its layouts passes the guard (a session; for posts, the site's own origin and
  // the anti-forgery token) before it reads a row. The old /console/leads and /console/posts addresses answer 301 to their place
  // here (server/legacy-console.ts).
  route("console", "routes/console.tsx", [
    route("sign-in", "routes/console.sign-in.tsx"),
    // The areas that are plain HTML and forms: they never hydrate (decision 014).
    layout("routes/console-layout.tsx", [
      index("routes/console.home.ts"),
      route("today", "routes/console.today.tsx"),
      route("leads", "routes/console.leads.tsx"),
      route("leads/export", "routes/console.leads.export.ts"),
      route("leads/:kind/:id", "routes/console.lead.tsx"),
      route("board", "routes/console.board.tsx"),
      route("outbox", "routes/console.outbox.tsx"),
      route("spam", "routes/console.spam.tsx"),
      route("requests", "routes/console.requests.tsx"),
      route("requests/export", "routes/console.requests.export.ts"),
      route("audit", "routes/console.audit.tsx"),
      route("reports", "routes/console.reports.tsx"),
      route("reports/export", "routes/console.reports.export.ts"),
      route("experiments", "routes/console.experiments.tsx"),
      route("experiments/:id", "routes/console.experiment.tsx"),
      route("newsletter", "routes/console.newsletter.tsx"),
      route("newsletter/:id", "routes/console.newsletter.$id.tsx"),
      route("redirects", "routes/console.redirects.tsx"),
      route("redirects/:id", "routes/console.redirects.$id.tsx"),
      route("roadmap", "routes/console.roadmap.tsx"),
      route("roadmap/:item", "routes/console.roadmap.$item.tsx"),
      route("account", "routes/console.account.tsx"),
      route("sign-out", "routes/console.sign-out.ts"),
    ]),
    // The editors (decision 023): posts and the site's structured content (decision 035), for `editor` and `admin`
    // accounts. They hydrate (tabs, autosave, preview), and every action also works as a plain form post.
    layout("routes/console-editor-layout.tsx", [
      route("posts", "routes/console.posts.tsx"),
      route("posts/new", "routes/console.posts.new.tsx"),
      route("posts/:id", "routes/console.post.tsx"),
      route("content", "routes/console.content.tsx"),
      route("content/:collection", "routes/console.content.$collection.tsx"),
      route("pages", "routes/console.pages.tsx"),
      route("pages/:id", "routes/console.page.tsx"),
      route("pages/:id/experiment", "routes/console.page.experiment.tsx"),
    ]),
  ]),
  // A draft as readers will see it, for a reviewer without an account: the link's token is the permission.
  route("blog/preview/:token", "routes/blog.preview.$token.tsx"),
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("features", "routes/features.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("blog", "routes/blog-layout.tsx", [
      index("routes/blog.tsx"),
      route("page/:page", "routes/blog.page.$page.tsx"),
      route("category/:category", "routes/blog.category.$category.tsx"),
      route("category/:category/page/:page", "routes/blog.category.$category.tsx", { id: "routes/blog.category.$category.page" }),
    ]),
    route("blog/:slug", "routes/blog.$slug.tsx"),
    route("resources", "routes/resources.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("cookies", "routes/cookies.tsx"),
    route("demo", "routes/demo.tsx"),
    route("demo/booked", "routes/demo.booked.tsx"),
    route("sitemap", "routes/sitemap.tsx"),
    route("roadmap", "routes/roadmap.tsx"),
    // The link in a roadmap vote's confirmation e-mail (decision 036).
    route("roadmap/vote/confirm", "routes/roadmap.vote.confirm.tsx"),
    // The unsubscribe link in a shipped item's notice (decision 036).
    route("roadmap/withdraw", "routes/roadmap.withdraw.tsx"),
    ...FORM_NAMES.map((name) => route(formPath(name).slice(1), `routes/forms.${name}.tsx`)),
    route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
    // The newsletter's public archive (docs/decisions/025): each issue that went out, cached like the blog.
    route("newsletter", "routes/newsletter.tsx"),
    route("newsletter/:number", "routes/newsletter.$number.tsx"),
    // A campaign page at its address (decision 047), else the not-found page.
    route("*", "routes/campaign-page.tsx"),
  ]),
] satisfies RouteConfig;
