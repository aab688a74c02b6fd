import { buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { NativeSelect } from "~/components/ui/native-select";
import { ConsoleTime } from "~/components/console/time";
import { formatDay } from "~/lib/console/format";
import { consolePaths } from "~/lib/console/paths";
import { leadFilterParams, DEFAULT_FILTER, type LeadFilter } from "./filters";
import { cn } from "~/lib/utils";
import { LEAD_KIND_LABELS, LEAD_KINDS, LEAD_STAGE_LABELS, type LeadStage } from "./kinds";
import type { LeadOwner, LeadRow } from "./types";
import { MoveForm, OwnerForm } from "./lead-work";

// The leads as a board: a column per stage, a card per lead showing its age, owner and last touch, each card with its own
// small forms to move it and give it an owner behind "Move or assign" (plain posts and a <details>: no JavaScript needed,
// every control reachable by Tab); with the page script, by drag and drop and by keyboard too (decision 044). Stacked on
// a phone; every stage side by side from lg up, without scrolling.

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

/** Won, Lost and Spam end the pipeline: narrower columns, so every stage fits 1280 px (decision 044). */
const CLOSED: readonly LeadStage[] = ["won", "lost", "spam"];

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
    // Every stage in view at 1280 px without scrolling (decision 044): four open columns share the width, Won and Lost
    // take less and Spam folds into a strip. Stacked on a phone.
    <div
      role="region"
      aria-label="Pipeline board"
      data-board=""
      className="relative flex flex-col gap-3 lg:grid lg:grid-cols-[repeat(4,minmax(0,1fr))_repeat(2,minmax(0,0.85fr))_auto] lg:items-start lg:gap-2"
    >
      <p id="board-keys" hidden className="sr-only">
        Drag a card to a column, or press Space on it, choose a column with the arrow keys and press Space again.
      </p>
      <p data-board-live="" role="status" className="sr-only" />
      {columns.map((column) => {
        const headingId = `column-${column.stage}`;
        const more = column.total - column.rows.length;
        const listHref = `${consolePaths.leads}?${leadFilterParams({ ...DEFAULT_FILTER, ...filter, stage: column.stage, page: 1 }).toString()}`;
        const label = LEAD_STAGE_LABELS[column.stage];
        const heading = (
          <h2 id={headingId} className="flex min-w-0 items-center justify-between gap-1 px-1 text-sm font-semibold">
            <span className="truncate">{label}</span>
            <span className="rounded-full bg-secondary px-1.5 py-0.5 text-xs font-semibold text-secondary-foreground">
              {column.total.toLocaleString("en-US")}
              <span className="sr-only"> leads</span>
            </span>
          </h2>
        );
        const body = (
          <>
            {column.rows.length === 0 ? (
              <p className="px-1 text-xs text-muted-foreground">No leads.</p>
            ) : (
              <ol className="flex flex-col gap-2" aria-labelledby={headingId}>
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
              <a href={listHref} className="px-1 text-xs font-medium text-primary underline-offset-4 hover:underline">
                {more.toLocaleString("en-US")} more in the list
              </a>
            ) : null}
          </>
        );
        const columnClass = cn(
          "flex min-w-0 flex-col gap-2 rounded-xl border bg-muted/40 p-2 data-[drop-target]:ring-2 data-[drop-target]:ring-ring",
          CLOSED.includes(column.stage) && "bg-muted/20",
        );
        // Spam folds away: a strip with its count until opened (a plain <details>, so it works without JavaScript).
        if (column.stage === "spam") {
          return (
            <details
              key={column.stage}
              data-board-column=""
              data-stage={column.stage}
              data-label={label}
              aria-labelledby={headingId}
              className={cn(columnClass, "group lg:w-11 lg:open:w-44")}
            >
              <summary className="cursor-pointer list-none rounded-md focus-visible:outline-2 focus-visible:outline-ring lg:[writing-mode:vertical-rl] lg:group-open:[writing-mode:horizontal-tb]">
                {heading}
              </summary>
              <div className="mt-2 flex flex-col gap-2">{body}</div>
            </details>
          );
        }
        return (
          // A group, not a section: the board's columns are one region.
          <div
            key={column.stage}
            role="group"
            aria-labelledby={headingId}
            data-board-column=""
            data-stage={column.stage}
            data-label={label}
            className={columnClass}
          >
            {heading}
            {body}
          </div>
        );
      })}
    </div>
  );
}

function BoardCard({ row, owners, owner, action }: { row: LeadRow; owners: LeadOwner[]; owner: string | null; action: string }) {
  const name = row.name ?? row.email;
  const at = new Date(row.at);
  const touched = row.touchedAt ? new Date(row.touchedAt) : null;
  return (
    <li
      id={cardId(row)}
      tabIndex={-1}
      data-card=""
      data-stage={row.stage}
      data-name={name}
      className="flex scroll-mt-4 flex-col gap-1 rounded-lg border bg-card p-2 text-sm shadow-xs focus:outline-2 focus:outline-ring data-[moving]:opacity-60"
    >
      <a href={consolePaths.lead(row.kind, row.id)} className="truncate font-semibold hover:underline" title={name}>
        {name}
      </a>
      <p className="truncate text-xs text-muted-foreground" title={row.summary ?? undefined}>
        {LEAD_KIND_LABELS[row.kind].one}
        {row.summary ? `: ${row.summary}` : ""}
      </p>
      {/* Age, owner and last touch: what the team asks of a card before opening it. */}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs text-muted-foreground">
        <dt>Age</dt>
        <dd className="truncate">
          <ConsoleTime value={at} />
        </dd>
        <dt>Owner</dt>
        <dd className="truncate" title={owner ?? undefined}>
          {owner ? owner.split("@")[0] : "Nobody"}
        </dd>
        <dt>Touched</dt>
        <dd className="truncate">{touched ? <ConsoleTime value={touched} /> : "Never"}</dd>
        {row.followUpOn ? (
          <>
            <dt>Follow up</dt>
            <dd className="truncate">
              <time dateTime={row.followUpOn}>{formatDay(row.followUpOn)}</time>
            </dd>
          </>
        ) : null}
      </dl>
      {/* The plain forms: what a move by drag or keyboard submits too (./board-script.ts). */}
      <details className="text-xs">
        <summary className="cursor-pointer truncate rounded-sm text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring">
          Move or assign<span className="sr-only"> {name}</span>
        </summary>
        <div className="mt-2 flex flex-col gap-2">
          <MoveForm lead={row} idPrefix={cardId(row)} action={action} about={name} compact />
          <OwnerForm lead={row} owners={owners} idPrefix={cardId(row)} action={action} about={name} compact />
        </div>
      </details>
    </li>
  );
}
