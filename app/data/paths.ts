// The site's URLs are shared with the server, so they live in the contract
// (contract/paths.ts); the site's code reads them here, beside its other content.
export { paths, serviceSlugs, type ServiceSlug } from "../../contract/paths";
