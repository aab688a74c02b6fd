import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { FILTER_LIMITS, type LeadFilter } from "./filters";
import { LEAD_KIND_LABELS, LEAD_KINDS, LEAD_STAGE_LABELS, LEAD_STAGES, type LeadKind } from "./kinds";
import type { LeadOwner } from "./types";
import { consolePaths } from "~/lib/console/paths";
import { PostForm } from "~/components/console/post-form";

/**
 * Search and filters, posted: without a search text the list answers with a redirect to an address holding the filters
 * (bookmarkable); with one, in place, so the text (often an email address) stays out of every address.
 */
export function LeadFilters({ filter, byKind, owners }: { filter: LeadFilter; byKind: Record<LeadKind, number>; owners: LeadOwner[] }) {
  return (
    <PostForm
      action={consolePaths.leadsSearch}
      role="search"
      aria-label="Leads"
      className="grid grid-cols-2 gap-4 rounded-xl border bg-card p-4 lg:grid-cols-6"
    >
      <Field id="filter-q" label="Search" className="col-span-2">
        <Input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={filter.q}
          maxLength={FILTER_LIMITS.q}
          placeholder="Name, email, company or text"
        />
      </Field>
      <Field id="filter-type" label="Type">
        <NativeSelect id="filter-type" name="type" defaultValue={filter.type}>
          <option value="all">All types</option>
          {LEAD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {LEAD_KIND_LABELS[kind].many} ({byKind[kind].toLocaleString("en-US")})
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="filter-stage" label="Stage">
        <NativeSelect id="filter-stage" name="stage" defaultValue={filter.stage}>
          <option value="all">Any stage</option>
          {LEAD_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {LEAD_STAGE_LABELS[stage]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="filter-owner" label="Owner">
        <NativeSelect id="filter-owner" name="owner" defaultValue={String(filter.owner)}>
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
      <Field id="filter-from" label="From (UTC)">
        <Input id="filter-from" name="from" type="date" defaultValue={filter.from ?? ""} />
      </Field>
      <Field id="filter-to" label="To (UTC)">
        <Input id="filter-to" name="to" type="date" defaultValue={filter.to ?? ""} />
      </Field>
      <Field
        id="filter-source"
        label="Came from"
        className="col-span-2"
        hint={<span id="filter-source-hint">A landing page, a referring site or a utm_ tag</span>}
      >
        <Input
          id="filter-source"
          name="source"
          type="search"
          aria-describedby="filter-source-hint"
          defaultValue={filter.source}
          maxLength={FILTER_LIMITS.source}
        />
      </Field>
      <div className="col-span-2 flex items-end gap-2 lg:col-span-3 lg:justify-end">
        <Button type="submit">Apply filters</Button>
        <a href={consolePaths.leads} className={buttonVariants({ variant: "ghost" })}>
          Clear
        </a>
      </div>
    </PostForm>
  );
}
