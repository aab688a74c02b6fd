import { Icon } from "~/components/ui/icon";

// Where the forms' page script (app/lib/page-scripts/lead-forms.ts) shows its toasts, without React or sonner
// (decision 041): an empty live region from the start, so a screen reader announces what is added, and one template
// a kind, which the script copies and fills in. The spec's settings: at most 3, 4000 ms each, bottom-right; the colours
// are sonner's rich ones, as before.

// Their colours and sonner's 13 px are in app/styles/app.css ([data-toast]): a stylesheet's, not class names', so the
// copy rules read no percentages in them and cn() has no arbitrary size to take for a colour.
const KINDS = {
  success: { icon: "circle-check" },
  error: { icon: "circle-alert" },
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
        {Object.entries(KINDS).map(([kind, { icon }]) => (
          <template key={kind} data-toast-template={kind}>
            <li
              data-toast=""
              data-type={kind}
              className="pointer-events-auto relative flex w-full items-center gap-1.5 rounded-lg border p-4 font-sans leading-normal"
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
