interface MessagePageProps {
  heading: string;
  text: string;
  link: { label: string; href: string };
}

/** A page whose only content is a message: the h1, a line of help and a way back (not found, signed up). */
export function MessagePage({ heading, text, link }: MessagePageProps) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-4 py-24 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{heading}</h1>
      <p className="mt-6 text-lg text-muted">{text}</p>
      <a
        href={link.href}
        className="mt-10 rounded-full bg-accent-500 px-6 py-3 font-semibold text-brand-950 hover:bg-accent-400"
      >
        {link.label}
      </a>
    </section>
  );
}
