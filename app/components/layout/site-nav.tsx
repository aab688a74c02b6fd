import { NavLink } from "react-router";
import { headerLinks } from "~/content/nav";
import { cn } from "~/lib/utils";

/** The header's page links: in the header on wide screens, in the mobile menu on small ones; each styled by its place. */
export function SiteNav({
  label,
  className,
  linkClassName,
  activeClassName,
}: {
  label: string;
  className: string;
  linkClassName: string;
  /** Added to the link of the page being shown. */
  activeClassName: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      {headerLinks.map((link) => (
        <NavLink key={link.to} to={link.to} end className={({ isActive }) => cn(linkClassName, isActive && activeClassName)}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
