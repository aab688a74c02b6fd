import { data, Link, type RouterContextProvider } from "react-router";
import { ConsoleHeading } from "~/components/console/frame";
import { PostForm } from "~/components/console/post-form";
import { ChangeDone, type PublishState } from "~/components/console/publish-panel";
import { RevisionList } from "~/components/console/revision-list";
import { Section } from "~/components/console/section";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { campaignPagesContext, databaseContext, operatorContext, siteOriginContext } from "~/context";
import { BLOCK_TYPES, blockName, BLOCKS, PageEditor, pageProblems, type BlockForm } from "~/features/campaign-pages";
import {
  applyShapeChange,
  experimentsOf,
  findPage,
  formFieldsOf,
  PAGE_PREVIEW_PARAM,
  PREVIEW_HOURS,
  publishedBlockContent,
  publishNow,
  readPageForm,
  restoreRevision,
  revisionsOf,
  saveDraft,
  schedule,
  shapeChangeOf,
  stopExperiment,
  unpublish,
  unschedule,
  workingCopy,
  type ChangeResult,
} from "~/features/campaign-pages/index.server";
import { recordAudit } from "~/lib/console/audit.server";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { formatInZone } from "~/lib/console/time-zone";
import { todayIso } from "~/lib/dates";
import { done, fail, formText, futureTime, type EditorAnswer } from "~/lib/editor/action.server";
import type { Route } from "./+types/console.page";

// One campaign page in the editor (docs/decisions/047): its blocks, a draft, a preview link to the page at its address,
// publication now or at a time, unpublishing, its last revisions, and the experiments on its blocks (decision 048).
// Every change is made over the version the page was opened with: a change after someone else's changes nothing.

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData ? `Edit: ${loaderData.path}` : "Campaign page");

type PageAnswer = EditorAnswer & { previewUrl?: string };

async function loadRow(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const row = /^\d+$/.test(id ?? "") ? await findPage(context.get(databaseContext).db, Number(id)) : undefined;
  if (!row) throw data("No such page.", { status: 404 });
  return row;
}

function stateOf(row: Awaited<ReturnType<typeof loadRow>>): PublishState {
  if (row.publishAt) return "scheduled";
  if (!row.published) return "draft";
  return row.draft !== null ? "changed" : "live";
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const row = await loadRow(context, params.id);
  const db = context.get(databaseContext).db;
  const [content, revisions, experiments] = await Promise.all([
    publishedBlockContent(db),
    revisionsOf(db, row.id),
    experimentsOf(db, row.id),
  ]);
  const page = workingCopy(row);
  const running = experiments.filter((experiment) => !experiment.stoppedAt);
  const blocks: BlockForm[] = page.blocks.map((block) => ({
    id: block.id,
    label: BLOCKS[block.type].label,
    fields: formFieldsOf(block.type, content, page.blocks),
    inExperiment: running.some((experiment) => experiment.blockId === block.id),
  }));
  const live = row.published ? workingCopy({ ...row, draft: null, scheduled: null }) : null;
  return {
    id: row.id,
    path: row.path,
    version: row.version,
    page,
    blocks,
    blockTypes: BLOCK_TYPES.map((type) => ({ type, label: BLOCKS[type].label, description: BLOCKS[type].description })),
    missing: pageProblems(page, content, todayIso()),
    state: stateOf(row),
    timeZone: context.get(operatorContext).timeZone,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    scheduledAt: row.publishAt?.toISOString() ?? null,
    publishError: row.publishError,
    editedBy: row.editedBy,
    revisions: revisions.map((revision) => ({ ...revision, createdAt: revision.createdAt.toISOString() })),
    // The blocks an experiment may split: those of the page as it is live.
    liveBlocks: live?.blocks.map((block, index) => ({ id: block.id, label: `${index + 1}. ${BLOCKS[block.type].label}` })) ?? [],
    experiments: experiments.map((experiment) => ({
      id: experiment.id,
      name: experiment.name,
      block: blockName(live?.blocks ?? [], experiment.blockId),
      running: !experiment.stoppedAt,
      startedAt: experiment.startedAt.toISOString(),
      stoppedAt: experiment.stoppedAt?.toISOString() ?? null,
      promoted: experiment.promoted,
      variants: (experiment.variants as { key: string; name: string; share: number }[]).map(({ key, name, share }) => ({
        key,
        name,
        share,
      })),
    })),
  };
}

const REFUSED =
  "Not published: what is marked below would make the site say something untrue or unsafe, or is missing. Your changes are kept as typed.";

function changeProblem(result: Exclude<ChangeResult, { status: "done" }>, values: Record<string, string>) {
  if (result.status === "gone") throw data("No such page.", { status: 404 });
  if (result.status === "refused") return fail(REFUSED, 422, { errors: result.errors, values });
  const when = result.row.editedAt.toISOString().slice(0, 16).replace("T", " ");
  return fail(
    `Not saved: ${result.row.editedBy} changed this page at ${when} UTC, after you opened it. Your text is below; open the page again to see their change, then make yours.`,
    409,
    { values },
  );
}

