import { createHash } from "node:crypto";
import {
  ArrowLeft,
  ArrowRight,
  BarChart3,
  Bell,
  Bot,
  Brain,
  Building2,
  Calculator,
  Calendar,
  CalendarCheck,
  CalendarDays,
  Check,
  CheckCircle2,
  CircleAlert,
  CircleCheck,
  Download,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Clock,
  Compass,
  ExternalLink,
  Eye,
  FileCode2,
  Gift,
  Globe,
  Inbox,
  Info,
  Languages,
  LifeBuoy,
  ListChecks,
  Lock,
  type LucideIcon,
  Mail,
  Menu,
  MessageCircle,
  MessageSquare,
  Moon,
  Phone,
  PlayCircle,
  Plus,
  Plug,
  Quote,
  Repeat,
  Rocket,
  Search,
  Send,
  Share2,
  ShieldCheck,
  Sparkles,
  Sun,
  Tags,
  Target,
  TrendingUp,
  Type,
  UserRound,
  Users,
  Webhook,
  X,
  Zap,
} from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { IconName } from "../content/icons";

// The site's icons as one SVG sprite, built from lucide when the site is built (vite.config.ts emits it as a hashed
// asset, cached for a year). Pages refer to a symbol with <use>, so the browser gets no icon code at all (decision 012).

const icons = {
  mail: Mail,
  type: Type,
  repeat: Repeat,
  "shield-check": ShieldCheck,
  compass: Compass,
  "bar-chart-3": BarChart3,
  "list-checks": ListChecks,
  calculator: Calculator,
  "play-circle": PlayCircle,
  inbox: Inbox,
  webhook: Webhook,
  bot: Bot,
  "calendar-check": CalendarCheck,
  users: Users,
  building: Building2,
  clock: Clock,
  zap: Zap,
  "message-square": MessageSquare,
  sparkles: Sparkles,
  globe: Globe,
  "trending-up": TrendingUp,
  target: Target,
  send: Send,
  bell: Bell,
  plug: Plug,
  brain: Brain,
  tags: Tags,
  eye: Eye,
  rocket: Rocket,
  "message-circle": MessageCircle,
  languages: Languages,
  gift: Gift,
  lock: Lock,
  "arrow-left": ArrowLeft,
  "arrow-right": ArrowRight,
  calendar: Calendar,
  "calendar-days": CalendarDays,
  check: Check,
  "check-circle": CheckCircle2,
  "circle-alert": CircleAlert,
  "circle-check": CircleCheck,
  download: Download,
  "chevron-down": ChevronDown,
  "chevron-left": ChevronLeft,
  "chevron-right": ChevronRight,
  "external-link": ExternalLink,
  "file-code": FileCode2,
  info: Info,
  "life-buoy": LifeBuoy,
  menu: Menu,
  moon: Moon,
  phone: Phone,
  plus: Plus,
  quote: Quote,
  search: Search,
  share: Share2,
  sun: Sun,
  "user-round": UserRound,
  x: X,
} as const satisfies Record<IconName, LucideIcon>;

export const ICON_NAMES = Object.keys(icons) as IconName[];

/**
 * lucide's drawing attributes (24-unit grid, 2-unit round strokes in the text colour), set on each symbol: a <use>
 * instance inherits from its symbol and from the element that uses it, so `currentColor` follows the page.
 */
const SYMBOL_ATTRIBUTES =
  'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/** One lucide icon as a symbol: the shapes lucide renders inside its <svg>, under the icon's name. */
function symbol(name: IconName, Icon: LucideIcon): string {
  const svg = renderToStaticMarkup(createElement(Icon));
  const shapes = svg.slice(svg.indexOf(">") + 1, svg.lastIndexOf("</svg>"));
  return `<symbol id="${name}" ${SYMBOL_ATTRIBUTES}>${shapes}</symbol>`;
}

export interface IconSprite {
  svg: string;
  /** Where the sprite is served: named after its content, so a changed icon set is a new URL. */
  url: string;
}

export function buildIconSprite(): IconSprite {
  const symbols = Object.entries(icons).map(([name, Icon]) => symbol(name as IconName, Icon));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
  const hash = createHash("sha256").update(svg).digest("base64url").slice(0, 8);
  return { svg, url: `/assets/icons-${hash}.svg` };
}
