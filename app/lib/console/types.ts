import type { Area, Role } from "./roles";

// What the console's shared queries hand its pages (the frame's session, the audit log): plain data, importable by
// components.

export interface AuditEntry {
  id: number;
  createdAt: Date;
  actor: string;
  action: string;
  detail: Record<string, unknown>;
}

/** What the console's layouts' loaders (routes/console-layout.tsx, routes/console-editor-layout.tsx) give every operator page. */
export interface ConsoleSession {
  email: string;
  role: Role;
  /** What the role reaches (app/lib/console/roles.ts): the menu shows these and nothing else. */
  areas: Area[];
  /** The session's anti-forgery token, for every state-changing form. */
  csrfToken: string;
  newLeads: number;
  /** The people on the account's Today (decision 044): follow-ups overdue and due, new hand-raisers. */
  today: number;
  failedJobs: number;
  /** Posts held as spam, waiting for someone to look. */
  heldSpam: number;
  /** The operator's time zone (an IANA name, UTC until chosen on the account page): every console time is written in it. */
  timeZone: string;
  /** When the page was rendered (ISO): what "12 min ago" is relative to, the same on the server and in a hydrating editor. */
  now: string;
  /** The company's details still placeholders, in the console's words ("phone"): the frame's banner names them (decision 043). */
  companyPlaceholders: string[];
}
