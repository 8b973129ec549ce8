import { redirect } from "react-router";
import { paths } from "~/data/paths";

// The footer links home as /home (as the original does). The server answers a
// direct request with a 301; this covers a click inside the running site.
export function clientLoader() {
  return redirect(paths.home);
}

export default function HomeRedirect() {
  return null;
}
