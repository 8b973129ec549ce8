/** An unknown category's page: its title and description are the page's meta too. */
export const categoryNotFound = {
  title: "Category not found",
  text: "We don’t have a service at this address. Every service we offer is listed on our services page.",
  backLabel: "Back to Services",
} as const;
