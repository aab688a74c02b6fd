import { PageHeader } from "~/components/layout/page-header";
import { siteContentContext } from "~/context";
import { CtaBand } from "~/components/sections/cta-band";
import { IconBadge } from "~/components/sections/icon";
import { CheckList, IconCard } from "~/components/sections/icon-card";
import { Section } from "~/components/sections/section";
import { StatFigure } from "~/components/sections/stat-source";
import { Card } from "~/components/ui/card";
import { MiniScene } from "~/components/visuals/mini-scenes";
import type { AvailabilityOf } from "~/content/capabilities";
import { audiences, featureCards } from "~/content/features";
import { sendingTools } from "~/content/product-scenes";
import { launchCopy } from "~/content/launch";
import { site } from "~/content/site";
import type { Stat } from "~/content/stats";
import { todayIso } from "~/lib/dates";
import { cachedPage, degradableHeaders } from "~/lib/page-cache";
import { sectionOf } from "~/features/site-content";
import { availabilityOf, pageContent } from "~/features/site-content/index.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/features";
import { data } from "react-router";
import { staticPage } from "~/lib/hydration";

// On two columns an odd last target takes a whole row, not half of one.
const wholeRowOnPhones = (targets: readonly Stat[], stat: Stat) => targets.length % 2 === 1 && stat.id === targets.at(-1)?.id;

// Nothing here but links and text: served without React (decision 012). Its statistics, its sections' copy and the
// availability of the capabilities it lists (the roadmap) are edited in the browser: rendered once per change and
// cached (decision 035).
export const handle = { ...staticPage, ...cachedPage };
export const headers = degradableHeaders;

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Features",
    description:
      "Multi-client inboxes, webhook integration, AI auto-responses, automated follow-ups, calendar integration and analytics: everything Replywise does with your cold email replies.",
    path: "/features",
  });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { content, headers } = await pageContent(context.get(siteContentContext), request);
  const page = { today: todayIso(), statistics: content.statistics, sections: content.sections, availability: availabilityOf(content) };
  return headers ? data(page, { headers }) : page;
}

export default function FeaturesPage({ loaderData }: Route.ComponentProps) {
  const launch = launchCopy(loaderData.today);
  const availability: AvailabilityOf = (id) => loaderData.availability[id];
  const studies = loaderData.statistics.filter((stat) => stat.basis.kind === "study");
  const targets = loaderData.statistics.filter((stat) => stat.basis.kind !== "study");
  const copy = (id: Parameters<typeof sectionOf>[1]) => sectionOf(loaderData.sections, id);
  const [header, grid, forWhom, results] = [
    copy("features-header"),
    copy("features-grid"),
    copy("features-audiences"),
    copy("features-results"),
  ];
  return (
    <>
      <PageHeader eyebrow="Features" title={header.title} description={header.intro} />
      <Section id="feature-grid" aria-label="Features">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {featureCards(availability).map((feature, index) => (
            <li key={feature.id}>
              <IconCard
                {...feature}
                title={grid.cards[index]!.title}
                description={grid.cards[index]!.text}
                as="h2"
                visual={<MiniScene name={feature.scene} sendingTools={sendingTools(availability)} />}
              />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="audiences" title={forWhom.title} description={forWhom.intro} muted>
        <div className="grid gap-6 md:grid-cols-2">
          {audiences.map((audience, index) => (
            <Card key={audience.id} className="gap-5 p-8">
              <IconBadge name={audience.icon} />
              <h3 className="text-2xl font-bold">{forWhom.cards[index]!.title}</h3>
              <p className="text-muted-foreground">{forWhom.cards[index]!.text}</p>
              <CheckList items={audience.points} />
            </Card>
          ))}
        </div>
      </Section>
      <Section id="results" title={results.title} description={results.intro}>
        <h3 className="mb-6 text-center text-lg font-semibold">Our targets</h3>
        <ul className="grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-5">
          {targets.map((stat) => (
            <li key={stat.id} className={wholeRowOnPhones(targets, stat) ? "col-span-2 md:col-span-1" : undefined}>
              <StatFigure stat={stat} />
            </li>
          ))}
        </ul>
        <h3 className="mt-14 mb-6 text-center text-lg font-semibold">The research</h3>
        <ul className="grid gap-10 md:grid-cols-2">
          {studies.map((stat) => (
            <li key={stat.id}>
              <StatFigure stat={stat} />
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand
        id="features-cta"
        title={copy("closing").title}
        description={launch.closing}
        signUpUrl={site.appSignUpUrl}
        next={{ to: "/pricing", label: "See pricing" }}
      />
    </>
  );
}
