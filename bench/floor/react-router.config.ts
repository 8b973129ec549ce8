import type { Config } from "@react-router/dev/config";

// The floor: the smallest React Router framework-mode site, built like ours.
export default { ssr: false, prerender: ["/"] } satisfies Config;
