// Node module hooks (registered by content-loader.mjs): an import of a file
// under content/ resolves to content-module.ts with the file's URL in the
// query, a module that parses and checks it with the build's own code
// (content-data-plugin.ts) in the importing thread, where TypeScript loads; one
// module per file, since the query is part of the URL. A folder imported as
// `content/<folder>/*.yaml` lists its files there too.
const contentRoot = new URL("../../content/", import.meta.url).href;
const contentModule = new URL("./content-module.ts", import.meta.url);
const extensions = /\.(ya?ml|md)$/;

export async function resolve(specifier, context, nextResolve) {
  const url = context.parentURL && extensions.test(specifier) ? new URL(specifier, context.parentURL) : null;
  if (url?.href.startsWith(contentRoot)) {
    const module = new URL(contentModule);
    module.searchParams.set("file", url.href);
    return nextResolve(module.href, context);
  }
  return nextResolve(specifier, context);
}
