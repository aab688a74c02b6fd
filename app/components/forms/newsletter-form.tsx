import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { failureNotice, FORM_MESSAGES, type FormResult } from "~/lib/form-result";
import { LIMITS } from "~/lib/schemas/form-fields";
import type { NEWSLETTER_FIELDS } from "~/lib/schemas/newsletter";
import { Honeypot, useFetcherResult } from "./form-parts";

type NewsletterField = (typeof NEWSLETTER_FIELDS)[number];

/** E-mail signup; `source` is the path of the page it sits on, stored with the address. */
export function NewsletterForm({ source, defaultEmail }: { source: string; defaultEmail?: string | undefined }) {
  const fetcher = useFetcher<FormResult<NewsletterField>>();
  const id = useId();
  const [generation, setGeneration] = useState(0);
  const subscribing = fetcher.state !== "idle";

  useFetcherResult(fetcher, (answer) => {
    if (answer.status === "success") {
      toast.success(FORM_MESSAGES.newsletter.success.title, { description: FORM_MESSAGES.newsletter.success.description });
      setGeneration((value) => value + 1);
    } else {
      const notice = failureNotice("newsletter", answer.status === "error" ? answer.reason : "exception");
      toast.error(notice.title, { description: notice.description });
    }
  });

  return (
    <fetcher.Form
      key={generation}
      method="post"
      action="/forms/newsletter"
      aria-label="Newsletter signup"
      className="relative flex w-full flex-col gap-2 sm:flex-row"
      defaultShouldRevalidate={false}
    >
      <Honeypot />
      <input type="hidden" name="source" value={source} />
      <label htmlFor={id} className="sr-only">
        Email address
      </label>
      <Input
        id={id}
        name="email"
        type="email"
        required
        autoComplete="email"
        placeholder="Enter your email"
        maxLength={LIMITS.email}
        defaultValue={generation === 0 ? defaultEmail : undefined}
        className="flex-1"
      />
      <Button type="submit" disabled={subscribing}>
        {subscribing ? "Subscribing..." : "Subscribe"}
      </Button>
    </fetcher.Form>
  );
}
