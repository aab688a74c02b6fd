import { OUTBOUND_PATHS } from "./outbound";

// The one place for the product's facts. URLs come from the environment as the process starts (docs/decisions/042); the
// company behind the product and its contact details are site content (app/content/company.ts, docs/decisions/043).
const config = __PUBLIC_CONFIG__;

export const site = {
  name: "Replywise",
  tagline: "Human-Like Inbox Management",
  description:
    "Replywise answers replies to your cold outbound email like a human, follows up on time and books meetings, so no lead waits more than five minutes.",
  founded: 2025,
  responseTargetMinutes: 5,
  liveChat: { timeZone: "America/Los_Angeles", opensAtHour: 9, closesAtHour: 17, label: "9am-5pm PST" },
  demo: { minutes: 30, embedHeight: 700 },
  ...config,
  /** Through the server's redirect to `${appUrl}/sign-up`, so the click counts as a goal (docs/decisions/021). */
  appSignUpUrl: OUTBOUND_PATHS.register,

  appSignInUrl: `${config.appUrl}/sign-in`,
} as const;

export type Site = typeof site;
