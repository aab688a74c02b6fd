import { Button } from "~/components/ui/button";
import { PostForm } from "./post-form";
import { Section } from "./section";

/** A kept revision of what an editor edits (a collection, a campaign page): its version, kind, who and when. */
export interface RevisionLine {
  id: number;
  version: number;
  kind: "draft" | "published";
  actor: string;
  /** When, as the page words it. */
  when: string;
}

/** The last revisions, each restorable as the draft over the version the page was opened with. */
export function RevisionList({ revisions, version }: { revisions: readonly RevisionLine[]; version: number }) {
  return (
    <Section title="Revisions">
      <p className="text-sm text-muted-foreground">The last 20 drafts and publications. Restoring one makes it the draft.</p>
      <ul className="flex flex-col gap-2">
        {revisions.map((revision) => (
          <li key={revision.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>
              Version {revision.version}, {revision.kind === "published" ? "published" : "draft"} by {revision.actor}, {revision.when}
            </span>
            <PostForm>
              <input type="hidden" name="version" value={version} />
              <input type="hidden" name="revision" value={revision.id} />
              <Button type="submit" name="intent" value="restore" size="sm" variant="outline">
                Restore version {revision.version}
              </Button>
            </PostForm>
          </li>
        ))}
      </ul>
    </Section>
  );
}
