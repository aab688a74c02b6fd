import type { Integration, IntegrationMark } from "~/content/integrations";
import { cn } from "~/lib/utils";

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
      {mark === "more" ? (
        <g {...common}>
          <circle cx="16" cy="16" r="11" strokeDasharray="3 3" />
          <path d="M16 11v10m-5-5h10" />
        </g>
      ) : null}
    </svg>
  );
}

export function IntegrationStrip({ integrations, className }: { integrations: readonly Integration[]; className?: string }) {
  return (
    <ul className={cn("grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5", className)}>
      {integrations.map((integration) => (
        <li
          key={integration.id}
          className={cn(
            "flex flex-col items-center gap-2 rounded-xl border bg-card px-4 py-5 text-center",
            "comingSoon" in integration && integration.comingSoon && "border-dashed",
          )}
        >
          <Mark mark={integration.mark} />
          <span className="text-sm font-semibold">{integration.name}</span>
          <span className="text-xs text-muted-foreground">{integration.detail}</span>
        </li>
      ))}
    </ul>
  );
}
