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
      <PageHeader title={title} description={message} />
      <Container className="flex max-w-xl flex-col items-start gap-6 py-14">
        {button ? (
          <form method="post">
            <Button type="submit" size="lg">
              {button}
            </Button>
          </form>
        ) : null}
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
