import { Link } from "react-router";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { IconCard } from "~/components/sections/icon-card";
import { Section } from "~/components/sections/section";
import { Button } from "~/components/ui/button";
import { about } from "~/content/about";
import { launchCopy } from "~/content/launch";
import { site } from "~/content/site";
import { todayIso } from "~/lib/dates";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/about";
import { staticPage } from "~/lib/hydration";
import { cachedPage } from "~/lib/page-cache";

// Nothing here but links and text: served without React (decision 012). Its footer names the company as published
// (decision 043): rendered by the server once per change of the content, and cached.
export const handle = { ...staticPage, ...cachedPage };

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "About",
    description: `Why ${site.name} exists: founded in ${site.founded} by people who ran cold outbound, on a mission that no lead waits more than 5 minutes.`,
    path: "/about",
  });

export function loader() {
  return { today: todayIso() };
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const story = [...about.story.paragraphs, launchCopy(loaderData.today).story];
  return (
    <>
      <PageHeader eyebrow="About us" title={about.title} description={about.description} />
      <section aria-labelledby="story-heading" className="py-14 sm:py-20">
        <Container className="grid max-w-5xl items-start gap-12 md:grid-cols-2">
          <div className="flex flex-col gap-4">
            <h2 id="story-heading" className="text-3xl font-bold tracking-tight">
              {about.story.title}
            </h2>
            {story.map((paragraph) => (
              <p key={paragraph} className="leading-relaxed text-muted-foreground">
                {paragraph}
              </p>
            ))}
          </div>
          <div className="flex flex-col gap-4 rounded-2xl bg-secondary p-8 text-secondary-foreground">
            <h2 className="text-3xl font-bold tracking-tight">{about.mission.title}</h2>
            {about.mission.paragraphs.map((paragraph, index) => (
              <p key={paragraph} className={index === 0 ? "text-xl leading-snug font-semibold" : "leading-relaxed"}>
                {paragraph}
              </p>
            ))}
          </div>
        </Container>
      </section>
      <Section id="values" title="What we believe" muted>
        <ul className="grid gap-6 md:grid-cols-3">
          {about.values.map((value) => (
            <li key={value.title}>
              <IconCard {...value} />
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild>
            <Link to="/contact">Get In Touch</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/roadmap">See the roadmap</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
