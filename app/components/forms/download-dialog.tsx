import type { Resource } from "~/content/resources";

// Stub: the lead-capture issue replaces this with the real dialog; it renders its own 'Download Resource' trigger.
export function DownloadDialog({ resource }: { resource: Resource }) {
  return <a href={`/forms/download?resource=${resource.id}`}>Download Resource</a>;
}
