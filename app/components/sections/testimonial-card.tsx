import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { isSiteImage, type Testimonial } from "~/content/testimonials";
import { cn } from "~/lib/utils";

export function TestimonialCard({ testimonial, className }: { testimonial: Testimonial; className?: string }) {
  const initials = testimonial.name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .replace(/[^A-Z]/gi, "")
    .slice(0, 2);
  return (
    <Card className={cn("h-full", className)}>
      <figure className="flex h-full flex-col gap-5">
        <Icon name="quote" className="size-7 text-primary" />
        <blockquote className="flex-1 text-base leading-relaxed">
          <p>“{testimonial.quote}”</p>
        </blockquote>
        <figcaption className="flex items-center gap-3">
          {testimonial.image && isSiteImage(testimonial.image.src) ? (
            <img
              src={testimonial.image.src}
              alt={testimonial.image.alt}
              width={40}
              height={40}
              loading="lazy"
              className="size-10 rounded-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="inline-flex size-10 items-center justify-center rounded-full bg-secondary text-sm font-bold text-secondary-foreground"
            >
              {initials}
            </span>
          )}
          <span className="flex flex-col">
            <span className="font-semibold">{testimonial.name}</span>
            <span className="text-sm text-muted-foreground">
              {testimonial.company ? `${testimonial.role}, ${testimonial.company}` : testimonial.role}
            </span>
          </span>
        </figcaption>
      </figure>
    </Card>
  );
}
