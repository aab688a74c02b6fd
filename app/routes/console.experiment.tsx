import { data, Link } from "react-router";
import { ConsoleHeading } from "~/components/console/frame";
import { Section } from "~/components/console/section";
import { databaseContext, operatorContext } from "~/context";
import { seesLeads } from "~/features/analytics/index.server";
import { blockName, CampaignPageSchema } from "~/features/campaign-pages";
import { experimentReport, findExperiment, findPage } from "~/features/campaign-pages/index.server";
import { formatChance } from "~/features/experiments";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { mayReach } from "~/lib/console/roles";
import { formatInZone } from "~/lib/console/time-zone";
import { requireArea } from "~/middleware.server";
import type { Route } from "./+types/console.experiment";

// One experiment's report (docs/decisions/048): its variants' visits and, for the accounts that see leads (sales,
// admin), what each brought (leads, qualified, demos booked, won), the chance each brings the most of its goal, the
// uncertainty and a plain sentence; a warning when the split drifts from the shares. An editor sees the visits and the
// split, never a lead count (decision 014).

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData ? `Experiment: ${loaderData.name}` : "Experiment");

export const middleware: Route.MiddlewareFunction[] = [requireArea("reports")];

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext).db;
  const experiment = /^\d+$/.test(params.id) ? await findExperiment(db, Number(params.id)) : undefined;
  const page = experiment && (await findPage(db, experiment.pageId));
  if (!experiment || !page) throw data("No such experiment.", { status: 404 });
  const operator = context.get(operatorContext);
  const leads = seesLeads(operator);
  const report = await experimentReport(db, experiment, page.path);
  return {
    name: experiment.name,
    pageId: page.id,
    path: page.path,
    block: blockName(page.published ? CampaignPageSchema.parse(page.published).blocks : [], experiment.blockId),
    startedAt: experiment.startedAt.toISOString(),
    stoppedAt: experiment.stoppedAt?.toISOString() ?? null,
    promoted: experiment.promoted,
    timeZone: operator.timeZone,
    mayEdit: mayReach(operator.role, "posts"),
    leads,
    goal: report.goal,
    sampleRatio: report.judgement.sampleRatio,
    // What an editor may not see is left out of the data, not only of the page.
    sentence: leads ? report.judgement.sentence : null,
    variants: report.variants.map((variant, index) => {
      const judged = report.judgement.variants[index]!;
      const base = { key: variant.key, name: variant.name, share: variant.share, visits: variant.visits };
      if (!leads) return base;
      return {
        ...base,
        figures: { leads: variant.leads, qualified: variant.qualified, demosBooked: variant.demosBooked, won: variant.won },
        rate: judged.rate,
        rateInterval: judged.rateInterval,
        chance: judged.chanceToBeatOthers,
      };
    }),
  };
}

const percent = (value: number, digits = 0) => `${(value * 100).toFixed(digits)}%`;
const count = (value: number) => value.toLocaleString("en-US");

export default function ExperimentReportPage({ loaderData }: Route.ComponentProps) {
  const { name, path, block, goal, sampleRatio, sentence, variants, timeZone, leads } = loaderData;
  const visits = variants.reduce((sum, variant) => sum + variant.visits, 0);
  return (
    <>
      <ConsoleHeading
        title={name}
        description={`${block.charAt(0).toUpperCase()}${block.slice(1)} of ${path}, ${loaderData.stoppedAt ? "stopped" : "running"} since ${formatInZone(loaderData.stoppedAt ?? loaderData.startedAt, timeZone)}. Judged on ${goal.plural}.`}
      />
      <p className="text-sm">
        <Link to={consolePaths.experiments} className="text-primary underline">
          All experiments
        </Link>
        {loaderData.mayEdit ? (
          <>
            {" · "}
            <Link to={consolePaths.page(loaderData.pageId)} reloadDocument className="text-primary underline">
              {loaderData.stoppedAt ? "The page" : "Stop it or keep a variant, in the page's editor"}
            </Link>
          </>
        ) : null}
        {loaderData.promoted ? ` · Kept variant ${loaderData.promoted.toUpperCase()}.` : ""}
      </p>
      {sampleRatio.drifted ? (
        <p role="alert" className="rounded-lg border border-warning bg-warning/10 p-3 text-sm font-medium">
          {sampleRatio.sentence}
        </p>
      ) : null}
      {sentence ? (
        <p className="rounded-lg border bg-card p-4 text-base font-medium" data-experiment-verdict="">
          {sentence}
        </p>
      ) : null}
      <Section title="Variants">
        <div className="overflow-x-auto">
          {/* On a phone the table scrolls sideways: a figure and its share stay on one line. */}
          <table className="w-full text-left text-sm whitespace-nowrap">
            <caption className="sr-only">
              Each variant's share, visits{leads ? ", what it brought and its chance to bring the most" : ""}
            </caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2 pr-4">
                  Variant
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Share
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Visits
                </th>
                {leads ? (
                  <>
                    <th scope="col" className="py-2 pr-4 text-right">
                      Leads
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right">
                      Qualified
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right">
                      Demos booked
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right">
                      Won
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right">
                      {goal.label} per visit (95% interval)
                    </th>
                    <th scope="col" className="py-2 text-right">
                      Chance to bring the most
                    </th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {variants.map((variant) => (
                <tr key={variant.key} className="border-b last:border-0" data-variant={variant.key}>
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {variant.key.toUpperCase()}: {variant.name}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{variant.share}%</td>
                  <td className="py-2 pr-4 text-right tabular-nums">
                    {count(variant.visits)}
                    {visits > 0 ? <span className="text-muted-foreground"> ({percent(variant.visits / visits)})</span> : null}
                  </td>
                  {"figures" in variant && variant.figures ? (
                    <>
                      <td className="py-2 pr-4 text-right tabular-nums">{count(variant.figures.leads)}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">{count(variant.figures.qualified)}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">{count(variant.figures.demosBooked)}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">{count(variant.figures.won)}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">
                        {percent(variant.rate, 1)}{" "}
                        <span className="text-muted-foreground">
                          ({percent(variant.rateInterval[0], 1)} to {percent(variant.rateInterval[1], 1)})
                        </span>
                      </td>
                      <td className="py-2 text-right tabular-nums">{formatChance(variant.chance)}</td>
                    </>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {leads ? null : (
          <p className="text-sm text-muted-foreground">What each variant brought in leads is for sales and admin accounts.</p>
        )}
        <p className="text-xs text-muted-foreground">
          A visit is a visitor on a day, counted by the server without a cookie; it sees one variant all day. Leads and demos are those of
          the visits that saw the page while the experiment ran.
        </p>
      </Section>
    </>
  );
}
