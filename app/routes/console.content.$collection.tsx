import { data, type RouterContextProvider } from "react-router";
import { ConsoleHeading } from "~/components/console/frame";
import { RevisionList } from "~/components/console/revision-list";
import {
  AddResourceForm,
  newResourceField,
  CollectionEditor,
  resourcesCollection,
  collectionOf,
  isCollectionName,
} from "~/features/site-content";
import { siteContentContext, siteOriginContext, databaseContext, operatorContext, publishHooksContext } from "~/context";
import { recordAudit } from "~/lib/console/audit.server";
import { consoleMeta } from "~/lib/console/meta";
import { ChangeDone, type PublishState } from "~/components/console/publish-panel";
import { done, fail, formText, futureTime, type EditorAnswer } from "~/lib/editor/action.server";
import { todayIso } from "~/lib/dates";
import { formatFileSize } from "~/lib/resource-files.server";
import {
  addResource,
  RESOURCE_MAX_BYTES,
  findContent,
  publishNow,
  restoreRevision,
  revisionsOf,
  saveDraft,
  schedule,
  unschedule,
  workingCopy,
  changeProblem,
  contentWarnings,
  loadPublished,
  publishProblems,
  readEntries,
  PREVIEW_PARAM,
  PREVIEW_HOURS,
  takePictureUploads,
} from "~/features/site-content/index.server";
import type { Route } from "./+types/console.content.$collection";

// One collection of the site's structured content (docs/decisions/035): its entries, a draft, a preview link to the
// real page with the draft, publication now or at a time, and its last revisions. Every change is made over the
// version the page was opened with: a change after someone else's changes nothing and says so.

export const meta: Route.MetaFunction = ({ loaderData }) => consoleMeta(loaderData ? `Edit: ${loaderData.title}` : "Site content");

type ContentAnswer = EditorAnswer & { previewUrl?: string };

async function loadCollection(context: Readonly<RouterContextProvider>, name: string | undefined) {
  if (!isCollectionName(name)) throw data("No such collection.", { status: 404 });
  const row = await findContent(context.get(databaseContext).db, name);
  if (!row) throw data("No such collection.", { status: 404 });
  return { name, row };
}

const utc = (date: Date | null) => (date ? `${date.toISOString().slice(0, 16).replace("T", " ")} UTC` : null);

/** Where the collection stands (decision 046): scheduled, a draft over what is live, live, or never published. */
function stateOf(row: Awaited<ReturnType<typeof loadCollection>>["row"]): PublishState {
  if (row.publishAt) return "scheduled";
  if (!row.publishedAt) return "draft";
  return row.draft !== null ? "changed" : "live";
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { name, row } = await loadCollection(context, params.collection);
  const db = context.get(databaseContext).db;
  const [revisions, published] = await Promise.all([revisionsOf(db, name), loadPublished(db)]);
  const entries = workingCopy(row);
  return {
    name,
    title: collectionOf(name).title,
    description: collectionOf(name).description,
    version: row.version,
    entries,
    // Said beside the field, never refusing: what is worth another look in what is being edited.
    warnings: contentWarnings(name, entries, todayIso()),
    // What publishing the working copy now would be refused for: the panel's "still missing".
    missing: publishProblems(name, entries, todayIso(), published),
    state: stateOf(row),
    timeZone: context.get(operatorContext).timeZone,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    scheduledAt: row.publishAt?.toISOString() ?? null,
    publishError: row.publishError,
    editedBy: row.editedBy,
    revisions: revisions.map((revision) => ({ ...revision, createdAt: utc(revision.createdAt)! })),
    resourceMaxSize: formatFileSize(RESOURCE_MAX_BYTES),
  };
}

