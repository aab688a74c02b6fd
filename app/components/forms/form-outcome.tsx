import { Icon } from "~/components/ui/icon";
import type { FormName } from "~/lib/forms/names";
import { resultNotice, type FormResult } from "~/lib/forms/result";
import { cn } from "~/lib/utils";

/** The result of a form posted without JavaScript, shown above the form on its own page. */
export function FormOutcome({ name, result, className }: { name: FormName; result: FormResult | undefined; className?: string }) {
  if (!result) return null;
  const { tone, notice } = resultNotice(name, result);
  return (
    <div
      role={tone === "success" ? "status" : "alert"}
      className={cn(
        "flex gap-3 rounded-lg border p-4",
        tone === "success" ? "border-primary/40 bg-primary/5" : "border-destructive/50 bg-destructive/5",
        className,
      )}
    >
      <Icon
        name={tone === "success" ? "circle-check" : "circle-alert"}
        className={cn("mt-0.5 size-5 shrink-0", tone === "success" ? "text-primary" : "text-destructive")}
      />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{notice.title}</p>
        {notice.description ? <p className="text-sm text-muted-foreground">{notice.description}</p> : null}
      </div>
    </div>
  );
}
