import type { Testimonial } from "~/data/types";
import { uploadVariant, UPLOADS_PUBLIC_PATH } from "../../../contract/uploads";
import { Icon } from "../ui/icon";

/** A 48 px avatar: a picture uploaded through the content editor comes in AVIF and WebP at 1x and 2x. */
function Avatar({ src }: { src: string }) {
  const img = <img src={src.startsWith(UPLOADS_PUBLIC_PATH) ? uploadVariant(src, 96, "webp") : src} alt="" width={48} height={48} loading="lazy" className="size-12 rounded-full object-cover" />;
  if (!src.startsWith(UPLOADS_PUBLIC_PATH)) return img;
  const set = (format: "avif" | "webp") => `${uploadVariant(src, 48, format)} 1x, ${uploadVariant(src, 96, format)} 2x`;
  return (
    <picture>
      <source type="image/avif" srcSet={set("avif")} />
      <source type="image/webp" srcSet={set("webp")} />
      {img}
    </picture>
  );
}

/** One quote. A person (a name with a role under it) without a photo gets their initial; an author that is a role stands alone. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { quote, author, avatar, role } = testimonial;
  return (
    <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line ring-inset sm:p-8">
      <Icon name="quote" className="size-8 text-accent-500" />
      <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-ink">
        <p>{quote}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        {avatar ? (
          <Avatar src={avatar} />
        ) : (
          role && (
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
            >
              {author.charAt(0)}
            </span>
          )
        )}
        <span>
          <span className="block font-semibold text-brand-900">{author}</span>
          {role && <span className="block text-sm text-muted">{role}</span>}
        </span>
      </figcaption>
    </figure>
  );
}

/** Static testimonials side by side (the home page's What Our Users Say). */
export function TestimonialGrid({ testimonials }: { testimonials: readonly Testimonial[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {testimonials.map((testimonial) => (
        <li key={testimonial.author}>
          <TestimonialCard testimonial={testimonial} />
        </li>
      ))}
    </ul>
  );
}
