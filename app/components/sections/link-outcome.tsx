// The page a link from an e-mail opens (newsletter confirm, unsubscribe): what happened, and the click that acts.
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { Button } from "~/components/ui/button";

interface LinkOutcomeProps {
  title: string;
  message: string;
  /** When the page asks for the click that makes the change: a plain form, so it works without JavaScript. */
  button: string | null;
}

/** What a link from an email led to, and the one button that acts on it (a prefetching mail scanner never clicks it). */
export function LinkOutcome({ title, message, button }: LinkOutcomeProps) {
  return (
    <>
      {/* The action sits under the message it answers, centred like every page's header. */}
      <PageHeader title={title} description={message}>
        {button ? (
          <form method="post" className="mt-2">
            <Button type="submit" size="lg">
              {button}
            </Button>
          </form>
        ) : null}
      </PageHeader>
      <Container className="max-w-xl py-14 text-center">
        <p className="text-muted-foreground">
          <a href="/resources" className="font-medium text-primary underline-offset-4 hover:underline">
            Browse the free resources
          </a>{" "}
          or{" "}
          <a href="/" className="font-medium text-primary underline-offset-4 hover:underline">
            return to Home
          </a>
          .
        </p>
      </Container>
    </>
  );
}
