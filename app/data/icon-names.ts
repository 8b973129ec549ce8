// Every icon the site may name. scripts/make-icon-sprite.ts draws each one into
// app/assets/icons.svg; add a name here, then rerun that script.
export const iconNames = [
  "arrow-right", "arrow-up", "briefcase", "building", "calculator", "calendar", "check", "chevron-down",
  "chevron-left", "chevron-right", "cog", "cpu", "download", "factory", "file-text", "gift", "globe",
  "graduation-cap", "handshake", "hard-hat", "heart-pulse", "home", "landmark", "mail", "map-pin", "menu",
  "message", "minus", "pause", "phone", "play", "plus", "quote", "scale", "search", "shield", "sparkles",
  "star", "truck", "umbrella", "users", "wallet", "x", "linkedin", "x-social", "facebook",
] as const;

export type IconName = (typeof iconNames)[number];