const numberOf = (form: FormData, field: string) => {
  const value = Number(form.get(field));
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

export async function action({ params, request, context }: Route.ActionArgs) {
  const row = await loadRow(context, params.id);
  const form = await request.formData();
  const intent = formText(form, "intent") || "save";
  const db = context.get(databaseContext).db;
  const actor = context.get(operatorContext).email;
  const version = numberOf(form, "version") ?? row.version;
  const store = context.get(campaignPagesContext);
  const saved = (message: string, next: number, extra: Partial<PageAnswer> = {}) => done(message, { version: next, ...extra });

  if (intent === "restore") {
    const revision = numberOf(form, "revision");
    if (!revision) return fail("Choose a revision to restore.");
    const result = await restoreRevision(db, actor, row.id, version, revision);
    if (result.status !== "done") return changeProblem(result, {});
    return saved("Revision restored as the draft: publish it to put it on the site.", result.row.version);
  }
  if (intent === "unschedule") {
    const result = await unschedule(db, actor, row.id, version);
    if (result.status !== "done") return changeProblem(result, {});
    return saved("Taken off the schedule: it is a draft again and will not go live.", result.row.version);
  }
  if (intent === "unpublish") {
    const result = await unpublish(db, actor, row.id, version);
    if (result.status !== "done") return changeProblem(result, {});
    store.changed();
    return saved(
      `Unpublished: ${row.path} answers 404 on every server within seconds. The page stays here as a draft.`,
      result.row.version,
    );
  }
  if (intent === "stop-experiment") {
    const experiment = numberOf(form, "experiment");
    const promote = formText(form, "promote");
    if (!experiment) return fail("Choose an experiment to stop.");
    const result = await stopExperiment(db, actor, experiment, promote || null);
    if (result.status === "gone") return fail("That experiment is not running any more.", 409);
    if (result.status === "refused") return fail("The experiment was not stopped.", 422, { errors: result.errors });
    store.changed();
    // No version in the answer: the form shows the page's new one, which a promoted variant changed.
    return done(
      result.row.promoted && result.row.promoted !== "a"
        ? "Experiment stopped: the variant you kept is now the page's block, live on every server within seconds."
        : "Experiment stopped: every visit sees the block as published again.",
    );
  }

  const content = await publishedBlockContent(db);
  const read = readPageForm(form, workingCopy(row), content);
  const { values } = read;
  const change = shapeChangeOf(intent, form);
  if (change.kind !== "none") {
    const changed = applyShapeChange(read.page, change, content);
    if ("error" in changed) return fail(changed.error, 422, { errors: { blocks: changed.error }, values });
    const result = await saveDraft(db, actor, row.id, version, changed);
    if (result.status !== "done") return changeProblem(result, values);
    const what = change.kind === "add" ? "Block added" : change.kind === "remove" ? "Block removed" : "Block moved";
    return saved(`${what}, and the draft saved: the site is unchanged until you publish.`, result.row.version);
  }
  if (intent === "save" || intent === "preview-link") {
    const result = await saveDraft(db, actor, row.id, version, read.page);
    if (result.status !== "done") return changeProblem(result, values);
    if (intent === "save") return saved("Draft saved: the site is unchanged until you publish.", result.row.version);
    const expiresAt = new Date(Date.now() + PREVIEW_HOURS * 3_600_000);
    const token = store.previewToken(row.id, expiresAt);
    await recordAudit(db, actor, "campaign-page-preview-link", { page: row.id, path: row.path, expires: expiresAt.toISOString() });
    const previewUrl = `${context.get(siteOriginContext)}${row.path}?${PAGE_PREVIEW_PARAM}=${encodeURIComponent(token)}`;
    return data<PageAnswer>({
      ok: true,
      message: `Draft saved. Its preview, valid for ${PREVIEW_HOURS} hours, shows the page at its address with this draft:`,
      version: result.row.version,
      previewUrl,
    });
  }
  if (intent === "publish") {
    const result = await publishNow(db, publishedBlockContent, actor, row.id, version, read.page);
    if (result.status !== "done") return changeProblem(result, values);
    // This instance loads its pages again before answering: its own NOTIFY may arrive after the editor opens the page.
    store.changed();
    return saved(`Published: live at ${row.path} within seconds, on every server.`, result.row.version);
  }
  if (intent === "schedule") {
    const at = futureTime(form, "publishAtLocal", context.get(operatorContext).timeZone);
    if (!at)
      return fail("Not scheduled: choose a time in the future.", 422, {
        errors: { publishAt: "Choose a date and time in the future." },
        values: { ...values, publishAtLocal: formText(form, "publishAtLocal") },
      });
    const result = await schedule(db, publishedBlockContent, actor, row.id, version, read.page, at);
    if (result.status !== "done") return changeProblem(result, values);
    return saved("Scheduled for", result.row.version, { at: at.toISOString() });
  }
  return fail("Unknown action.", 400);
}

export default function CampaignPageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as PageAnswer | undefined;
  const { id, path, timeZone, revisions, experiments, liveBlocks } = loaderData;
  const version = answer?.version ?? loaderData.version;
  const running = experiments.filter((experiment) => experiment.running);
  return (
    <>
      <ConsoleHeading title={loaderData.page.title || path} description={`The campaign page at ${path}.`} />
      <p className="text-sm text-muted-foreground">
        Last change by {loaderData.editedBy}.{" "}
        <Link to={consolePaths.pages} reloadDocument className="text-primary underline">
          All pages
        </Link>
        {loaderData.publishedAt ? (
          <>
            {" · "}
            <a href={path} className="text-primary underline" target="_blank" rel="noreferrer">
              Open {path}
            </a>
          </>
        ) : null}
      </p>
      {loaderData.publishError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {loaderData.publishError}
        </p>
      ) : null}
      {answer?.ok ? <ChangeDone answer={answer} timeZone={timeZone} /> : null}
      <PageEditor
        key={version}
        path={path}
        version={version}
        page={loaderData.page}
        blocks={loaderData.blocks}
        blockTypes={loaderData.blockTypes}
        values={answer && !answer.ok ? answer.values : undefined}
        errors={answer && !answer.ok ? answer.errors : undefined}
        missing={loaderData.missing}
        refused={answer && !answer.ok ? answer : undefined}
        state={loaderData.state}
        publishedAt={loaderData.publishedAt}
        scheduledAt={loaderData.scheduledAt}
        timeZone={timeZone}
      />
      <Section title="Experiments">
        <p className="text-sm text-muted-foreground">
          Split one block of the live page into two to four variants, judged on the demos each brings. Visits are assigned without a cookie
          and nothing about a visitor is stored.
        </p>
        {running.map((experiment) => (
          <div key={experiment.id} className="flex flex-col gap-2 rounded-lg border p-3" data-experiment={experiment.id}>
            <p className="text-sm">
              <Link to={consolePaths.experiment(experiment.id)} reloadDocument className="font-medium text-primary underline">
                {experiment.name}
              </Link>{" "}
              on {experiment.block}, since {formatInZone(experiment.startedAt, timeZone)}:{" "}
              {experiment.variants.map((variant) => `${variant.key.toUpperCase()}: ${variant.name} (${variant.share}%)`).join(", ")}
            </p>
            <PostForm className="flex flex-col gap-2 sm:flex-row sm:items-end" aria-label={`Stop ${experiment.name}`}>
              <input type="hidden" name="experiment" value={experiment.id} />
              <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`promote-${experiment.id}`}>
                Keep
                <NativeSelect id={`promote-${experiment.id}`} name="promote" defaultValue="">
                  <option value="">The block as published (A)</option>
                  {experiment.variants.slice(1).map((variant) => (
                    <option key={variant.key} value={variant.key}>
                      {variant.key.toUpperCase()}: {variant.name}
                    </option>
                  ))}
                </NativeSelect>
              </label>
              <Button type="submit" name="intent" value="stop-experiment" variant="outline">
                Stop experiment
              </Button>
            </PostForm>
          </div>
        ))}
        {liveBlocks.length > 0 ? (
          <form method="get" action={consolePaths.newExperiment(id)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <label className="flex flex-col gap-1 text-sm font-medium" htmlFor="experiment-block">
              Block to split
              <NativeSelect id="experiment-block" name="block">
                {liveBlocks.map((block) => (
                  <option key={block.id} value={block.id}>
                    {block.label}
                  </option>
                ))}
              </NativeSelect>
            </label>
            <Button type="submit" variant="outline">
              Start an experiment
            </Button>
          </form>
        ) : (
          <p className="text-sm">An experiment runs on a live page: publish the page first.</p>
        )}
        {experiments.some((experiment) => !experiment.running) ? (
          <ul className="flex flex-col gap-1 text-sm">
            {experiments
              .filter((experiment) => !experiment.running)
              .map((experiment) => (
                <li key={experiment.id}>
                  <Link to={consolePaths.experiment(experiment.id)} reloadDocument className="text-primary underline">
                    {experiment.name}
                  </Link>
                  , stopped {formatInZone(experiment.stoppedAt!, timeZone)}
                  {experiment.promoted ? `, kept ${experiment.promoted.toUpperCase()}` : ", nothing kept"}
                </li>
              ))}
          </ul>
        ) : null}
      </Section>
      <RevisionList
        revisions={revisions.map((revision) => ({ ...revision, when: formatInZone(revision.createdAt, timeZone) }))}
        version={version}
      />
    </>
  );
}
