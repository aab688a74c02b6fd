import { PostForm } from "~/components/console/post-form";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { roadmapStatusLabels, type RoadmapStatus } from "~/content/roadmap";
import { consolePaths } from "~/lib/console/paths";

interface Item {
  id: string;
  name: string;
  status: RoadmapStatus;
  published: boolean;
}

/** A feature request's place on the roadmap (decision 036): the item it joins, or a new planned item started from it. */
export function RoadmapLinkForm({ linked, items }: { linked: string | null; items: Item[] }) {
  const current = items.find((item) => item.id === linked);
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {current ? (
          <>
            Linked to{" "}
            <a href={consolePaths.roadmapItem(current.id)} className="font-medium text-primary underline-offset-4 hover:underline">
              {current.name}
            </a>
            : it counts as the requester's vote, and they hear once when it ships.
          </>
        ) : linked ? (
          `Linked to #${linked}, which is no longer on the roadmap.`
        ) : (
          "Not on the roadmap yet. Link it to the item it asks for, or start a new one."
        )}
      </p>
      <PostForm className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="roadmap-link" />
        <Label htmlFor="roadmap-item">Roadmap item</Label>
        <NativeSelect id="roadmap-item" name="item" defaultValue={linked ?? ""}>
          <option value="">None</option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {`${item.name} (${roadmapStatusLabels[item.status]}${item.published ? "" : ", draft"})`}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" variant="outline" className="w-full">
          {linked ? "Change link" : "Link"}
        </Button>
      </PostForm>
      {linked ? null : (
        <PostForm>
          <input type="hidden" name="intent" value="roadmap-start" />
          <Button type="submit" variant="outline" className="w-full">
            Start a planned item from this request
          </Button>
        </PostForm>
      )}
    </>
  );
}
