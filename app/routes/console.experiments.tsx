import { Link } from "react-router";
import { ConsoleHeading } from "~/components/console/frame";
import { databaseContext, operatorContext } from "~/context";
import { allExperiments } from "~/features/campaign-pages/index.server";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { formatInZone } from "~/lib/console/time-zone";
import { requireArea } from "~/middleware.server";
import type { Route } from "./+types/console.experiments";

// Every experiment on the campaign pages (docs/decisions/048), running first, each leading to its report.

export const meta: Route.MetaFunction = () => consoleMeta("Experiments");

export const middleware: Route.MiddlewareFunction[] = [requireArea("reports")];

export async function loader({ context }: Route.LoaderArgs) {
  const rows = await allExperiments(context.get(databaseContext).db);
  return {
    timeZone: context.get(operatorContext).timeZone,
    experiments: rows.map(({ experiment, path }) => ({
      id: experiment.id,
      name: experiment.name,
      path,
      startedAt: experiment.startedAt.toISOString(),
      stoppedAt: experiment.stoppedAt?.toISOString() ?? null,
    })),
  };
}

export default function Experiments({ loaderData }: Route.ComponentProps) {
  const { experiments, timeZone } = loaderData;
  return (
    <>
      <ConsoleHeading title="Experiments" description="Blocks of campaign pages split into variants, judged on what they bring." />
      {experiments.length === 0 ? (
        <p className="text-sm text-muted-foreground">No experiment yet: an editor starts one from a live campaign page.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {experiments.map((experiment) => (
            <li key={experiment.id} className="flex flex-col gap-1 rounded-xl border bg-card p-4">
              <Link to={consolePaths.experiment(experiment.id)} className="font-semibold text-primary underline-offset-4 hover:underline">
                {experiment.name}
              </Link>
              <p className="text-sm">
                <span className="font-mono">{experiment.path}</span> · {experiment.stoppedAt ? "Stopped" : "Running"} since{" "}
                {formatInZone(experiment.stoppedAt ?? experiment.startedAt, timeZone)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
