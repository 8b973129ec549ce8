import { describe, expect, it } from "vitest";
import { emptyValues, enquiryFields } from "../../contract/fields";
import { confirmationEmail, escapeHtml, oneLine, teamNotificationEmail } from "./messages";

describe("the emails", () => {
  const links = { confirmUrl: "https://x.co.uk/newsletter/confirm?token=a&b", unsubscribePageUrl: "https://x.co.uk/newsletter/unsubscribe?token=c", unsubscribeApiUrl: "https://x.co.uk/api/newsletter/unsubscribe?token=c" };

  it("escape everything that reaches HTML, and keep headers to one line", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
    expect(oneLine("a\r\nBcc: b\nc")).toBe("a Bcc: b c");
  });

  it("build a confirmation of our own words: a real heading, a link that says what it does, the unsubscribe headers", () => {
    const email = confirmationEmail("someone@example.co.uk", "Us <no-reply@x.co.uk>", links);
    expect(email.html).toMatch(/<h1[^>]*>Confirm your subscription<\/h1>/);
    expect(email.html).toContain(`href="https://x.co.uk/newsletter/confirm?token=a&#38;b"`);
    expect(email.html).toContain(">Unsubscribe from this newsletter</a>");
    expect(email.text).toContain("https://x.co.uk/newsletter/confirm?token=a&b");
    expect(email.headers).toEqual({ "List-Unsubscribe": "<https://x.co.uk/api/newsletter/unsubscribe?token=c>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(`${email.subject}${email.text}${email.html}`).not.toContain("someone");
  });

  it("give the team every field, with an em-dash for an empty one", () => {
    const email = teamNotificationEmail(
      { ...emptyValues(enquiryFields), id: "e1", name: "Ann", email: "ann@example.co.uk", phone: "", role: "Other", sectors: [], needs: ["Other"], message: "Hi", sourcePage: null, createdAt: "2026-11-22T05:00:00.000Z" },
      "Us <no-reply@x.co.uk>",
      "team@x.co.uk",
    );
    expect(email).toMatchObject({ to: "team@x.co.uk", replyTo: "ann@example.co.uk", subject: "New enquiry: Other – Other" });
    expect(email.text).toContain("Phone: —");
    expect(email.text).toContain("Enquiry id: e1");
    expect(email.html).toContain('<th scope="row"');
  });
});
