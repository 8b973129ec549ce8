/**
 * A content file's text with the values the site knows only as it runs put
 * in its `{name}` holes: `fill("{count} selected", { count: 2 })` is "2
 * selected". Each file's schema (`template()`) makes sure its holes are there.
 */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (hole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : hole));
}
