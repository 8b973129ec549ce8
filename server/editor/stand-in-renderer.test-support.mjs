// A stand-in for the server build's renderer package: the publishing test
// copies it into its checkout's node_modules as fake-renderer/index.js, so the
// stand-in build imports it by package name as the pre-render imports its own.
/** The home page for a hero file's text. */
export const render = (hero) => `<!DOCTYPE html><title>Home</title><h1>${hero.trim()}</h1>`;
