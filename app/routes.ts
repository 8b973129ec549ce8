import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Mirrors the spec's route table. Pages join as their modules are built.
export default [
  index("routes/home.tsx"),
  // Not a page: the footer's /home link, redirected to / (the server sends a 301 for direct visits).
  route("home", "routes/home-redirect.tsx"),
  route("spotlight", "routes/spotlight.tsx"),
  route("spotlight/payroll", "routes/spotlight-payroll.tsx"),
  route("spotlight/agencies", "routes/spotlight-agencies.tsx"),
  route("spotlight/tenders", "routes/spotlight-tenders.tsx"),
  route("member", "routes/member.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
