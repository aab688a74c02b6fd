import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { FORM_NAMES, formPath } from "./lib/forms/names";

export default [
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("blog/rss.xml", "routes/blog.rss[.]xml.ts"),
  route("blog/search-index.json", "routes/blog.search-index[.]json.ts"),
  // The console (app/lib/console/): one outer module at two addresses, each with an id of its own. The operator inbox
  // (docs/decisions/014): server-rendered, never prerendered, noindex. Everything under the layout passes its guard (a
  // session; for posts, the site's own origin and the anti-forgery token) before it reads a row.
  route("inbox", "routes/console.tsx", { id: "routes/inbox" }, [
    route("sign-in", "routes/inbox.sign-in.tsx"),
    layout("routes/inbox-layout.tsx", [
      index("routes/inbox.leads.tsx"),
      route("leads/:kind/:id", "routes/inbox.lead.tsx"),
      route("board", "routes/inbox.board.tsx"),
      route("export", "routes/inbox.export.ts"),
      route("outbox", "routes/inbox.outbox.tsx"),
      route("spam", "routes/inbox.spam.tsx"),
      route("requests", "routes/inbox.requests.tsx"),
      route("requests/export", "routes/inbox.requests.export.ts"),
      route("audit", "routes/inbox.audit.tsx"),
      route("reports", "routes/inbox.reports.tsx"),
      route("reports/export", "routes/inbox.reports.export.ts"),
      route("newsletter", "routes/inbox.newsletter.tsx"),
      route("newsletter/:id", "routes/inbox.newsletter.$id.tsx"),
      route("redirects", "routes/inbox.redirects.tsx"),
      route("redirects/:id", "routes/inbox.redirects.$id.tsx"),
      route("roadmap", "routes/inbox.roadmap.tsx"),
      route("roadmap/:item", "routes/inbox.roadmap.$item.tsx"),
      route("account", "routes/inbox.account.tsx"),
      route("sign-out", "routes/inbox.sign-out.ts"),
    ]),
  ]),
  // The blog editor (docs/decisions/023): the operators' sign-in and guard, for `editor` and `admin` accounts. It hydrates
  // (tabs, autosave, preview), unlike the inbox, and every action also works as a plain form post.
  route("blog-admin", "routes/console.tsx", { id: "routes/blog-admin-root" }, [
    layout("routes/blog-admin-layout.tsx", [
      index("routes/blog-admin.tsx"),
      route("new", "routes/blog-admin.new.tsx"),
      route("posts/:id", "routes/blog-admin.post.tsx"),
      // The site's structured content (docs/decisions/035): statistics, FAQ, for the same accounts as the posts.
      route("content", "routes/blog-admin.content.tsx"),
      route("content/:collection", "routes/blog-admin.content.$collection.tsx"),
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
    // The link in a roadmap vote's confirmation e-mail (issue 37).
    route("roadmap/vote/confirm", "routes/roadmap.vote.confirm.tsx"),
    // The unsubscribe link in a shipped item's notice (issue 37).
    route("roadmap/withdraw", "routes/roadmap.withdraw.tsx"),
    ...FORM_NAMES.map((name) => route(formPath(name).slice(1), `routes/forms.${name}.tsx`)),
    route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
    // The newsletter's public archive (docs/decisions/025): each issue that went out, cached like the blog.
    route("newsletter", "routes/newsletter.tsx"),
    route("newsletter/:number", "routes/newsletter.$number.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
