import { Icon } from "~/components/ui/icon";

// Where the forms' page script (app/lib/page-scripts/lead-forms.ts) shows its toasts, without React or sonner
// (decision 041): an empty live region from the start, so a screen reader announces what is added, and one template
// a kind, which the script copies and fills in. The spec's settings: at most 3, 4000 ms each, bottom-right; the colours
// are sonner's rich ones, as before.

const KINDS = {
  success: {
    icon: "circle-check",
    className:
      "border-[hsl(145,92%,87%)] bg-[hsl(143,85%,96%)] text-[hsl(140,100%,27%)] dark:border-[hsl(147,100%,12%)] dark:bg-[hsl(150,100%,6%)] dark:text-[hsl(150,100%,75%)]",
  },
  error: {
    icon: "circle-alert",
    className:
      "border-[hsl(359,100%,94%)] bg-[hsl(359,100%,97%)] text-[hsl(360,100%,45%)] dark:border-[hsl(357,89%,16%)] dark:bg-[hsl(358,76%,10%)] dark:text-[hsl(358,100%,81%)]",
  },
} as const;

export function FormToasts() {
  return (
    <section
      aria-label="Notifications"
      data-toaster=""
      data-x-position="right"
      data-y-position="bottom"
      className="pointer-events-none fixed right-4 bottom-4 left-4 z-[100] sm:left-auto sm:w-[356px] md:right-6 md:bottom-6"
    >
      <ol aria-live="polite" aria-relevant="additions text" className="flex flex-col gap-2">
        {Object.entries(KINDS).map(([kind, { icon, className }]) => (
          <template key={kind} data-toast-template={kind}>
            <li
              data-toast=""
              data-type={kind}
              // Joined, not merged: cn() would take the arbitrary colour for a font size and drop the 13 px.
              className={`pointer-events-auto relative flex w-full items-center gap-1.5 rounded-lg border p-4 font-sans text-[13px] leading-normal shadow-[0_4px_12px_rgba(0,0,0,0.1)] ${className}`}
            >
              <Icon name={icon} className="mr-1 size-5 shrink-0" />
              <div className="flex flex-col gap-0.5">
                <p data-toast-title="" className="font-medium" />
                <p data-toast-description="" />
              </div>
              <button
                type="button"
                data-toast-close=""
                aria-label="Close toast"
                className="absolute -top-2 -left-2 flex size-5 items-center justify-center rounded-full border border-border bg-background text-foreground"
              >
                <Icon name="x" className="size-3" />
              </button>
            </li>
          </template>
        ))}
      </ol>
    </section>
  );
}
