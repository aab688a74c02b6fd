export interface FaqEntry {
  question: string;
  answer: string;
}

/** The six questions of the home page FAQ (also published as FAQPage structured data). */
export const faq = [
  {
    question: "How does Replywise connect to my cold email tool?",
    answer:
      "You connect your sending tool through its API and add the Replywise webhook. From then on every reply is forwarded the moment it arrives, and answers go back out through the same mailbox, so the lead sees one continuous thread.",
  },
  {
    question: "Will leads know they are talking to an AI?",
    answer:
      "Replies are written in your voice from your own knowledge base, trigger keywords and response style, and they read like a thoughtful human answer. You decide the tone per inbox manager, and manual review mode lets you approve anything before it goes out.",
  },
  {
    question: "What counts as a credit?",
    answer:
      "1 credit = 1 reply. Meeting invites cost 0 credits, and Replywise detects meetings that are already booked so no duplicate invite is sent. Every new account starts with 50 free replies.",
  },
  {
    question: "Can I manage several clients?",
    answer:
      "Yes. Each inbox manager belongs to one client and has its own knowledge base, keywords, tags and style. Multi-client management is included in the Professional and Agencies plans.",
  },
  {
    question: "How fast are replies sent?",
    answer:
      "The target is under 5 minutes, 24/7, in every time zone and language. You can also route certain reply types to a person and be notified by chat or e-mail.",
  },
  {
    question: "Do I need a credit card to start?",
    answer:
      "No. You get 50 free replies without a credit card. Paid plans are billed monthly and you can change or cancel them at any time from the application.",
  },
] as const satisfies readonly FaqEntry[];
