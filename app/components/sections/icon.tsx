import {
  BarChart3,
  Bot,
  Brain,
  Building2,
  Calculator,
  CalendarCheck,
  Clock,
  Compass,
  Eye,
  Gift,
  Globe,
  Inbox,
  Languages,
  ListChecks,
  Lock,
  type LucideIcon,
  Mail,
  MessageCircle,
  MessageSquare,
  PlayCircle,
  Plug,
  Repeat,
  Rocket,
  Send,
  ShieldCheck,
  Sparkles,
  Tags,
  Target,
  TrendingUp,
  Type,
  Users,
  Webhook,
  Bell,
  Zap,
} from "lucide-react";
import type { IconName } from "~/content/icons";
import { cn } from "~/lib/utils";

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
} as const satisfies Record<IconName, LucideIcon>;

/** A decorative icon named by content; the text beside it carries the meaning. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Component = icons[name];
  return <Component aria-hidden="true" className={cn("size-5", className)} />;
}

/** The rounded tinted square icons sit in on cards. */
export function IconBadge({ name, className }: { name: IconName; className?: string }) {
  return (
    <span className={cn("inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary", className)}>
      <Icon name={name} className="size-5" />
    </span>
  );
}
