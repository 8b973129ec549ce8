import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Mirrors the spec's route table. Pages join as their modules are built.
export default [
  index("routes/home.tsx"),
  route("contact", "routes/contact.tsx"),
  route("contact/received", "routes/contact-received.tsx"),
  // Not a page: the footer's /home link, redirected to / (the server sends a 301 for direct visits).
  route("home", "routes/home-redirect.tsx"),
  route("about", "routes/about.tsx"),
  route("freelancers", "routes/freelancers.tsx"),
  route("agencies", "routes/agencies.tsx"),
  route("services", "routes/services.tsx"),
  // One module for all eight categories, fed by app/data/services.ts; an unknown slug renders Category not found.
  route("services/:category", "routes/service-category.tsx"),
  route("resources", "routes/resources.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-conditions", "routes/terms-conditions.tsx"),
  route("cookie-policy", "routes/cookie-policy.tsx"),
  route("spotlight", "routes/spotlight.tsx"),
  route("spotlight/payroll", "routes/spotlight-payroll.tsx"),
  route("spotlight/agencies", "routes/spotlight-agencies.tsx"),
  route("spotlight/tenders", "routes/spotlight-tenders.tsx"),
  route("member", "routes/member.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("newsletter/subscribed", "routes/newsletter-subscribed.tsx"),
  // The owner's inbox: unlisted, its own minimal layout (see SiteLayout).
  route("admin", "routes/admin.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
