/** The note under the button is dated: launchCopy(today).register. */
export const register = {
  title: "Get Started with Replywise",
  description: "Create your account in the Replywise app and get 50 free replies. No credit card required.",
  keyFeatures: [
    "Replies to every lead in under 5 minutes, 24/7",
    "Inbox managers with their own knowledge base and style",
    "Automated follow-ups and objection handling",
    "Automatic meeting invites that cost 0 credits",
  ],
} as const;
