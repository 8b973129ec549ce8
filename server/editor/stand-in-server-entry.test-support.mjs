// A stand-in for the server build's entry: the stand-in build copies it into
// its build folder, from where "fake-renderer" resolves only through the
// checkout's node_modules, as the real entry's packages do.
export { render } from "fake-renderer";
