// The roadmap votes feature's public module for the browser and the server alike (decision 039): what other features, the routes,
// the components, the server and the tests may use of it. Only modules a page may load: components, types, words.

export { RoadmapVote } from "./item-votes";
export { RoadmapLinkForm } from "./roadmap-link";
export { RoadmapVoteForm } from "./vote-form";
export { voteConfirmPage, withdrawPage } from "./words";
