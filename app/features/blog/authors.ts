// Who writes the blog: one line per author, shown at the end of each of their posts. Keyed by the name in the
// post's `author` field; the line uses the first name, as the byline above the post already gives the full one.

export interface Author {
  name: string;
  bio: string;
}

export const authors = [
  {
    name: "Daniel Brooks",
    bio: "Daniel runs customer onboarding at Replywise. Before that he spent six years setting up and running cold outbound for B2B agencies and their clients.",
  },
  {
    name: "Priya Raman",
    bio: "Priya is a co-founder of Replywise and leads the product. She ran lead generation for SaaS companies and agencies before starting Replywise in 2025.",
  },
  {
    name: "Sofia Lindqvist",
    bio: "Sofia writes the reply playbooks at Replywise. She spent eight years as an SDR and sales coach, answering and reviewing thousands of replies to cold email.",
  },
] as const satisfies readonly Author[];

export function getAuthor(name: string): Author | undefined {
  return authors.find((author) => author.name === name);
}
