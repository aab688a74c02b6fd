import type { IconCard } from "./home";

export const demoPage = {
  title: "Book a Demo",
  description: "See Replywise answer, follow up and book meetings on your own kind of replies in a 30-minute personalized demo.",
  highlights: [
    {
      icon: "clock",
      title: "30-minute personalized demo",
      description: "We walk through Replywise with your campaigns, your typical replies and your objections in mind.",
    },
    {
      icon: "calendar-check",
      title: "Flexible scheduling",
      description:
        "Pick any free slot that suits you: it is booked at once, and the booking service emails you the time and the link to join.",
    },
    {
      icon: "message-square",
      title: "Q&A session",
      description: "Bring your questions on integrations, pricing, deliverability and multi-client setups.",
    },
  ],
  phone: { title: "Prefer a phone call?", description: "Call us and we will set up a time or answer your questions right away." },
  start: { title: "Rather try it yourself?", description: "Start with 50 free replies. No credit card required." },
  /** /demo/booked: where the booking service sends the visitor after booking. It knows nothing of the booking itself. */
  booked: {
    title: "Thanks for booking a demo",
    description: "Your time is reserved with our booking service. Here is what happens next.",
    steps: [
      {
        icon: "mail",
        title: "Check your inbox",
        description: "The booking service emails you the time, the link to join and a way to reschedule.",
      },
      {
        icon: "calendar-check",
        title: "We prepare for your call",
        description: "Someone from our team reads up on your campaigns before the call and may email you a question or two.",
      },
      {
        icon: "message-square",
        title: "Bring your questions",
        description: "Integrations, pricing, deliverability, multi-client setups: all welcome.",
      },
    ],
  },
} as const satisfies {
  title: string;
  description: string;
  highlights: readonly IconCard[];
  phone: { title: string; description: string };
  start: { title: string; description: string };
  booked: { title: string; description: string; steps: readonly IconCard[] };
};
