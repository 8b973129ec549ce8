import { Link } from "react-router";

export const meta = () => [{ title: "Floor" }];

export default function Home() {
  return (
    <>
      <nav aria-label="Main">
        <Link to="/">Home</Link>
      </nav>
      <main>
        <h1>Floor</h1>
        <h2>The smallest React Router page</h2>
      </main>
    </>
  );
}
