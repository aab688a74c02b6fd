import { ConsentNote } from "~/components/forms/consent-note";
import { Button } from "~/components/ui/button";
import { Field, fieldErrorProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { LIMITS } from "~/lib/forms/limits";
import { formPath } from "~/lib/forms/names";
import type { FormResult } from "~/lib/forms/result";
import { cn } from "~/lib/utils";

// "I want this too" on a planned roadmap item (decision 036): a plain form, no script of its own, so it works before and
// without JavaScript and adds nothing to the page's bundle but its markup. The server answers with a page
// (app/routes/forms.roadmap-vote.tsx), which shows it again with the field messages after a refused post.

interface RoadmapVoteFormProps {
  item: { id: string; name: string };
  /** The answer to a refused post: the field messages and what was typed. */
  lastResult?: FormResult | undefined;
  className?: string;
}

type VoteField = "email" | "name" | "note";

export function RoadmapVoteForm({ item, lastResult, className }: RoadmapVoteFormProps) {
  const reply = lastResult?.status === "success" ? undefined : lastResult?.reply;
  const typed = (reply?.initialValue ?? {}) as Record<string, unknown>;
  const errors = (reply?.error ?? {}) as Record<string, string[] | null | undefined>;
  const idOf = (field: VoteField) => `vote-${item.id}-${field}`;
  const valueOf = (field: string) => (typeof typed[field] === "string" ? (typed[field] as string) : undefined);
  const errorOf = (field: VoteField) => errors[field]?.[0];
  return (
    <form
      method="post"
      action={formPath("roadmap-vote")}
      data-lead-form=""
      aria-label={`Vote for ${item.name}`}
      className={cn("relative flex flex-col gap-3", className)}
    >
      <input type="hidden" name="itemId" value={item.id} />
      {/* The honeypot (app/lib/forms/guard.server.ts): people never see it, bots fill it in. */}
      <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor={`vote-${item.id}-website`}>Leave this field empty</label>
        <input id={`vote-${item.id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <Field id={idOf("email")} label="Email" error={errorOf("email")}>
        <Input
          id={idOf("email")}
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={LIMITS.email}
          defaultValue={valueOf("email")}
          {...fieldErrorProps(idOf("email"), errorOf("email"))}
        />
      </Field>
      <Field id={idOf("name")} label="Name" optional error={errorOf("name")}>
        <Input
          id={idOf("name")}
          name="name"
          autoComplete="name"
          maxLength={LIMITS.name}
          defaultValue={valueOf("name")}
          {...fieldErrorProps(idOf("name"), errorOf("name"))}
        />
      </Field>
      <Field id={idOf("note")} label="Note" optional error={errorOf("note")}>
        <Textarea
          id={idOf("note")}
          name="note"
          rows={2}
          defaultValue={valueOf("note")}
          {...fieldErrorProps(idOf("note"), errorOf("note"))}
        />
      </Field>
      <ConsentNote form="roadmap-vote" />
      <Button type="submit" size="sm" className="self-start">
        I want this too
      </Button>
    </form>
  );
}
