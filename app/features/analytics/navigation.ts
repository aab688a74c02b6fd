// The loader of a page with nothing to load. Without a loader, a hydrated page's client-side navigation to it fetches
// nothing from the server and the view is never counted; with one it fetches the page's `.data`, which is counted
// (decision 021), and it stays right when the page ships no JavaScript (then the link is a full page load).

export function countedNavigation() {
  return null;
}
