import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Mirrors the spec's route table. Pages join as their modules are built.
export default [
  index("routes/home.tsx"),
  route("contact", "routes/contact.tsx"),
  // Not a page: the footer's /home link, redirected to / (the server sends a 301 for direct visits).
  route("home", "routes/home-redirect.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
