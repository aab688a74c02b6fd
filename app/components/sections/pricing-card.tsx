// One plan on /pricing: its price, credits, what it includes and its sign-up button.
import { ExternalLink } from "~/components/layout/external-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { ListPoint } from "~/content/capabilities";
import { costPerCredit, formatUsd, type Plan } from "~/content/plans";
import { cn } from "~/lib/utils";
import { CheckList } from "./icon-card";

interface PricingCardProps {
  plan: Plan;
  /** Its list, each capability with its availability (planPoints). */
  points: readonly ListPoint[];
  /** "Everything in Starter, plus", when it builds on the plan below. */
  included: string | null;
  buttonText: string;
  href: string;
  /** The early-access price line while that offer runs. */
  offer?: string | null;
}

export function PricingCard({ plan, points, included, buttonText, href, offer }: PricingCardProps) {
  const headingId = `plan-${plan.id}`;
  return (
    <Card
      aria-labelledby={headingId}
      role="group"
      data-popular={plan.popular || undefined}
      className={cn("relative h-full gap-6", plan.popular && "border-2 border-primary shadow-lg lg:-my-3 lg:py-9")}
    >
      {plan.popular ? <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Popular</Badge> : null}
      <div className="flex flex-col gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {plan.name}
        </h2>
        <p className="text-sm text-muted-foreground">{plan.description}</p>
      </div>
      <p className="flex items-baseline gap-1">
        <span className="text-5xl font-extrabold tracking-tight">{formatUsd(plan.price)}</span>
        <span className="text-muted-foreground">/{plan.period}</span>
      </p>
      {offer ? <p className="-mt-3 text-sm font-medium text-primary">{offer}</p> : null}
      <dl className="grid grid-cols-3 gap-2 rounded-lg bg-muted/60 p-3 text-center text-sm">
        <div className="flex flex-col-reverse justify-end gap-0.5">
          <dt className="text-xs text-muted-foreground">credits</dt>
          <dd className="font-bold">{plan.credits}</dd>
        </div>
        <div className="flex flex-col-reverse justify-end gap-0.5">
          <dt className="text-xs text-muted-foreground">per credit</dt>
          <dd className="font-bold">{formatUsd(costPerCredit(plan))}</dd>
        </div>
        <div className="flex flex-col-reverse justify-end gap-0.5">
          <dt className="text-xs text-muted-foreground">inbox managers</dt>
          <dd className="font-bold">{plan.inboxManagers}</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-3">
        {included ? <p className="text-sm font-semibold">{included}</p> : null}
        <CheckList items={points} />
      </div>
      <Button asChild size="lg" variant={plan.popular ? "default" : "outline"} className="mt-auto w-full">
        <ExternalLink href={href}>{buttonText}</ExternalLink>
      </Button>
    </Card>
  );
}
