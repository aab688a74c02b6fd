import type { IconName } from "~/content/icons";

/**
 * A decorative icon: the text beside it carries the meaning. It refers to its symbol in the site's sprite
 * (scripts/support/icon-sprite.ts), so it costs a few bytes of markup and no script. 24 px unless a class sizes it.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" width="24" height="24" className={className}>
      <use href={`${__ICON_SPRITE_URL__}#${name}`} />
    </svg>
  );
}
