import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";
import { FORM_NAMES, formPath } from "./lib/forms/names";

export default [
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("blog/rss.xml", "routes/blog.rss[.]xml.ts"),
  route("blog/search-index.json", "routes/blog.search-index[.]json.ts"),
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
    route("blog-admin", "routes/blog-admin.tsx"),
    route("resources", "routes/resources.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("cookies", "routes/cookies.tsx"),
    route("demo", "routes/demo.tsx"),
    route("sitemap", "routes/sitemap.tsx"),
    route("roadmap", "routes/roadmap.tsx"),
    ...FORM_NAMES.map((name) => route(formPath(name).slice(1), `routes/forms.${name}.tsx`)),
    route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
