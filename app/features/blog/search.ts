// The blog's search index: built once per build (also served as a static JSON file) and searched by the server, which
// answers /blog?q= (the list's GET form, decision 031).
import { normaliseCategory, toPostSummary, type BlogFilters, type PostSummary, type SearchablePost } from "./post";

/**
 * An inverted index. Search finds a query word anywhere inside a word of a post (matchesQuery in post.ts), so the
 * index keeps each post's distinct lowercase words, minus those inside another word of the same post (what is found
 * in "reply" is found in "replying" too), and lists for every word the posts that hold it: far fewer bytes than every
 * post's words side by side, since most words recur from post to post (docs/decisions/011-blog-at-scale.md).
 */
export interface BlogSearchIndex {
  version: 1;
  /** Every post, newest first: what a result shows. */
  posts: PostSummary[];
  /** The distinct words, sorted, joined by spaces (a word never holds whitespace). */
  words: string;
  /** For each word, in the same order, the positions in `posts` of the posts that hold it (encodePositions), joined by spaces. */
  postings: string;
}

/** The words a query can be found in: those of the title, body, excerpt, category and tags, lowercase. */
function postWords(post: SearchablePost): string[] {
  const words = new Set([post.title, post.searchText, post.excerpt, post.category, ...post.tags].join(" ").toLowerCase().split(/\s+/));
  words.delete("");
  // Longest first: a word is kept only when no kept word already contains it.
  let kept = "";
  const result: string[] = [];
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    if (kept.includes(word)) continue;
    kept += `\n${word}`;
    result.push(word);
  }
  return result;
}

// Positions are written as ascending gaps in base 32, five bits a character, lowest first: a character of CONTINUE
// says more follow, one of LAST ends the number. Neither alphabet holds a space, a quote or a backslash.
const CONTINUE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef";
const LAST = "ghijklmnopqrstuvwxyz0123456789-_";

export function encodePositions(positions: readonly number[]): string {
  let out = "";
  let previous = -1;
  for (const position of positions) {
    let gap = position - previous - 1;
    previous = position;
    while (gap >= 32) {
      out += CONTINUE[gap % 32];
      gap = Math.floor(gap / 32);
    }
    out += LAST[gap];
  }
  return out;
}

export function decodePositions(encoded: string): number[] {
  const positions: number[] = [];
  let previous = -1;
  let value = 0;
  let scale = 1;
  for (const char of encoded) {
    const more = CONTINUE.indexOf(char);
    if (more >= 0) {
      value += more * scale;
      scale *= 32;
      continue;
    }
    const last = LAST.indexOf(char);
    if (last < 0) throw new Error(`Blog search index: unexpected "${char}" in a posting list`);
    previous += value + last * scale + 1;
    positions.push(previous);
    value = 0;
    scale = 1;
  }
  return positions;
}

/** The index of the given posts (newest first, as the list shows them). */
export function buildSearchIndex(posts: readonly SearchablePost[]): BlogSearchIndex {
  const holders = new Map<string, number[]>();
  posts.forEach((post, position) => {
    for (const word of postWords(post)) {
      const list = holders.get(word);
      if (list) list.push(position);
      else holders.set(word, [position]);
    }
  });
  const words = [...holders.keys()].sort();
  return {
    version: 1,
    posts: posts.map(toPostSummary),
    words: words.join(" "),
    postings: words.map((word) => encodePositions(holders.get(word) ?? [])).join(" "),
  };
}

export type BlogSearch = (filters: BlogFilters) => PostSummary[];

/** Search over an index, with the rules of filterPosts (post.ts): every query word, any letter case, order kept. */
export function createSearch(index: BlogSearchIndex): BlogSearch {
  const words = index.words === "" ? [] : index.words.split(" ");
  const postings = index.postings === "" ? [] : index.postings.split(" ");
  const decoded = new Map<number, number[]>();
  const holdersOf = (wordIndex: number) => {
    let positions = decoded.get(wordIndex);
    if (!positions) decoded.set(wordIndex, (positions = decodePositions(postings[wordIndex] ?? "")));
    return positions;
  };

  return ({ query, category }) => {
    const wanted = normaliseCategory(category)?.toLowerCase();
    const terms = [...new Set((query ?? "").toLowerCase().split(/\s+/).filter(Boolean))];
    // The posts holding every query word so far (all of them before the first word).
    let matching = new Set(index.posts.keys());
    for (const term of terms) {
      const holding = new Set<number>();
      words.forEach((word, wordIndex) => {
        if (!word.includes(term)) return;
        for (const position of holdersOf(wordIndex)) if (matching.has(position)) holding.add(position);
      });
      matching = holding;
    }
    return index.posts.filter((post, position) => matching.has(position) && (!wanted || post.category.toLowerCase() === wanted));
  };
}
