// The footer on every page: the product in one line, the site map by group, the copyright and the company's address.
import { Link } from "react-router";
import { footerGroups } from "~/content/nav";
import { site } from "~/content/site";
import { useSiteLayoutData } from "./company";
import { Container } from "./container";
import { Logo } from "./logo";

export function SiteFooter() {
  // The company as published (decision 043); a frame outside the site layout names the product alone.
  const layout = useSiteLayoutData();
  const name = layout?.company.name ?? site.name;
  const address = layout?.footerAddress ?? null;
  return (
    <footer className="border-t bg-muted/40">
      <Container className="flex flex-col gap-8 py-12 lg:flex-row lg:justify-between">
        <div className="flex max-w-sm flex-col gap-3">
          <Logo />
          <p className="text-sm text-muted-foreground">{site.description}</p>
        </div>
        {/* Each group's list is named by its title (the JavaScript budget has no room for ids to link them). */}
        <nav aria-label="Footer" className="grid grid-cols-2 gap-x-10 gap-y-8 sm:grid-cols-4">
          {footerGroups.map((group) => (
            <div key={group.title} className="flex flex-col gap-2">
              <p className="text-sm font-semibold">{group.title}</p>
              <ul aria-label={group.title}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="inline-block py-1.5 text-sm text-muted-foreground hover:text-foreground">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </Container>
      <Container className="flex flex-col gap-1 border-t py-6 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:gap-6">
        <p data-testid="copyright">
          {/* The prerendered year is the build's; the frame's inline script corrects it if the page outlives New Year. */}©{" "}
          <span data-current-year suppressHydrationWarning>
            {new Date().getFullYear()}
          </span>{" "}
          {name.replace(/\.$/, "")}. All rights reserved.
        </p>
        {address ? <p>{address}</p> : null}
      </Container>
    </footer>
  );
}
