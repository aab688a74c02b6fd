// Where a download is served, apart from the list of downloads (./resources.ts), so a page that shows one file does
// not ship the whole list.

export function resourceUrl(resource: { file: string }): string {
  return `/resources/${resource.file}`;
}

/** The same file, served as an attachment: the browser saves it instead of opening it (the download that begins). */
export function resourceDownloadUrl(resource: { file: string }): string {
  return `${resourceUrl(resource)}?download`;
}
