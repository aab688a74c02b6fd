// Script of the Cold Email Masterclass video. scripts/build-masterclass-video.ts draws one slide per entry and
// narrates `narration` with espeak-ng; the rendered MP4 is committed in ./media.

export interface MasterclassSlide {
  /** Short label above the title, e.g. the part of the course. */
  part: string;
  title: string;
  /** Three to five short points shown on the slide (the title slide has none). */
  bullets: readonly string[];
  narration: string;
}

export const masterclassTitle = "Cold Email Masterclass";
export const masterclassSubtitle = "From the first email to a booked meeting";

export const masterclassSlides = [
  {
    part: "Welcome",
    title: masterclassTitle,
    bullets: [],
    narration:
      "Welcome to the Replywise cold email masterclass. In the next few minutes we will walk through the whole system that turns cold outreach into booked meetings: protecting your sending reputation, choosing who to write to, writing emails people answer, following up, and answering every reply within minutes. Every step comes with numbers you can check in your own campaigns.",
  },
  {
    part: "Part 1 · The system",
    title: "How cold email really works",
    bullets: [
      "Reach the inbox, not the spam folder",
      "Write to people with a reason to care",
      "Earn the reply with a short, specific email",
      "Follow up with something new each time",
      "Answer every reply within minutes",
    ],
    narration:
      "Cold email is a chain, and it is only as strong as its weakest link. First, your email has to reach the inbox. Then it has to reach the right person, at the right moment. The message has to earn a reply, the follow ups have to add something new, and when someone answers, they need an answer fast. Most teams polish the copy and ignore the rest. We will cover every link.",
  },
  {
    part: "Part 2 · Deliverability",
    title: "Protect your sending reputation",
    bullets: [
      "Send from separate domains, never your main one",
      "Set up SPF, DKIM and DMARC on every domain",
      "Warm up new inboxes for two to three weeks",
      "Cap each inbox at 30 to 50 cold emails a day",
    ],
    narration:
      "Never send cold email from your main company domain. Register a few sending domains that are clearly yours, and give each two or three inboxes with real names. Publish SPF, DKIM and DMARC records so providers can verify your mail. Warm up every new inbox for two to three weeks before the first campaign, and keep each inbox to thirty to fifty cold emails a day. To send more, add inboxes, not pressure.",
  },
  {
    part: "Part 2 · Deliverability",
    title: "Stay inside the Gmail and Yahoo rules",
    bullets: [
      "Spam complaints under 0.1%, never 0.3%",
      "Bounces under 2% of sent emails",
      "Authenticate, and align with your From domain",
      "Make opting out easy and honor it at once",
    ],
    narration:
      "Since February 2024, Gmail and Yahoo enforce clear rules for senders. Keep your spam complaint rate under zero point one percent, and never let it reach zero point three percent. Keep hard bounces under two percent by verifying every address before you send. Authenticate your mail, and make opting out effortless. A simple line such as: reply no and I will not write again, turns complaints into replies.",
  },
  {
    part: "Part 3 · Targeting",
    title: "Choose who to write to",
    bullets: [
      "Build your ideal customer profile from best customers",
      "Write to the person who feels the problem",
      "Lead with a trigger: hiring, funding, a new leader",
      "Verify every address before it enters a sequence",
    ],
    narration:
      "Reply rates are decided before anyone writes a word. Build your ideal customer profile from your ten best customers, and write down who you will not target. Write to the person who feels the problem every day. Look for triggers that make your offer timely: a company hiring sales reps, a funding round, a new sales leader. And verify every address, because a clean list protects both your results and your domains.",
  },
  {
    part: "Part 4 · The message",
    title: "Write emails people answer",
    bullets: [
      "Under 120 words, plain text",
      "First line about them, not about you",
      "One proof point, not three",
      "End with one question about interest",
    ],
    narration:
      "A good cold email is short enough to read on a phone between meetings. Keep it under one hundred and twenty words, in plain text. Open with something about them: a trigger, an observation, or a sharp question. Name the problem in their words, add one proof point, and end with a single question about interest, such as: worth a look? Ask for the meeting after they say yes, not before.",
  },
  {
    part: "Part 4 · The message",
    title: "Subject lines that get opened",
    bullets: [
      "Two to five words, lower case",
      "Reads like a note from a colleague",
      "Matches what the email delivers",
      "Never a fake Re: or Fwd:",
    ],
    narration:
      "The subject line has one job: to get the email opened without looking like a campaign. Two to five words, lower case, like a note from a colleague. Make sure the body delivers what the subject promises. Never fake a thread with R E or forward on a first email. And test subject lines on replies, not opens, because privacy features in mail apps now record many opens automatically.",
  },
  {
    part: "Part 5 · Follow-ups",
    title: "Follow up with something new",
    bullets: [
      "Day 0: a relevant reason and one question",
      "Day 3: give something useful",
      "Day 7: a different angle",
      "Day 14: close the loop politely",
      "Any reply stops the sequence",
    ],
    narration:
      "Most replies come after the first email. Use four touches over fourteen days. On day zero, a relevant reason and one question. On day three, give something useful, with no new ask. On day seven, try a different angle. On day fourteen, close the loop and make it easy to say not now. Every follow up adds something new, and any reply, even an out of office, stops the sequence.",
  },
  {
    part: "Part 6 · Replies",
    title: "Answer every reply within minutes",
    bullets: [
      "Interest fades by the hour",
      "Within an hour: 7x more likely to qualify",
      "Aim for under five minutes, around the clock",
      "Evenings and weekends count too",
    ],
    narration:
      "Here is the step most teams lose. Research published in the Harvard Business Review found that companies which responded to leads within an hour were nearly seven times as likely to qualify them as those that waited longer. An interested prospect who waits until Monday has often moved on. Aim to answer every reply in under five minutes, including evenings and weekends, when many of the most engaged prospects write back.",
  },
  {
    part: "Part 6 · Replies",
    title: "Give each reply the right answer",
    bullets: [
      "Interested: propose two times and a booking link",
      "Not now: agree a date to check back",
      "Wrong person: ask who owns it",
      "Unsubscribe: remove at once, everywhere",
      "Out of office: pause until they return",
    ],
    narration:
      "Every reply falls into a handful of categories, and each has a right answer. Interested: thank them and propose two specific times, with a booking link as an alternative. Not now: agree on a date and set the reminder straight away. Wrong person: ask who owns the problem. Unsubscribe: remove the address from every campaign at once. Out of office: pause the sequence until they are back.",
  },
  {
    part: "Part 7 · Analytics",
    title: "Measure what matters",
    bullets: [
      "Reply rate: 3 to 8% is healthy",
      "Positive reply rate: 1 to 3%",
      "Meetings booked from positive replies: 40 to 70%",
      "Speed-to-lead: under five minutes",
    ],
    narration:
      "Measure people, not emails, and use delivered contacts as the base. A healthy reply rate over a full sequence is three to eight percent, with one to three percent positive. Forty to seventy percent of positive replies should become meetings. Track your speed to lead as a median and a ninetieth percentile. And treat open rates as a rough signal at best: replies tell you far more.",
  },
  {
    part: "Next steps",
    title: "Put it to work this week",
    bullets: [
      "Check authentication and bounce rates",
      "Pick one segment with a real trigger",
      "Rewrite the first email in under 120 words",
      "Make sure every reply gets an answer in minutes",
    ],
    narration:
      "Here is your plan for this week. Check that every sending domain passes SPF, DKIM and DMARC, and that bounces stay under two percent. Pick one segment with a real trigger. Rewrite your first email in under one hundred and twenty words, with one question. And make sure every reply gets an answer within minutes. Replywise does that last part for you, around the clock. Thanks for watching.",
  },
] as const satisfies readonly MasterclassSlide[];
