import { data, Link, redirect, type RouterContextProvider } from "react-router";
import { ConsoleHeading } from "~/components/console/frame";
import { PostForm } from "~/components/console/post-form";
import { ErrorSummary } from "~/components/console/publish-panel";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/native-select";
import { campaignPagesContext, databaseContext, operatorContext } from "~/context";
import {
  blockName,
  BLOCKS,
  CampaignPageSchema,
  EXPERIMENT_GOALS,
  isExperimentGoal,
  VARIANT_KEYS,
  variantFieldName,
} from "~/features/campaign-pages";
import { findPage, formFieldsOf, publishedBlockContent, startExperiment } from "~/features/campaign-pages/index.server";
import { controlId, FieldControl } from "~/features/site-content";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { fail, formText, type EditorAnswer } from "~/lib/editor/action.server";
import type { Route } from "./+types/console.page.experiment";

// A new experiment on one block of a live page (docs/decisions/048): variant A is the block as published; B to D are
// the same block with other words, each with its share of the visits. A variant with no name is left out.

export const meta: Route.MetaFunction = () => consoleMeta("New experiment");

async function loadBlock(context: Readonly<RouterContextProvider>, id: string | undefined, blockId: string | null) {
  const row = /^\d+$/.test(id ?? "") ? await findPage(context.get(databaseContext).db, Number(id)) : undefined;
  if (!row) throw data("No such page.", { status: 404 });
  const live = row.published ? CampaignPageSchema.parse(row.published) : null;
  const block = live?.blocks.find((candidate) => candidate.id === blockId) ?? null;
  return { row, block, live: live?.blocks ?? [] };
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { row, block, live } = await loadBlock(context, params.id, new URL(request.url).searchParams.get("block"));
  const content = await publishedBlockContent(context.get(databaseContext).db);
  return {
    id: row.id,
    path: row.path,
    live: row.published !== null,
    block: block && {
      id: block.id,
      name: blockName(live, block.id),
      fields: block.fields,
      specs: formFieldsOf(block.type, content, live),
    },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const blockId = formText(form, "block");
  const { row, block, live } = await loadBlock(context, params.id, blockId);
  const content = await publishedBlockContent(context.get(databaseContext).db);
  const specs = block ? BLOCKS[block.type].fields(content, live) : [];
  const values = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")) as Record<string, string>;
  const variants = VARIANT_KEYS.flatMap((key, index) => {
    const name = formText(form, variantFieldName(key, "name")).trim();
    if (index > 1 && !name) return [];
    const fields = Object.fromEntries(specs.map((spec) => [spec.name, formText(form, variantFieldName(key, spec.name))]));
    return [{ name, share: Number(formText(form, variantFieldName(key, "share"))), fields }];
  });
  const goal = formText(form, "goal");
  const result = await startExperiment(context.get(databaseContext).db, publishedBlockContent, context.get(operatorContext).email, row.id, {
    blockId,
    name: formText(form, "name"),
    goal: isExperimentGoal(goal) ? goal : "demos",
    variants,
  });
  if (result.status === "gone") throw data("No such page.", { status: 404 });
  if (result.status === "refused")
    return fail("The experiment was not started, and nothing public changed. Correct what is marked below.", 422, {
      errors: result.errors,
      values,
    });
  context.get(campaignPagesContext).changed();
  throw redirect(consolePaths.experiment(result.row.id), 303);
}

export default function NewExperiment({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as EditorAnswer | undefined;
  const errors = answer?.errors ?? {};
  const values = answer?.values;
  const { id, path, block } = loaderData;
  const labels: Record<string, string> = {
    experiment: "The page",
    blockId: "Block",
    name: "Experiment's name",
    shares: "Shares",
    variants: "Variants",
  };
  for (const key of VARIANT_KEYS) {
    labels[variantFieldName(key, "name")] = `${key.toUpperCase()}: name`;
    for (const spec of block?.specs ?? []) labels[variantFieldName(key, spec.name)] = `${key.toUpperCase()}: ${spec.label}`;
  }
  const problems = Object.keys(errors).map((name) => ({ id: controlId(name), label: labels[name] ?? name }));
  const back = (
    <Link to={consolePaths.page(id)} reloadDocument className="text-primary underline">
      Back to the page
    </Link>
  );
  if (!block)
    return (
      <>
        <ConsoleHeading title="New experiment" description={`On the campaign page at ${path}.`} />
        <p role="alert" className="text-sm font-medium">
          {loaderData.live
            ? "Choose a block of the page as it is live: this one is not on it."
            : "An experiment runs on a live page: this page is a draft. Publish it first, then split one of its blocks."}{" "}
          {back}
        </p>
      </>
    );
  return (
    <>
      <ConsoleHeading title="New experiment" description={`Splits ${block.name} of ${path} into variants.`} />
      <p className="text-sm">{back}</p>
      {/* As wide as the page editor's fields: a share of a few digits needs no line across the screen. */}
      <PostForm className="flex max-w-3xl flex-col gap-6" aria-label="New experiment">
        <input type="hidden" name="block" value={block.id} />
        {answer && !answer.ok ? <ErrorSummary message={answer.message} problems={problems} /> : null}
        {["experiment", "blockId", "shares", "variants"].map((name) =>
          errors[name] ? (
            <p key={name} id={controlId(name)} className="text-sm font-medium text-destructive">
              {errors[name]}
            </p>
          ) : null,
        )}
        <FieldControl
          spec={{ name: "name", label: "Experiment's name", kind: "text", max: 120 }}
          name="name"
          value={values?.name ?? ""}
          error={errors.name}
        />
        <Field id="experiment-goal" label="Judged on" hint="What the report says each variant's chance of bringing the most of.">
          <NativeSelect id="experiment-goal" name="goal" defaultValue={values?.goal ?? "demos"}>
            {EXPERIMENT_GOALS.map((goal) => (
              <option key={goal.value} value={goal.value}>
                {goal.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <ol className="flex flex-col gap-6">
          {VARIANT_KEYS.map((key, index) => (
            <li key={key}>
              <fieldset className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6">
                <legend className="px-1 text-sm font-semibold">
                  Variant {key.toUpperCase()}
                  {index === 0 ? ": the block as it is live" : index > 1 ? " (optional: leave its name empty to leave it out)" : ""}
                </legend>
                <div className="grid gap-4 sm:grid-cols-3">
                  <div className="sm:col-span-2">
                    <FieldControl
                      spec={{ name: "name", label: "Name", kind: "text", max: 60 }}
                      name={variantFieldName(key, "name")}
                      value={values?.[variantFieldName(key, "name")] ?? (index === 0 ? "As published" : index === 1 ? "New words" : "")}
                      error={errors[variantFieldName(key, "name")]}
                    />
                  </div>
                  <FieldControl
                    spec={{ name: "share", label: "Share of visits (%)", kind: "number" }}
                    name={variantFieldName(key, "share")}
                    value={values?.[variantFieldName(key, "share")] ?? (index < 2 ? "50" : "")}
                    error={undefined}
                  />
                </div>
                {index === 0 ? (
                  <dl className="grid gap-3 text-sm">
                    {block.specs.map((spec) => (
                      <div key={spec.name} className="flex flex-col">
                        <dt className="font-medium">{spec.label}</dt>
                        <dd className="text-muted-foreground">{block.fields[spec.name] || "(empty)"}</dd>
                      </div>
                    ))}
                  </dl>
                ) : (
                  block.specs.map((spec) => {
                    const name = variantFieldName(key, spec.name);
                    return (
                      <FieldControl
                        key={name}
                        spec={spec}
                        name={name}
                        value={values?.[name] ?? block.fields[spec.name] ?? ""}
                        error={errors[name]}
                      />
                    );
                  })
                )}
              </fieldset>
            </li>
          ))}
        </ol>
        <div>
          <Button type="submit">Start experiment</Button>
        </div>
      </PostForm>
    </>
  );
}
