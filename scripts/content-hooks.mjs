// Node module hooks (registered by content-loader.mjs): a file under content/
// becomes a module that parses and checks it with the build's own code
// (content-plugin.ts), in the importing thread, where TypeScript loads. A
// folder imported as `content/<folder>/*.yaml` lists its files there too.
const contentRoot = new URL("../content/", import.meta.url).href;
const plugin = new URL("./content-plugin.ts", import.meta.url).href;
const extensions = /\.(ya?ml|md)$/;

export async function resolve(specifier, context, nextResolve) {
  if (specifier.includes("*") && extensions.test(specifier) && context.parentURL) {
    const url = new URL(specifier, context.parentURL).href;
    if (url.startsWith(contentRoot)) return { url, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.startsWith(contentRoot) && extensions.test(url)) {
    const source = `import { loadContentUrl } from ${JSON.stringify(plugin)};\nexport default loadContentUrl(${JSON.stringify(url)});\n`;
    return { format: "module", source, shortCircuit: true };
  }
  return nextLoad(url, context);
}
