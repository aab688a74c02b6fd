import { requireArea } from "~/middleware.server";
import { data } from "react-router";
import { ConsoleHeading, Notice } from "~/components/console/frame";
import { PostForm } from "~/components/console/post-form";
import { describeCounts, SubjectReport } from "~/features/data-requests";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { databaseContext, mailFileDirContext, operatorAuthContext, operatorContext } from "~/context";
import { LIMITS } from "~/lib/forms/limits";
import { emailField } from "~/lib/forms/form-fields";
import { recordAudit } from "~/lib/console/audit.server";
import { consoleMeta } from "~/lib/console/meta";
import { consolePaths } from "~/lib/console/paths";
import { plural } from "~/lib/console/format";
import {
  countsOf,
  eraseSubject,
  subjectMailFiles,
  subjectRecords,
  totalOf,
  type SubjectPlaces,
} from "~/features/data-requests/index.server";
import type { Route } from "./+types/console.requests";

export const middleware: Route.MiddlewareFunction[] = [requireArea("leads")];

// A data-subject request: enter the address, see everything stored about it in every table (the outbox included) and
// the mail files that name it, download it as JSON, erase it after a confirmation that then says what went from where.
// The address travels in POST bodies, never in an address bar (or a proxy's log); the audit log records each step with
// its counts, never the address.

export const meta: Route.MetaFunction = () => consoleMeta("Data requests");

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = emailField.safeParse(form.get("email"));
  if (!parsed.success) return data({ step: "invalid", email: String(form.get("email") ?? "") } as const, { status: 400 });
  const email = parsed.data;
  const { db } = context.get(databaseContext);
  const actor = context.get(operatorContext).email;
  const auth = context.get(operatorAuthContext);
  const places: SubjectPlaces = { mailFileDir: context.get(mailFileDirContext), forgetSignIns: auth?.throttle.forgetAccount };
  const intent = form.get("intent");

  if (intent === "erase") {
    const erased = await eraseSubject(db, email, actor, places);
    const { rows, mailFiles, signInCounters } = erased;
    return { step: "erased", email, counts: rows, total: totalOf(rows), mailFiles, signInCounters } as const;
  }
  const records = await subjectRecords(db, email);
  const counts = countsOf(records);
  const mailFiles = (await subjectMailFiles(places, email)).length;
  if (intent === "review-erase") return { step: "confirm", email, counts, total: totalOf(counts), mailFiles } as const;
  await recordAudit(db, actor, "subject-lookup", { rows: counts, mailFiles });
  return { step: "found", email, records, counts, total: totalOf(counts), mailFiles } as const;
}

export default function Requests({ actionData }: Route.ComponentProps) {
  const result = actionData;
  return (
    <>
      <ConsoleHeading
        title="Data requests"
        description="When someone asks what we hold about them, or asks us to delete it: look up their address in every table, the outbox included."
      />
      <PostForm action={consolePaths.requests} className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="lookup" />
        <Field
          id="subject-email"
          label="Email address"
          className="flex-1"
          error={result?.step === "invalid" ? "Please enter a valid email address" : undefined}
        >
          <Input
            id="subject-email"
            name="email"
            type="email"
            required
            maxLength={LIMITS.email}
            defaultValue={result?.email ?? ""}
            aria-invalid={result?.step === "invalid" ? true : undefined}
            aria-describedby={result?.step === "invalid" ? "subject-email-error" : undefined}
          />
        </Field>
        <Button type="submit">Look up</Button>
      </PostForm>

      {result?.step === "found" ? (
        <>
          <Notice>
            Stored about {result.email}: {describeCounts(result.counts)}; {mailFilesOf(result.mailFiles)}.
          </Notice>
          <div className="flex flex-wrap gap-2">
            <PostForm action={consolePaths.requestsExport}>
              <input type="hidden" name="email" value={result.email} />
              <Button type="submit" variant="outline">
                Download as JSON
              </Button>
            </PostForm>
            {result.total + result.mailFiles > 0 ? (
              <PostForm action={consolePaths.requests}>
                <input type="hidden" name="intent" value="review-erase" />
                <input type="hidden" name="email" value={result.email} />
                <Button type="submit" variant="destructive">
                  Erase everything…
                </Button>
              </PostForm>
            ) : null}
          </div>
          <SubjectReport records={result.records} />
        </>
      ) : null}

      {result?.step === "confirm" ? (
        <section
          aria-labelledby="confirm-erase"
          className="flex flex-col gap-4 rounded-xl border border-destructive/60 bg-destructive/5 p-4 sm:p-6"
        >
          <h2 id="confirm-erase" className="text-lg font-semibold">
            Erase everything about {result.email}?
          </h2>
          <p>
            This deletes {describeCounts(result.counts)}, and {mailFilesOf(result.mailFiles)}. It cannot be undone. The audit log will
            record that an erasure happened and how many rows and files, not the address.
          </p>
          <div className="flex flex-wrap gap-2">
            <PostForm action={consolePaths.requests}>
              <input type="hidden" name="intent" value="erase" />
              <input type="hidden" name="email" value={result.email} />
              <Button type="submit" variant="destructive">
                Erase permanently
              </Button>
            </PostForm>
            <a href={consolePaths.requests} className={buttonVariants({ variant: "outline" })}>
              Cancel
            </a>
          </div>
        </section>
      ) : null}

      {result?.step === "erased" ? (
        <Notice>
          Erased {describeCounts(result.counts)} about {result.email}; {mailFilesOf(result.mailFiles)};{" "}
          {plural(result.signInCounters, "failed sign-in counter")}. Nothing else the site writes holds this address: it keeps no cache of
          leads.
        </Notice>
      ) : null}
    </>
  );
}

/** "2 mail files (.eml, written without an SMTP server)". */
function mailFilesOf(files: number) {
  return `${plural(files, "mail file")} (.eml, written without an SMTP server)`;
}
