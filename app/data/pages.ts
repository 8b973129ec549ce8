// Which of the site's URLs are pages: the lists live in the contract, since the
// server reads them too (only these pages get a page policy with script hashes).
export { prerenderPaths, sitePages, unlistedPages } from "../../contract/pages";
