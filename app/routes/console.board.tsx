import { data, redirect } from "react-router";
import { requireArea } from "~/middleware.server";
import { ConsoleHeading, Notice } from "~/components/console/frame";
import {
  BoardFilters,
  cardId,
  LeadBoard,
  isLeadKind,
  LEAD_STAGE_LABELS,
  leadFilterOfAddress,
  leadFilterParams,
  type LeadFilter,
  boardScript,
} from "~/features/leads";
import { buttonVariants } from "~/components/ui/button";
import { databaseContext, operatorContext } from "~/context";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { applyLeadAction, leadBoard, leadDetail, leadOwners } from "~/features/leads/index.server";
import type { PageScriptHandle } from "~/lib/hydration";
import type { Route } from "./+types/console.board";

// The pipeline as a board (decision 029): a column per stage, a card per lead. Its filters (type, owner) are a GET form in
// the address; each card's forms post here, naming the lead, and come back to the same board at that card.

export const middleware: Route.MiddlewareFunction[] = [requireArea("leads")];

export const meta: Route.MetaFunction = () => consoleMeta("Board");

// Drag and drop and the keyboard's moves: a page script that submits a card's own form (decision 044).
export const handle: PageScriptHandle = { script: boardScript };

/** The board's own address for a filter: only the type and owner count here. */
function boardHref(filter: LeadFilter) {
  const query = leadFilterParams({ ...filter, stage: "all", from: null, to: null, source: "", page: 1 }).toString();
  return query ? `${consolePaths.board}?${query}` : consolePaths.board;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filter: LeadFilter = { ...leadFilterOfAddress(url.searchParams), stage: "all", from: null, to: null, source: "", page: 1 };
  const { db } = context.get(databaseContext);
  const [columns, owners] = await Promise.all([leadBoard(db, filter, context.get(operatorContext).operatorId), leadOwners(db)]);
  const moved = url.searchParams.get("moved");
  const assigned = url.searchParams.get("assigned");
  const done = moved ?? assigned;
  // The lead just changed, named in the notice even when the filter no longer shows it (given away from "nobody").
  const [kind, id] = done ? [done.slice(0, done.lastIndexOf("-")), Number(done.slice(done.lastIndexOf("-") + 1))] : [];
  const card = isLeadKind(kind) && Number.isSafeInteger(id) && id! > 0 ? await leadDetail(db, kind, id!) : null;
  const notice = card
    ? moved
      ? `${card.name ?? card.email} moved to ${LEAD_STAGE_LABELS[card.stage]}.`
      : `${card.name ?? card.email}: owner saved.`
    : null;
  return {
    columns,
    owners,
    filter,
    action: boardHref(filter),
    notice,
  };
}

/** A card's move or owner change; then back to the board, at that card. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const kind = form.get("kind");
  const id = Number(form.get("id"));
  if (!isLeadKind(kind) || !Number.isSafeInteger(id) || id < 1) return data({ error: "Choose a lead on the board." }, { status: 400 });
  const intent = form.get("intent");
  if (intent !== "move" && intent !== "owner") return data({ error: "Nothing to do." }, { status: 400 });
  const result = await applyLeadAction(context.get(databaseContext).db, form, { kind, id, actor: context.get(operatorContext).email });
  if ("error" in result) return data({ error: result.error }, { status: result.status });
  const back = boardHref(leadFilterOfAddress(new URL(request.url).searchParams));
  const separator = back.includes("?") ? "&" : "?";
  throw redirect(`${back}${separator}${intent === "move" ? "moved" : "assigned"}=${kind}-${id}#${cardId({ kind, id })}`, 303);
}

export default function Board({ loaderData, actionData }: Route.ComponentProps) {
  const { columns, owners, filter, action, notice } = loaderData;
  return (
    <>
      <ConsoleHeading
        title="Board"
        description="Everyone who raised a hand, by stage, newest first: sign-ups and downloads stay in the list until someone moves them on. Drag a card, move it by keyboard or with its form; each move is in the audit log."
      >
        <a href={consolePaths.leads} className={buttonVariants({ variant: "outline" })}>
          List
        </a>
      </ConsoleHeading>
      {notice ? <Notice>{notice}</Notice> : null}
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <BoardFilters filter={filter} owners={owners} />
      <LeadBoard columns={columns} owners={owners} filter={filter} action={action} />
    </>
  );
}
