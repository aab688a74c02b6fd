import type { MetaDescriptor } from "react-router";
import { coverSrcSets, type PostImage } from "./post";
import { cn } from "~/lib/utils";

interface CoverImageProps {
  image: PostImage;
  /** The `sizes` attribute: how wide the image is shown at each breakpoint. */
  sizes: string;
  /** Above the fold and likely the largest paint: loaded eagerly with high priority. Everything else is lazy. */
  priority?: boolean;
  className?: string;
}

/**
 * A head link that starts the above-the-fold cover (the page's largest paint) before the app's scripts, in the
 * format and width the <picture> below will choose. Browsers without AVIF ignore it and find the WebP as usual.
 */
export function coverPreload(image: PostImage, sizes: string): MetaDescriptor[] {
  const sources = coverSrcSets(image.src);
  if (!sources) return [];
  return [
    {
      tagName: "link",
      rel: "preload",
      as: "image",
      type: "image/avif",
      imageSrcSet: sources.avif,
      imageSizes: sizes,
      fetchPriority: "high",
    },
  ];
}

/** A post cover: AVIF and WebP renditions by width (scripts/build-images.ts), 16:9, sized so nothing shifts. */
export function CoverImage({ image, sizes, priority = false, className }: CoverImageProps) {
  const sources = coverSrcSets(image.src);
  const loading = priority ? "eager" : "lazy";
  const wrapped = Boolean(sources && priority && image.placeholder);
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
      fetchPriority={priority ? "high" : undefined}
      className={cn("aspect-video h-auto w-full object-cover", wrapped ? "h-full" : cn("bg-muted", className))}
    />
  );
  if (!sources) return img;
  const picture = (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes={sizes} />
      {img}
    </picture>
  );
  if (!wrapped || !image.placeholder) return picture;
  // The vector source paints with the document; the raster covers it when it arrives (same box, no shift).
  return (
    <div className={cn("overflow-hidden bg-cover bg-center", className)} style={{ backgroundImage: `url("${image.placeholder}")` }}>
      {picture}
    </div>
  );
}
