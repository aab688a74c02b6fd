import { site } from "./site";

/** The story's last paragraph is dated: launchCopy(today).story follows these. */
export const about = {
  title: "About Replywise",
  description: "A small team building the inbox manager we wished we had when we ran cold outbound ourselves.",
  story: {
    title: "Our Story",
    paragraphs: [
      `Replywise was founded in ${site.founded} by people who spent years running cold outbound for their own companies and for agency clients. We kept seeing the same thing: campaigns that worked, replies that came in, and leads that went cold because nobody answered until the next morning.`,
      "Sorting replies, answering the same objections and chasing calendar slots ate whole days every week. So we built an inbox manager that does it the way a good rep would: it reads the reply, understands what the lead wants, answers in the right tone and books the meeting.",
    ],
  },
  mission: {
    title: "Our Mission",
    paragraphs: [
      "No lead should wait more than 5 minutes for an answer, at any hour, in any time zone or language.",
      "We want every team that sends cold email to answer like its best rep on its best day, while people spend their time on the conversations that need a human.",
    ],
  },
  values: [
    { icon: "zap", title: "Speed matters", description: "Fast answers win deals. Every product decision starts there." },
    {
      icon: "message-square",
      title: "Human first",
      description: "Replies should read like a person wrote them, because a person would have.",
    },
    { icon: "lock", title: "Your data is yours", description: "Each client's knowledge base stays with that client's inbox manager." },
  ],
} as const;
