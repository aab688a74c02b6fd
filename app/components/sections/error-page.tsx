import { Link } from "react-router";
import { Container } from "~/components/layout/container";
import { Button } from "~/components/ui/button";

interface ErrorPageProps {
  code?: string;
  title: string;
  message: string;
}

export function ErrorPage({ code, title, message }: ErrorPageProps) {
  return (
    <Container className="flex flex-col items-center gap-4 py-24 text-center">
      {code ? <p className="text-7xl font-extrabold tracking-tight text-primary">{code}</p> : null}
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <Button asChild size="lg" className="mt-2">
        <Link to="/">Return to Home</Link>
      </Button>
    </Container>
  );
}
