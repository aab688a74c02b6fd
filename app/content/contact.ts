export const contactPage = {
  title: "Get In Touch",
  description: "Questions about Replywise, pricing or a custom plan? Write, call or chat with the team.",
  email: { title: "Email", description: "Questions about Replywise, pricing or a custom plan. We answer within one business day." },
  phone: { title: "Phone", description: "For urgent matters." },
  chat: { title: "Live chat", description: "Talk to the team in real time." },
  form: { title: "Send us a message", description: "Tell us what you need and we will get back to you as soon as possible." },
  support: {
    title: "Looking for customer support?",
    description: "Existing customers find guides and answers in the support portal, or can email the support team directly.",
  },
  demo: {
    title: "Interested in a demo?",
    description: "See Replywise answer real replies in a 30-minute personalized walkthrough.",
  },
} as const;
