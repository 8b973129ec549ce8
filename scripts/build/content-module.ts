// The module a content file becomes under Node (content-hooks.mjs sends each
// import of a file under content/ here, its URL in the query): the file's
// data, parsed and checked by the build's own code (content-data-plugin.ts).
import { loadContentUrl } from "./content-data-plugin.ts";

const file = new URL(import.meta.url).searchParams.get("file");
if (!file) throw new Error(`content-module.ts: imported without ?file= (${import.meta.url})`);

export default loadContentUrl(file);
