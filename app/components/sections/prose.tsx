interface ProseProps {
  paragraphs: readonly string[];
  /** A short statement (a mission, a vision): larger and centred. */
  lead?: boolean;
}

/** Running text under a section heading: a few paragraphs at a readable measure. */
export function Prose({ paragraphs, lead = false }: ProseProps) {
  const size = lead ? "text-xl text-brand-900 sm:text-center sm:text-2xl" : "text-lg text-ink";
  return (
    <div className={`mx-auto max-w-3xl space-y-5 leading-relaxed ${size}`}>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}
