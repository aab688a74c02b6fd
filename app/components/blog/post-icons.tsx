import { CalendarDays, Clock, UserRound } from "lucide-react";
import { createContext, use, type ReactNode } from "react";

const ICONS = { calendar: CalendarDays, clock: Clock, author: UserRound } as const;
export type PostIconName = keyof typeof ICONS;

const SpriteContext = createContext(false);

/**
 * For a page of many cards: each icon is drawn once here and every card refers to it with <use>, about 100 bytes of
 * HTML instead of 500 per icon. Outside this provider (a post, the home page's three cards) icons are drawn in place.
 */
export function PostIconSprite({ children }: { children: ReactNode }) {
  return (
    <SpriteContext value={true}>
      <svg aria-hidden="true" className="hidden">
        {Object.entries(ICONS).map(([name, Icon]) => (
          <symbol key={name} id={`post-icon-${name}`} viewBox="0 0 24 24">
            <Icon />
          </symbol>
        ))}
      </svg>
      {children}
    </SpriteContext>
  );
}

export function PostIcon({ name, className }: { name: PostIconName; className?: string }) {
  const sprite = use(SpriteContext);
  if (!sprite) {
    const Icon = ICONS[name];
    return <Icon aria-hidden="true" className={className} />;
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className}>
      <use href={`#post-icon-${name}`} />
    </svg>
  );
}
