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

export const footerLinks = [
  { to: "/features", label: "Features" },
  { to: "/pricing", label: "Pricing" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/blog", label: "Blog" },
  { to: "/privacy", label: "Privacy" },
  { to: "/terms", label: "Terms" },
  { to: "/sitemap", label: "Sitemap" },
] as const satisfies readonly NavLink[];