const numberOf = (form: FormData, field: string) => {
  const value = Number(form.get(field));
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

const REFUSED = "Not published: what is marked below would make the site say something untrue or unsafe. Your changes are kept as typed.";

export async function action({ params, request, context }: Route.ActionArgs) {
  const { name, row } = await loadCollection(context, params.collection);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const db = context.get(databaseContext).db;
  const actor = context.get(operatorContext).email;
  const version = numberOf(form, "version") ?? row.version;
  const saved = (message: string, version: number, extra: Partial<ContentAnswer> = {}) => done(message, { version, ...extra });

  if (intent === "restore") {
    const revision = numberOf(form, "revision");
    if (!revision) return fail("Choose a revision to restore.");
    const result = await restoreRevision(db, actor, name, version, revision);
    if (result.status !== "done") return changeProblem(result, {}, REFUSED);
    return saved("Revision restored as the draft: publish it to put it on the site.", result.row.version);
  }
  if (intent === "unschedule") {
    const result = await unschedule(db, actor, name, version);
    if (result.status !== "done") return changeProblem(result, {}, REFUSED);
    return saved("Taken off the schedule: it is a draft again and will not go live.", result.row.version);
  }

  if (intent === "add-resource") {
    if (name !== "resources") return fail("Unknown action.", 400);
    const values = Object.fromEntries(
      resourcesCollection.fields.map((field) => [field.name, formText(form, newResourceField(field.name))]),
    );
    const file = form.get(newResourceField("file"));
    const upload = file instanceof File && file.size > 0 ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) } : null;
    const result = await addResource(db, actor, version, values, upload);
    const typed = Object.fromEntries(Object.entries(values).map(([field, value]) => [newResourceField(field), value]));
    if (result.status === "invalid") {
      const errors = Object.fromEntries(Object.entries(result.errors).map(([field, message]) => [newResourceField(field), message]));
      return fail("The resource was not added, and nothing was stored. Correct what is marked below.", 422, { errors, values: typed });
    }
    if (result.status !== "done") return changeProblem(result, typed, REFUSED);
    return saved(
      "Resource added to the draft with its file. Publish to put it on /resources and draft its newsletter issue.",
      result.row.version,
    );
  }

  // An uploaded picture (a testimonial's) is checked, re-encoded and stored first: the change then carries its path.
  const pictureErrors = await takePictureUploads(db, actor, form, name, workingCopy(row));
  const { entries, errors, values, formIndex } = readEntries(form, name, workingCopy(row));
  if (Object.keys(pictureErrors).length > 0)
    return fail("Nothing was saved: the picture marked below was refused. What you typed is kept.", 422, {
      errors: { ...pictureErrors },
      values,
    });
  if (!entries) return fail("Nothing was saved. Correct the fields marked below.", 422, { errors, values });

  if (intent === "save" || intent === "preview-link") {
    const result = await saveDraft(db, actor, name, version, entries);
    if (result.status !== "done") return changeProblem(result, values, REFUSED, formIndex);
    if (intent === "save") return saved("Draft saved: the site is unchanged until you publish.", result.row.version);
    const store = context.get(siteContentContext);
    const expiresAt = new Date(Date.now() + PREVIEW_HOURS * 3_600_000);
    const token = store.previewToken(name, expiresAt);
    await recordAudit(db, actor, "content-preview-link", { collection: name, expires: expiresAt.toISOString() });
    const page = collectionOf(name).pages[0]!;
    const previewUrl = `${context.get(siteOriginContext)}${page}?${PREVIEW_PARAM}=${encodeURIComponent(token)}`;
    return data<ContentAnswer>({
      ok: true,
      message: `Draft saved. Its preview, valid for ${PREVIEW_HOURS} hours, shows the real page with this draft:`,
      version: result.row.version,
      previewUrl,
    });
  }
  if (intent === "publish") {
    const result = await publishNow(db, context.get(publishHooksContext).content, actor, name, version, entries);
    if (result.status !== "done") return changeProblem(result, values, REFUSED, formIndex);
    // This instance drops what it kept before answering: its own NOTIFY may arrive after the editor opens the page.
    context.get(siteContentContext).changed();
    const { pages } = collectionOf(name);
    // The company's details are on every page (decision 043): a list of them all says less than that.
    const where = pages.length > 6 ? "every public page" : pages.join(" and ");
    return saved(`Published: live on ${where} within seconds, on every server.`, result.row.version);
  }
  if (intent === "schedule") {
    const at = futureTime(form, "publishAtLocal", context.get(operatorContext).timeZone);
    if (!at)
      return fail("Not scheduled: choose a time in the future.", 422, {
        errors: { publishAt: "Choose a date and time in the future." },
        values: { ...values, publishAtLocal: formText(form, "publishAtLocal") },
      });
    const result = await schedule(db, actor, name, version, entries, at);
    if (result.status !== "done") return changeProblem(result, values, REFUSED, formIndex);
    return saved("Scheduled for", result.row.version, { at: at.toISOString() });
  }
  return fail("Unknown action.", 400);
}

export default function CollectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as ContentAnswer | undefined;
  const { name, title, description, revisions } = loaderData;
  // After a change the loader runs again; the form shows what was typed only when the change was refused.
  const version = answer?.version ?? loaderData.version;
  return (
    <>
      <ConsoleHeading title={title} description={description} />
      <p className="text-sm text-muted-foreground">Last change by {loaderData.editedBy}.</p>
      {loaderData.publishError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {loaderData.publishError}
        </p>
      ) : null}
      {/* What went through; what was refused is said in the publishing panel, where the focus goes (decision 046). */}
      {answer?.ok ? <ChangeDone answer={answer} timeZone={loaderData.timeZone} /> : null}
      <CollectionEditor
        key={version}
        name={name}
        version={version}
        entries={loaderData.entries}
        values={answer && !answer.ok ? answer.values : undefined}
        errors={answer && !answer.ok ? answer.errors : undefined}
        warnings={loaderData.warnings}
        missing={loaderData.missing}
        refused={answer && !answer.ok ? answer : undefined}
        state={loaderData.state}
        publishedAt={loaderData.publishedAt}
        scheduledAt={loaderData.scheduledAt}
        timeZone={loaderData.timeZone}
      />
      {name === "resources" ? (
        <AddResourceForm
          key={`add-${version}`}
          version={version}
          maxSize={loaderData.resourceMaxSize}
          values={answer && !answer.ok ? answer.values : undefined}
          errors={answer && !answer.ok ? answer.errors : undefined}
        />
      ) : null}
      <RevisionList revisions={revisions.map((revision) => ({ ...revision, when: revision.createdAt }))} version={version} />
    </>
  );
}
