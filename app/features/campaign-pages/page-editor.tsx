// A campaign page in the editor (docs/decisions/047): the publishing panel, the page's search and share fields, and its
// blocks in order, each with its declared fields (./blocks) and the buttons that move or remove it; a block is added
// from the site's sections. One plain form: every button works without JavaScript, and whatever button is pressed the
// server reads everything typed first.
import { useState } from "react";
import { PostForm } from "~/components/console/post-form";
import {
  ErrorSummary,
  PublishJumpBar,
  PublishButtons,
  PublishPanel,
  ScheduleFields,
  type PublishState,
} from "~/components/console/publish-panel";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/native-select";
import { controlId, FieldControl, type FieldSpec } from "~/features/site-content";
import { formatInZone } from "~/lib/console/time-zone";
import type { EditorAnswer } from "~/lib/editor/answer";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "~/lib/seo-limits";
import type { CampaignPage } from "./document";
import { blockFieldName } from "./rules";

/** A block as the form shows it: its fields' specs worked out on the server (their options read the published content). */
export interface BlockForm {
  id: string;
  label: string;
  fields: FieldSpec[];
  /** An experiment runs on it: its fields are variant A's, and it cannot be removed. */
  inExperiment: boolean;
}

interface PageEditorProps {
  path: string;
  version: number;
  page: CampaignPage;
  blocks: BlockForm[];
  blockTypes: { type: string; label: string; description: string }[];
  values?: Record<string, string> | undefined;
  errors?: Record<string, string> | undefined;
  missing: Record<string, string>;
  refused?: EditorAnswer | undefined;
  state: PublishState;
  publishedAt: string | null;
  scheduledAt: string | null;
  timeZone: string;
}

const PAGE_FIELDS: FieldSpec[] = [
  { name: "title", label: "Title", kind: "text", max: SEO_TITLE_MAX, seo: "title" },
  { name: "description", label: "Description", kind: "textarea", max: SEO_DESCRIPTION_MAX, seo: "description" },
  {
    name: "shareImage",
    label: "Share picture",
    kind: "text",
    max: 200,
    hint: "Optional: a picture of this site's, by its path under /images/. Empty: the site's own.",
  },
  { name: "shareImageAlt", label: "Share picture's alt text", kind: "text", max: 160, altOf: "shareImage" },
];

