// The site frame's navigation: the header's links and buttons, and the footer's site map.
export interface NavLink {
  to: string;
  label: string;
}

export const headerLinks = [
  { to: "/", label: "Home" },
  { to: "/features", label: "Features" },
  { to: "/pricing", label: "Pricing" },
  { to: "/roadmap", label: "Roadmap" },
] as const satisfies readonly NavLink[];

export const headerActions = {
  contact: { to: "/contact", label: "Get In Touch" },
  demo: { to: "/demo", label: "Book Demo" },
} as const satisfies Record<string, NavLink>;

export interface NavGroup {
  title: string;
  links: readonly NavLink[];
}

/**
 * The footer is the site map every page carries: the spec's eight links (features, pricing, about, contact, blog,
 * privacy, terms, sitemap) and every page a visitor could not otherwise find from every width.
 */
export const footerGroups = [
  {
    title: "Product",
    links: [
      { to: "/features", label: "Features" },
      { to: "/pricing", label: "Pricing" },
      { to: "/roadmap", label: "Roadmap" },
      headerActions.demo,
    ],
  },
  {
    title: "Resources",
    links: [
      { to: "/resources", label: "Resources" },
      { to: "/blog", label: "Blog" },
      { to: "/newsletter", label: "Newsletter" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About" },
      { to: "/contact", label: "Contact" },
      { to: "/sitemap", label: "Sitemap" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy", label: "Privacy" },
      { to: "/terms", label: "Terms" },
      { to: "/cookies", label: "Cookies" },
    ],
  },
] as const satisfies readonly NavGroup[];
