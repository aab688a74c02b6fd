import type { ComponentProps } from "react";
import { fieldControlClass } from "~/components/ui/input";
import { cn } from "~/lib/utils";

/** The image types an editor may upload (the server judges the bytes, decision 023); SVG is not among them. */
export const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** A file field drawn like the other fields, for the editor's images. */
export function PostFileInput({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      type="file"
      accept={IMAGE_TYPES}
      className={cn(
        fieldControlClass,
        "h-auto cursor-pointer file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground",
        className,
      )}
      {...props}
    />
  );
}

/** A chosen or stored image beside its field: the 16:9 frame covers are cropped to. */
export function ImageThumb({ src }: { src: string }) {
  return <img src={src} alt="" width={160} height={90} className="aspect-video w-40 shrink-0 rounded-md border object-cover" />;
}