export function PageEditor(props: PageEditorProps) {
  const { path, version, page, blocks, blockTypes, values, missing, refused, state, publishedAt, scheduledAt, timeZone } = props;
  const errors = props.errors ?? {};
  const labels: Record<string, string> = { form: "The page", blocks: "Blocks", publishAt: "Publish at" };
  for (const spec of PAGE_FIELDS) labels[spec.name] = spec.label;
  blocks.forEach((block, index) => {
    for (const spec of block.fields) labels[blockFieldName(block.id, spec.name)] = `${index + 1}. ${block.label}: ${spec.label}`;
  });
  const problemsOf = (found: Record<string, string>) =>
    Object.keys(found).map((name) => ({
      id: name === "form" || name === "blocks" ? "page-blocks" : controlId(name),
      label: labels[name] ?? name,
    }));
  const valueOf = (name: string, saved: string) => values?.[name] ?? saved;
  // The block to add, for the sentence that says what it is. The select stays uncontrolled: what it posts is what the
  // editor chose, even when a revalidation renders the form again while they choose.
  const [newBlock, setNewBlock] = useState(blockTypes[0]?.type ?? "hero");
  const pageValue = (name: string) => String(page[name as keyof CampaignPage] ?? "");

  return (
    <PostForm id="page-form" className="flex flex-col gap-6" aria-label={`Edit the page at ${path}`}>
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="order" value={blocks.map((block) => block.id).join(",")} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:items-start">
        <div className="lg:col-start-2 lg:row-start-1 lg:self-stretch">
          <PublishPanel
            state={state}
            summary={
              state === "scheduled" && scheduledAt
                ? `Scheduled for ${formatInZone(scheduledAt, timeZone)}`
                : state === "changed"
                  ? `Changed since publishing: ${path} shows what was published until this draft is`
                  : state === "live" && publishedAt
                    ? `Live at ${path} since ${formatInZone(publishedAt, timeZone)}`
                    : `Draft: ${path} answers 404 until it is published`
            }
            missing={problemsOf(missing)}
            // What is saved may lack nothing while what was typed is refused: then the summary alone speaks.
            ready={refused ? null : undefined}
            refused={refused ? <ErrorSummary message={refused.message} problems={problemsOf(refused.errors ?? {})} /> : null}
          >
            <PublishButtons>
              {publishedAt ? (
                <Button type="submit" name="intent" value="unpublish" variant="outline">
                  Unpublish
                </Button>
              ) : null}
            </PublishButtons>
            <ScheduleFields error={errors.publishAt} typed={values?.publishAtLocal} scheduledAt={scheduledAt} timeZone={timeZone} />
          </PublishPanel>
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          <fieldset className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6">
            <legend className="px-1 text-sm font-semibold">Search and sharing</legend>
            {PAGE_FIELDS.map((spec) => (
              <FieldControl
                key={spec.name}
                spec={spec}
                name={spec.name}
                value={valueOf(spec.name, pageValue(spec.name))}
                error={errors[spec.name]}
              />
            ))}
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="noindex"
                defaultChecked={values ? values.noindex === "on" : page.noindex}
                className="mt-0.5 size-4 accent-primary"
              />
              <span>
                Keep out of search engines and the sitemap (<span className="font-mono">noindex</span>): for a page only paid traffic should
                reach.
              </span>
            </label>
          </fieldset>
          <section id="page-blocks" aria-labelledby="page-blocks-heading" className="flex scroll-mt-4 flex-col gap-4" tabIndex={-1}>
            <h2 id="page-blocks-heading" className="text-lg font-semibold">
              Blocks
            </h2>
            {errors.blocks ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errors.blocks}
              </p>
            ) : null}
            {blocks.length === 0 ? <p className="text-sm text-muted-foreground">No blocks yet: add the first one below.</p> : null}
            <ol className="flex flex-col gap-6">
              {blocks.map((block, index) => (
                <li key={block.id}>
                  <fieldset className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6" data-block={block.id}>
                    <legend className="px-1 text-sm font-semibold">
                      {index + 1}. {block.label}
                      {block.inExperiment ? " (in an experiment: these are variant A's words)" : ""}
                    </legend>
                    {block.fields.map((spec) => {
                      const name = blockFieldName(block.id, spec.name);
                      const saved = page.blocks.find((candidate) => candidate.id === block.id)?.fields[spec.name] ?? "";
                      return <FieldControl key={name} spec={spec} name={name} value={valueOf(name, saved)} error={errors[name]} />;
                    })}
                    <div className="flex flex-wrap gap-2">
                      {(
                        [
                          ["move-up", "Move up", index === 0],
                          ["move-down", "Move down", index === blocks.length - 1],
                          ["remove", "Remove", block.inExperiment],
                        ] as const
                      ).map(([intent, label, disabled]) => (
                        <Button
                          key={intent}
                          type="submit"
                          name="intent"
                          value={`${intent}:${block.id}`}
                          size="sm"
                          variant="outline"
                          disabled={disabled}
                          aria-label={`${label}: ${block.label}`}
                        >
                          {label}
                        </Button>
                      ))}
                    </div>
                  </fieldset>
                </li>
              ))}
            </ol>
            <div className="flex flex-col gap-3 rounded-xl border border-dashed p-4 sm:flex-row sm:items-start">
              <Field id="new-block" label="Add a block" className="grow">
                <NativeSelect
                  id="new-block"
                  name="newBlock"
                  defaultValue={blockTypes[0]?.type}
                  onChange={(event) => setNewBlock(event.target.value)}
                  aria-describedby="new-block-description"
                >
                  {blockTypes.map((type) => (
                    <option key={type.type} value={type.type}>
                      {type.label}
                    </option>
                  ))}
                </NativeSelect>
                <p id="new-block-description" className="text-sm text-muted-foreground">
                  {blockTypes.find((type) => type.type === newBlock)?.description}
                </p>
              </Field>
              {/* Level with the select: below its label (14 px of text-sm, leading-none) and the field's gap (8 px). */}
              <Button type="submit" name="intent" value="add-block" variant="outline" className="sm:mt-5.5">
                Add block
              </Button>
            </div>
          </section>
        </div>
      </div>
      <PublishJumpBar state={state} missing={Object.keys(missing).length} />
    </PostForm>
  );
}
