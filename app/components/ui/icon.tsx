import {
  ArrowRight, ArrowUp, Briefcase, Building2, Calculator, Calendar, Check, ChevronDown, ChevronLeft,
  ChevronRight, Cog, Cpu, Download, Factory, FileText, Gift, Globe, GraduationCap, Handshake, HardHat,
  HeartPulse, Home, Landmark, Mail, MapPin, Menu, MessageCircle, Minus, Pause, Phone, Play, Plus, Quote,
  Scale, Search, ShieldCheck, Sparkles, Star, Truck, Umbrella, Users, Wallet, X, type LucideIcon,
} from "lucide-react";
import type { SVGProps } from "react";

// Brand marks are not in the icon set; these are plain geometric stand-ins drawn for this site.
function LinkedInMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" {...props}>
      <rect x="2" y="2" width="20" height="20" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M7 10h2.4v7H7zM8.2 6.3a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6zM11 10h2.3v1c.4-.7 1.3-1.2 2.4-1.2 2 0 2.6 1.3 2.6 3.2v4h-2.4v-3.6c0-.9-.3-1.5-1.1-1.5-.9 0-1.4.6-1.4 1.6V17H11z" />
    </svg>
  );
}
function XMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" {...props}>
      <path d="M4 3h4.6l4.2 5.9L17.9 3H20l-6.3 7.3L21 21h-4.6l-4.6-6.4L6.2 21H4l6.9-7.9z" />
    </svg>
  );
}
function FacebookMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" {...props}>
      <path d="M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.6 1.6-1.6h1.7V4.4c-.3 0-1.3-.1-2.5-.1-2.5 0-4.1 1.5-4.1 4.2v2.3H7.4V14h2.8v8z" />
    </svg>
  );
}

const icons = {
  "arrow-right": ArrowRight,
  "arrow-up": ArrowUp,
  briefcase: Briefcase,
  building: Building2,
  calculator: Calculator,
  calendar: Calendar,
  check: Check,
  "chevron-down": ChevronDown,
  "chevron-left": ChevronLeft,
  "chevron-right": ChevronRight,
  cog: Cog,
  cpu: Cpu,
  download: Download,
  factory: Factory,
  "file-text": FileText,
  gift: Gift,
  globe: Globe,
  "graduation-cap": GraduationCap,
  handshake: Handshake,
  "hard-hat": HardHat,
  "heart-pulse": HeartPulse,
  home: Home,
  landmark: Landmark,
  mail: Mail,
  "map-pin": MapPin,
  menu: Menu,
  message: MessageCircle,
  minus: Minus,
  pause: Pause,
  phone: Phone,
  play: Play,
  plus: Plus,
  quote: Quote,
  scale: Scale,
  search: Search,
  shield: ShieldCheck,
  sparkles: Sparkles,
  star: Star,
  truck: Truck,
  umbrella: Umbrella,
  users: Users,
  wallet: Wallet,
  x: X,
  linkedin: LinkedInMark,
  "x-social": XMark,
  facebook: FacebookMark,
} satisfies Record<string, LucideIcon | ((props: SVGProps<SVGSVGElement>) => React.JSX.Element)>;

export type IconName = keyof typeof icons;

interface IconProps {
  name: IconName;
  className?: string;
}

/** Every icon on the site. Decorative: the control or text beside it carries the name. */
export function Icon({ name, className = "size-6" }: IconProps) {
  const Glyph = icons[name];
  return <Glyph aria-hidden="true" focusable="false" className={className} />;
}
