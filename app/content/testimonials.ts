export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  company?: string;
  /** A picture of the person, with its description; without one the card shows the initials. */
  image?: { src: string; alt: string };
}

/** A picture this site serves (the CSP allows no other host): a path under /images/, no way out of it. */
export const isSiteImage = (src: string) => /^\/images\/(?!.*\.\.)[\w\-./]+$/.test(src);

export const testimonials = [
  {
    quote:
      "We used to answer positive replies the next morning. Now they get a thoughtful answer in minutes and the meeting is often booked before I open my laptop.",
    name: "Maya R.",
    role: "Founder, B2B lead-generation agency",
  },
  {
    quote:
      "Each of our clients has its own inbox manager with its own tone. The replies sound like them, not like a bot, and our reporting finally shows response times.",
    name: "Daniel K.",
    role: "Head of Delivery, outbound agency",
  },
  {
    quote: "The objection handling surprised me. 'Send me more info' and 'not right now' replies turn into calls instead of dead threads.",
    name: "Priya S.",
    role: "Sales Lead, SaaS startup",
  },
] as const satisfies readonly Testimonial[];
