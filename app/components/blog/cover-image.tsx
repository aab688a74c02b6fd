import { coverSrcSets, type PostImage } from "~/lib/blog";
import { cn } from "~/lib/utils";

interface CoverImageProps {
  image: PostImage;
  /** The `sizes` attribute: how wide the image is shown at each breakpoint. */
  sizes: string;
  /** Above the fold and likely the largest paint: loaded eagerly with high priority. Everything else is lazy. */
  priority?: boolean;
  className?: string;
}

/** A post cover: AVIF and WebP renditions by width (scripts/build-images.ts), 16:9, sized so nothing shifts. */
export function CoverImage({ image, sizes, priority = false, className }: CoverImageProps) {
  const sources = coverSrcSets(image.src);
  const loading = priority ? "eager" : "lazy";
  const img = (
    <img
      src={sources ? image.src.replace(/\.webp$/, "-800.webp") : image.src}
      srcSet={sources?.webp}
      sizes={sources ? sizes : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={loading}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      className={cn("aspect-video h-auto w-full bg-muted object-cover", className)}
    />
  );
  if (!sources) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      {img}
    </picture>
  );
}
