// Experiments on campaign pages (docs/decisions/048): one block of a live page split into variants, started and
// stopped by an editor, every step in the audit log. Stopping may promote a variant: its fields become the published
// block, and the page goes back to one version on every instance.
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { notifyContentChanged } from "~/features/site-content/index.server";
import { recordAudit } from "~/lib/console/audit.server";
import { todayIso } from "~/lib/dates";
import type { Database } from "~/lib/db/client.server";
import type { FieldErrors } from "~/lib/editor/answer";
import { blockProblems } from "./blocks";
import { CampaignPageSchema, type CampaignPage } from "./document";
import {
  MAX_VARIANTS,
  MIN_VARIANTS,
  sharesProblem,
  VARIANT_KEYS,
  variantFieldName,
  VariantsSchema,
  type ExperimentGoal,
  type Variant,
} from "./experiment-variants";
import type { ContentOf } from "./pages.server";
import { campaignPageRevisions, campaignPages, experiments, type ExperimentRow } from "./tables";

export interface ExperimentForm {
  blockId: string;
  name: string;
  goal: ExperimentGoal;
  /** The first is the block as published: only its name and share are read. */
  variants: { name: string; share: number; fields: Record<string, string> }[];
}

export type ExperimentResult = { status: "done"; row: ExperimentRow } | { status: "refused"; errors: FieldErrors } | { status: "gone" };

const sameFields = (a: Record<string, string>, b: Record<string, string>) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].every((name) => (a[name] ?? "") === (b[name] ?? ""));

/** Starts an experiment on a block of the live page, when every rule holds; nothing public changes otherwise. */
export async function startExperiment(
  db: Database,
  contentOf: ContentOf,
  actor: string,
  pageId: number,
  form: ExperimentForm,
  today = todayIso(),
): Promise<ExperimentResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(campaignPages).where(eq(campaignPages.id, pageId)).for("update");
    if (!row) return { status: "gone" } as const;
    const errors: FieldErrors = {};
    const refuse = (field: string, reason: string) => (errors[field] ??= reason);
    if (!row.published) {
      refuse("experiment", "An experiment runs on a live page: this page is a draft. Publish it first, then split one of its blocks.");
      return { status: "refused", errors } as const;
    }
    const page: CampaignPage = CampaignPageSchema.parse(row.published);
    const block = page.blocks.find((candidate) => candidate.id === form.blockId);
    if (!block) {
      refuse("blockId", "Choose a block of the page as it is live.");
      return { status: "refused", errors } as const;
    }
    const [running] = await tx
      .select({ name: experiments.name })
      .from(experiments)
      .where(and(eq(experiments.pageId, pageId), eq(experiments.blockId, block.id), isNull(experiments.stoppedAt)));
    if (running) refuse("blockId", `The experiment “${running.name}” already runs on this block: stop it before starting another.`);
    if (!form.name.trim()) refuse("name", "Name the experiment, such as “Hero headline: meetings vs replies”.");
    if (form.variants.length < MIN_VARIANTS || form.variants.length > MAX_VARIANTS)
      refuse("variants", `An experiment has ${MIN_VARIANTS} to ${MAX_VARIANTS} variants: the block as it is, and one to three others.`);
    const shares = sharesProblem(form.variants.map((variant) => variant.share));
    if (shares) refuse("shares", shares);
    const content = await contentOf(tx);
    const variants: Variant[] = form.variants.slice(0, MAX_VARIANTS).map((variant, index) => {
      const key = VARIANT_KEYS[index]!;
      const name = variant.name.trim().slice(0, 60) || key.toUpperCase();
      if (index === 0) return { key, name, share: variant.share, fields: block.fields };
      for (const [field, reason] of Object.entries(blockProblems({ ...block, fields: variant.fields }, content, today, page.blocks)))
        refuse(variantFieldName(key, field), reason);
      if (sameFields(variant.fields, block.fields))
        refuse(variantFieldName(key, "name"), `${name} shows the block exactly as it is: change what it tests.`);
      return { key, name, share: variant.share, fields: variant.fields };
    });
    if (Object.keys(errors).length > 0) return { status: "refused", errors } as const;
    const [experiment] = await tx
      .insert(experiments)
      .values({
        pageId,
        blockId: block.id,
        name: form.name.trim().slice(0, 120),
        goal: form.goal,
        variants: VariantsSchema.parse(variants),
        startedBy: actor,
      })
      .returning();
    await recordAudit(tx, actor, "experiment-started", {
      page: pageId,
      path: row.path,
      experiment: experiment!.id,
      block: block.id,
      shares: Object.fromEntries(variants.map((variant) => [variant.key, variant.share])),
    });
    await notifyContentChanged(tx);
    return { status: "done", row: experiment! } as const;
  });
}

/**
 * Stops a running experiment; `promote`: the variant whose fields become the published block (and the draft's, so the
 * next publication keeps it). Every instance serves the page as one version again.
 */
export async function stopExperiment(db: Database, actor: string, experimentId: number, promote: string | null): Promise<ExperimentResult> {
  return db.transaction(async (tx) => {
    const [experiment] = await tx.select().from(experiments).where(eq(experiments.id, experimentId)).for("update");
    if (!experiment || experiment.stoppedAt) return { status: "gone" } as const;
    const variants = VariantsSchema.parse(experiment.variants);
    const chosen = promote ? variants.find((variant) => variant.key === promote) : undefined;
    if (promote && !chosen) return { status: "refused", errors: { promote: "Choose one of the experiment's variants." } } as const;
    const [page] = await tx.select().from(campaignPages).where(eq(campaignPages.id, experiment.pageId)).for("update");
    if (chosen && chosen !== variants[0] && page?.published) {
      const withVariant = (document: unknown) => {
        const parsed = CampaignPageSchema.parse(document);
        return {
          ...parsed,
          blocks: parsed.blocks.map((block) => (block.id === experiment.blockId ? { ...block, fields: chosen.fields } : block)),
        };
      };
      const published = withVariant(page.published);
      await tx
        .update(campaignPages)
        .set({
          published,
          ...(page.draft ? { draft: withVariant(page.draft) } : {}),
          version: page.version + 1,
          editedAt: sql`now()`,
          editedBy: actor,
          publishedAt: sql`now()`,
        })
        .where(eq(campaignPages.id, page.id));
      await tx
        .insert(campaignPageRevisions)
        .values({ pageId: page.id, version: page.version + 1, document: published, kind: "published", actor });
    }
    const [stopped] = await tx
      .update(experiments)
      .set({ stoppedAt: sql`now()`, stoppedBy: actor, promoted: chosen?.key ?? null })
      .where(eq(experiments.id, experimentId))
      .returning();
    await recordAudit(tx, actor, "experiment-stopped", {
      page: experiment.pageId,
      path: page?.path ?? "",
      experiment: experiment.id,
      block: experiment.blockId,
      promoted: chosen ? `${chosen.key}: ${chosen.name}` : "none",
    });
    await notifyContentChanged(tx);
    return { status: "done", row: stopped! } as const;
  });
}

export function experimentsOf(db: Database, pageId: number) {
  return db.select().from(experiments).where(eq(experiments.pageId, pageId)).orderBy(desc(experiments.id));
}

export async function findExperiment(db: Database, id: number) {
  const [row] = await db.select().from(experiments).where(eq(experiments.id, id));
  return row;
}

export function allExperiments(db: Database) {
  return db
    .select({ experiment: experiments, path: campaignPages.path })
    .from(experiments)
    .innerJoin(campaignPages, eq(campaignPages.id, experiments.pageId))
    .orderBy(asc(experiments.stoppedAt), desc(experiments.id));
}
