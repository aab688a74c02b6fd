import { Badge } from "~/components/ui/badge";
import { availabilityLabels, type Availability, type IntegrationMark } from "~/content/capabilities";
import { cn } from "~/lib/utils";

interface IntegrationTool {
  id: string;
  name: string;
  kind: string;
  mark: IntegrationMark;
  availability: Availability;
}

// Our own simple marks for each kind of tool: no third-party logos are shown or fetched.
function Mark({ mark }: { mark: IntegrationMark }) {
  const common = { fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } as const;
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="size-8 text-primary">
      {mark === "send" ? (
        <g {...common}>
          <path d="M5 15.5 27 6l-7.5 21-4.2-8.3z" />
          <path d="m15.3 18.7 5.2-5.2" />
        </g>
      ) : null}
      {mark === "outbound" ? (
        <g {...common}>
          <rect x="4" y="8" width="18" height="14" rx="2" />
          <path d="m4 10 9 6 9-6" />
          <path d="M22 21h6m-3-3 3 3-3 3" />
        </g>
      ) : null}
      {mark === "calendar" ? (
        <g {...common}>
          <rect x="5" y="7" width="22" height="20" rx="3" />
          <path d="M5 13h22M11 4v5m10-5v5" />
          <path d="m12 20 3 3 5-6" />
        </g>
      ) : null}
      {mark === "link" ? (
        <g {...common}>
          <path d="M14 18a5 5 0 0 0 7 0l4-4a5 5 0 0 0-7-7l-1.5 1.5" />
          <path d="M18 14a5 5 0 0 0-7 0l-4 4a5 5 0 0 0 7 7l1.5-1.5" />
        </g>
      ) : null}
      {mark === "chat" ? (
        <g {...common}>
          <path d="M6 8h20a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H14l-6 5v-5H6a2 2 0 0 1-2-2V10a2 2 0 0 1 2-2z" />
          <path d="M10 14h12m-12 4h8" />
        </g>
      ) : null}
      {mark === "crm" ? (
        <g {...common}>
          <circle cx="12" cy="12" r="4" />
          <path d="M5 25a7 7 0 0 1 14 0" />
          <path d="M21 10h7m-7 5h7m-5 5h5" />
        </g>
      ) : null}
    </svg>
  );
}

/** The named tools Replywise connects to, each with its availability, so a buyer can check their own stack. */
export function IntegrationStrip({ tools, className }: { tools: readonly IntegrationTool[]; className?: string }) {
  return (
    <ul className={cn("grid grid-cols-2 gap-4 sm:grid-cols-4", className)}>
      {tools.map((tool) => {
        const available = tool.availability === "available";
        return (
          <li
            key={tool.id}
            className={cn(
              "flex flex-col items-center gap-2 rounded-xl border bg-card px-4 py-5 text-center",
              !available && "border-dashed",
            )}
          >
            <Mark mark={tool.mark} />
            <span className="text-sm font-semibold">{tool.name}</span>
            <span className="text-xs text-muted-foreground">{tool.kind}</span>
            <Badge variant={available ? "success" : "outline"} className={available ? undefined : "text-muted-foreground"}>
              {availabilityLabels[tool.availability]}
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}
