import { STORAGE_KEYS } from "./constants";
import { legalContactTerms } from "./legal";
import type { LegalDocument } from "./types";

export const cookiePolicy: LegalDocument = {
  title: "Cookie policy",
  intro:
    "The short version: this website sets no non-essential cookies and loads no trackers or adverts. It counts visits on our own server without any cookie or stored identifier. It remembers two choices on your device, and nothing else.",
  lastUpdated: "2026-11-25",
  sections: [
    {
      heading: "Cookies and local storage",
      blocks: [
        "Cookies are small files a website asks your browser to keep. Local storage is a similar store in your browser that only the website that wrote it can read. Neither is sent anywhere unless the website chooses to send it.",
        "We set no cookies of our own and allow no one else to set them through our site: we do not use third-party analytics, advertising, social media widgets or any other third-party content. Every file on our pages comes from our own server.",
      ],
    },
    {
      heading: "Counting visits without cookies",
      blocks: [
        "To learn which pages help people and which lead to enquiries, each page sends a small note to our own server once it has loaded: the page, the website that linked to it (its name only), any campaign tags in the link (utm_source, utm_medium, utm_campaign), and whether you reached the enquiry or newsletter form, started it and sent it. The note goes to our server only, never to anyone else.",
        "No cookie is set for this and nothing is written to or read from your device’s storage. To count unique visitors, our server combines your IP address and browser description with a random value that changes every day and keeps only the result, in memory, for that day; the random value is then thrown away, so nobody can tell whether you came back the next day. What we store are daily totals, such as “40 visits to the freelancers page from a newsletter link”.",
        "If your browser sends the Global Privacy Control signal, we do not count your visit at all. Search engines and other automated visitors are not counted either.",
      ],
    },
    {
      heading: "What we store on your device",
      blocks: [
        "Our site keeps two entries in your browser’s local storage. Each holds the value “true”, stays on your device and is never sent to us:",
        {
          terms: [
            {
              term: STORAGE_KEYS.cookiesAccepted,
              detail: "Set when you choose Accept All on the cookie notice, so the notice does not appear again on your next visit.",
            },
            {
              term: STORAGE_KEYS.disclaimerAccepted,
              detail: "Set when you choose Got it on our disclaimer, so the disclaimer does not appear again on your next visit.",
            },
          ],
        },
        "If you close either notice with its close button instead, nothing is stored and the notice comes back on your next visit.",
        "Remembering a choice you have made is strictly necessary for the site to respect it, so under the Privacy and Electronic Communications Regulations (PECR) it does not need your consent.",
      ],
    },
    {
      heading: "How to clear them",
      blocks: [
        "You can delete both entries at any time by clearing the cookies and site data for our website in your browser’s settings:",
        {
          list: [
            "Chrome and Edge: click the icon to the left of the address bar, then Cookies and site data (or Site settings), then delete the data for this site.",
            "Firefox: click the padlock in the address bar, then Clear cookies and site data.",
            "Safari: Settings (or Preferences), then Privacy, then Manage Website Data; select this site and remove it.",
          ],
        },
        "After clearing, the cookie notice and the disclaimer appear again. Browsing in a private window stores nothing after you close it.",
      ],
    },
    {
      heading: "If this changes",
      blocks: [
        "If we ever add anything that is not strictly necessary, such as analytics, it will stay switched off until you agree to it, and you will be able to refuse as easily as accept. We will update this policy first.",
      ],
    },
    {
      heading: "Contact us",
      blocks: ["Questions about this policy are welcome:", { terms: legalContactTerms }],
    },
  ],
};
