import { buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/native-select";
import { formatDay } from "~/lib/console/format";
import { consolePaths } from "~/lib/console/paths";
import { leadFilterParams, DEFAULT_FILTER, type LeadFilter } from "./filters";
import { LEAD_KIND_LABELS, LEAD_KINDS, LEAD_STAGE_LABELS, type LeadStage } from "./kinds";
import type { LeadOwner, LeadRow } from "./types";
import { KindBadge } from "./lead-badges";
import { MoveForm, OwnerForm } from "./lead-work";

// The leads as a board: a column per stage, a card per lead, each card with its own small forms to move it and, opened
// from its owner's line, to give it an owner (plain posts and a <details>: no JavaScript needed, every control reachable
// by Tab). Stacked on a phone; side by side, scrolling sideways, on a wide screen.

export interface BoardColumnData {
  stage: LeadStage;
  total: number;
  rows: LeadRow[];
}

/** The id of a lead's card: the board comes back to it (#card-…) after a move. */
export const cardId = (row: Pick<LeadRow, "kind" | "id">) => `card-${row.kind}-${row.id}`;

/** The board's filters, as a GET form: the address holds them, so a board can be bookmarked ("mine"). */
export function BoardFilters({ filter, owners }: { filter: LeadFilter; owners: LeadOwner[] }) {
  return (
    <form
      method="get"
      action={consolePaths.board}
      aria-label="Board filters"
      className="flex flex-wrap items-end gap-4 rounded-xl border bg-card p-4"
    >
      <Field id="board-type" label="Type" className="min-w-48 flex-1 sm:flex-none">
        <NativeSelect id="board-type" name="type" defaultValue={filter.type}>
          <option value="all">All types</option>
          {LEAD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {LEAD_KIND_LABELS[kind].many}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="board-owner" label="Owner" className="min-w-48 flex-1 sm:flex-none">
        <NativeSelect id="board-owner" name="owner" defaultValue={String(filter.owner)}>
          <option value="all">Anyone</option>
          <option value="mine">Mine</option>
          <option value="nobody">Nobody</option>
          {owners.map((owner) => (
            <option key={owner.id} value={owner.id}>
              {owner.email}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="flex gap-2">
        <button type="submit" className={buttonVariants()}>
          Show
        </button>
        <a href={consolePaths.board} className={buttonVariants({ variant: "ghost" })}>
          Clear
        </a>
      </div>
    </form>
  );
}

export function LeadBoard({
  columns,
  owners,
  filter,
  action,
}: {
  columns: BoardColumnData[];
  owners: LeadOwner[];
  filter: LeadFilter;
  /** Where the cards' forms post: the board's own address, filters included, so it comes back the same. */
  action: string;
}) {
  const ownerEmail = new Map(owners.map((owner) => [owner.id, owner.email]));
  return (
    // `relative`: the cards' visually hidden labels are positioned inside it, so they never widen the page beyond its scroll.
    <div
      role="region"
      aria-label="Pipeline board"
      tabIndex={0}
      className="relative -mx-4 flex flex-col gap-4 px-4 pb-2 focus-visible:outline-2 focus-visible:outline-ring lg:flex-row lg:items-start lg:overflow-x-auto"
    >
      {columns.map((column) => {
        const headingId = `column-${column.stage}`;
        const more = column.total - column.rows.length;
        const listHref = `${consolePaths.leads}?${leadFilterParams({ ...DEFAULT_FILTER, ...filter, stage: column.stage, page: 1 }).toString()}`;
        return (
          // A group, not a section: the columns scroll sideways inside the board, never the page (tests/console/console.spec.ts).
          <div
            key={column.stage}
            role="group"
            aria-labelledby={headingId}
            className="flex flex-col gap-3 rounded-xl border bg-muted/40 p-3 lg:w-72 lg:shrink-0"
          >
            <h2 id={headingId} className="flex items-center justify-between gap-2 px-1 font-semibold">
              {LEAD_STAGE_LABELS[column.stage]}
              <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground">
                {column.total.toLocaleString("en-US")}
                <span className="sr-only"> leads</span>
              </span>
            </h2>
            {column.rows.length === 0 ? (
              <p className="px-1 text-sm text-muted-foreground">No leads at this stage.</p>
            ) : (
              <ol className="flex flex-col gap-3" aria-labelledby={headingId}>
                {column.rows.map((row) => (
                  <BoardCard
                    key={cardId(row)}
                    row={row}
                    owners={owners}
                    owner={row.ownerId === null ? null : (ownerEmail.get(row.ownerId) ?? "a former sales account")}
                    action={action}
                  />
                ))}
              </ol>
            )}
            {more > 0 ? (
              <a href={listHref} className="px-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
                {more.toLocaleString("en-US")} more in the list
              </a>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

function BoardCard({ row, owners, owner, action }: { row: LeadRow; owners: LeadOwner[]; owner: string | null; action: string }) {
  const name = row.name ?? row.email;
  return (
    <li
      id={cardId(row)}
      tabIndex={-1}
      className="flex scroll-mt-4 flex-col gap-3 rounded-lg border bg-card p-3 shadow-xs focus:outline-2 focus:outline-ring"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <a href={consolePaths.lead(row.kind, row.id)} className="line-clamp-1 font-semibold break-words hover:underline">
          {name}
        </a>
        <div className="flex flex-wrap items-center gap-2">
          <KindBadge kind={row.kind} />
        </div>
        {row.summary ? <p className="line-clamp-2 text-sm text-muted-foreground">{row.summary}</p> : null}
        {row.followUpOn ? (
          <p className="text-sm text-muted-foreground">
            Follow up <time dateTime={row.followUpOn}>{formatDay(row.followUpOn)}</time>
          </p>
        ) : null}
      </div>
      <MoveForm lead={row} idPrefix={cardId(row)} action={action} about={name} compact />
      {/* Moves are the board's work; the owner changes less often, so its form opens from the owner's line. */}
      <details className="text-sm">
        <summary className="cursor-pointer rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
          {owner ? `Owner: ${owner}` : "No owner"}
          <span className="text-primary">
            {" "}
            · Change<span className="sr-only"> the owner of {name}</span>
          </span>
        </summary>
        <div className="mt-2">
          <OwnerForm lead={row} owners={owners} idPrefix={cardId(row)} action={action} about={name} compact />
        </div>
      </details>
    </li>
  );
}
