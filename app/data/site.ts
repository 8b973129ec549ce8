// The switches that change site-wide behaviour. The brand's words (its name,
// social profiles and contact details) are content/site/brand.yaml and
// profile.yaml, read by the layout (shell-entries.ts) and the route files.
/**
 * The spec's content protection: blocks copy, cut, paste, selection and some
 * developer shortcuts on page content. Form fields are always exempt.
 */
export const contentProtection = true;
