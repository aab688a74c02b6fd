// An experiment's report (docs/decisions/048): per variant its visits, and for those who may see leads its leads,
// qualified leads, demos booked and won, with the chance each variant brings the most of the goal the editor chose,
// the uncertainty, a plain sentence, and the sample-ratio check on the split.
import { experimentFigures, type VariantFigures } from "~/features/experiments/index.server";
import { judgeExperiment, type ExperimentJudgement } from "~/features/experiments";
import type { Database } from "~/lib/db/client.server";
import { EXPERIMENT_GOALS, VariantsSchema, type ExperimentGoal } from "./experiment-variants";
import type { ExperimentRow } from "./tables";

const GOAL_FIGURE: Record<ExperimentGoal, keyof Omit<VariantFigures, "key" | "visits">> = {
  demos: "demosBooked",
  leads: "leads",
  qualified: "qualified",
  won: "won",
};

export interface ExperimentReport {
  variants: (VariantFigures & { name: string; share: number })[];
  goal: { value: ExperimentGoal; label: string; plural: string };
  judgement: ExperimentJudgement;
}

export async function experimentReport(db: Database, experiment: ExperimentRow, path: string, now = new Date()): Promise<ExperimentReport> {
  const variants = VariantsSchema.parse(experiment.variants);
  const figures = await experimentFigures(
    db,
    { id: experiment.id, path, variants, startedAt: experiment.startedAt, stoppedAt: experiment.stoppedAt },
    now,
  );
  const goal = EXPERIMENT_GOALS.find((candidate) => candidate.value === experiment.goal) ?? EXPERIMENT_GOALS[0];
  const rows = variants.map((variant, index) => ({ ...figures[index]!, key: variant.key, name: variant.name, share: variant.share }));
  const judgement = judgeExperiment(
    rows.map((row) => ({ key: row.key, name: row.name, share: row.share, visits: row.visits, conversions: row[GOAL_FIGURE[goal.value]] })),
    { plural: goal.plural },
  );
  return { variants: rows, goal: { value: goal.value, label: goal.label, plural: goal.plural }, judgement };
}
