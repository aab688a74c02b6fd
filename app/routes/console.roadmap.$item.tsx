import { data } from "react-router";
import { ConsoleHeading, Notice } from "~/components/console/frame";
import { PostForm } from "~/components/console/post-form";
import { Section } from "~/components/console/section";
import { StageBadge } from "~/features/leads";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/native-select";
import { roadmapStatusLabels } from "~/content/roadmap";
import { databaseContext, operatorContext } from "~/context";
import { plural } from "~/lib/console/format";
import { requireArea } from "~/middleware.server";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { mayReach } from "~/lib/console/roles";
import { doneMessage, fail, formText, redirectDone } from "~/lib/editor/action.server";
import { roadmapOverview, itemSupporters, MergeRefused, mergeItems } from "~/features/roadmap-votes/index.server";
import type { Route } from "./+types/console.roadmap.$item";

// One roadmap item as the team sees it (decision 036): who asked for it and voted on it, their leads' stage first (won,
// meeting booked, qualified), and the merge of a duplicate into it or of it into another. Plain forms, like the rest of the console.

export const middleware: Route.MiddlewareFunction[] = [requireArea("leads")];

export const meta: Route.MetaFunction = ({ data: loaderData }) => consoleMeta(loaderData ? `Roadmap: ${loaderData.item.name}` : "Roadmap");

const DONE = { merged: "Merged: the other item's requests, votes and withdrawals are here now, each address once." } as const;

async function itemOr404(context: Route.LoaderArgs["context"], id: string) {
  const items = await roadmapOverview(context.get(databaseContext).db);
  const item = items.find((candidate) => candidate.id === id);
  if (!item) throw data("This roadmap item does not exist.", { status: 404 });
  return { item, items };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { item, items } = await itemOr404(context, params.item);
  return {
    item,
    others: items.filter((other) => other.id !== item.id && !other.mergedInto).map(({ id, name, status }) => ({ id, name, status })),
    supporters: await itemSupporters(context.get(databaseContext).db, item.id),
    // The notice is the newsletter's to send: a link for an account that may open it.
    noticeLink: item.notice && mayReach(context.get(operatorContext).role, "newsletter") ? consolePaths.issue(item.notice.id) : null,
    done: doneMessage(request, DONE) ?? null,
  };
}

/** Merges another item into this one: the only change this page makes. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { item, items } = await itemOr404(context, params.item);
  const form = await request.formData();
  if (formText(form, "intent") !== "merge") return fail("Nothing to do.", 400);
  const from = formText(form, "from");
  const source = items.find((other) => other.id === from && other.id !== item.id);
  if (!source)
    return fail("Nothing was merged. Choose another item of the roadmap to merge into this one.", 422, {
      errors: { from: "Choose an item." },
    });
  if (form.get("confirm") !== "yes") {
    return fail("Nothing was merged. Tick the box to confirm the merge.", 422, { errors: { confirm: "Tick this box to merge." } });
  }
  try {
    await mergeItems(context.get(databaseContext).db, source.id, item.id, context.get(operatorContext).email);
  } catch (error) {
    // An item merged already, as either side (a post made by hand, or another tab's merge): nothing changed.
    if (error instanceof MergeRefused) return fail(error.message, 409);
    throw error;
  }
  throw redirectDone(consolePaths.roadmapItem(item.id), "merged");
}

export default function RoadmapItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, others, supporters, noticeLink, done } = loaderData;
  const errors = actionData?.errors ?? {};
  return (
    <>
      <p>
        <a href={consolePaths.roadmap} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← Roadmap
        </a>
      </p>
      <ConsoleHeading title={item.name} description={item.description}>
        <Badge variant={item.status === "completed" ? "default" : "outline"}>{roadmapStatusLabels[item.status]}</Badge>
      </ConsoleHeading>
      {done ? <Notice>{done}</Notice> : null}
      {actionData?.message ? <Notice tone="error">{actionData.message}</Notice> : null}
      {item.mergedInto ? (
        <Notice>
          This item was merged into{" "}
          <a href={consolePaths.roadmapItem(item.mergedInto)} className="font-medium underline">
            #{item.mergedInto}
          </a>
          : its requests and votes are there. An editor can remove it from the roadmap; its anchor keeps landing on the other item.
        </Notice>
      ) : null}
      {item.notice ? (
        <Notice>
          {item.notice.status === "sending"
            ? "The shipped notice went out."
            : "A shipped notice is drafted for an editor to review and send."}
          {noticeLink ? (
            <>
              {" "}
              <a href={noticeLink} className="font-medium underline">
                Open the notice
              </a>
            </>
          ) : null}
        </Notice>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="lg:col-span-2">
          <Section title="Who wants it">
            <p className="text-sm text-muted-foreground">
              {plural(supporters.length, "person", "people")}: won, meeting booked and qualified leads first. Only confirmed votes count.
            </p>
            {supporters.length === 0 ? (
              <p className="text-sm">Nobody yet. Link a feature request to this item from the request's lead page.</p>
            ) : (
              <ol aria-label="Supporters" className="divide-y rounded-md border">
                {supporters.map((person) => (
                  <li key={person.email} className="flex flex-col gap-2 p-3 text-sm">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="flex min-w-0 flex-col">
                        <span className="truncate font-medium">{person.name ?? person.email}</span>
                        {person.name ? <span className="truncate text-muted-foreground">{person.email}</span> : null}
                      </span>
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="text-muted-foreground">
                          {[person.asked && "asked", person.voted && "voted"].filter(Boolean).join(" and ")}
                        </span>
                        {person.stage ? <StageBadge stage={person.stage} /> : <Badge variant="outline">Not a lead</Badge>}
                      </span>
                    </div>
                    {/* What they wrote beside the vote is often the buying signal (decision 045). */}
                    {person.note ? (
                      <blockquote className="border-l-2 pl-3 break-words whitespace-pre-wrap">
                        <span className="sr-only">Their note: </span>
                        {person.note}
                      </blockquote>
                    ) : null}
                  </li>
                ))}
              </ol>
            )}
          </Section>
        </div>
        {/* A merged item takes nothing in: its requests and votes are on the item it was merged into. */}
        {item.mergedInto ? null : (
          <Section title="Merge a duplicate into this item">
            <PostForm className="flex flex-col gap-3">
              <input type="hidden" name="intent" value="merge" />
              <Field id="merge-from" label="Item to merge in" error={errors.from}>
                <NativeSelect id="merge-from" name="from" required defaultValue="" aria-invalid={errors.from ? true : undefined}>
                  <option value="" disabled>
                    Choose an item
                  </option>
                  {others.map((other) => (
                    <option key={other.id} value={other.id}>
                      {other.name} ({roadmapStatusLabels[other.status]})
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <p className="text-sm text-muted-foreground">
                Its requests, confirmed votes and withdrawals move here, each address once. Its anchor on /roadmap leads here.
              </p>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="confirm"
                  value="yes"
                  required
                  className="mt-1"
                  aria-invalid={errors.confirm ? true : undefined}
                />
                <span>Merge it into “{item.name}”. This cannot be undone.</span>
              </label>
              {errors.confirm ? (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {errors.confirm}
                </p>
              ) : null}
              <Button type="submit" variant="outline" className="self-start">
                Merge
              </Button>
            </PostForm>
          </Section>
        )}
      </div>
    </>
  );
}
