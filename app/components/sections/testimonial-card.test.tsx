import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TestimonialCard } from "./testimonial-card";

describe("TestimonialCard", () => {
  it("lists an avatar uploaded through the editor in AVIF and WebP at 1x and 2x, 48 by 48", () => {
    const html = renderToStaticMarkup(<TestimonialCard testimonial={{ quote: "Quick.", author: "Ann", avatar: "/media/uploads/ann.jpg" }} />);
    expect(html).toContain('<source type="image/avif" srcSet="/media/uploads/ann-48.avif 1x, /media/uploads/ann-96.avif 2x"/>');
    expect(html).toContain('<source type="image/webp" srcSet="/media/uploads/ann-48.webp 1x, /media/uploads/ann-96.webp 2x"/>');
    expect(html).toMatch(/<img src="\/media\/uploads\/ann-96\.webp" alt="" width="48" height="48"/);
  });

  it("keeps any other avatar as it is; a person without a photo gets the initial, a role as author nothing", () => {
    expect(renderToStaticMarkup(<TestimonialCard testimonial={{ quote: "Q", author: "Bo", avatar: "/media/bo.webp" }} />)).not.toContain("<picture>");
    expect(renderToStaticMarkup(<TestimonialCard testimonial={{ quote: "Q", author: "Bo", role: "Nurse" }} />)).toContain(">B</span>");
    expect(renderToStaticMarkup(<TestimonialCard testimonial={{ quote: "Q", author: "Compliance Manager" }} />)).not.toContain(">C</span>");
  });
});
