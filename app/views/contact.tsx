import type { ReactNode } from "react";
import { ContactDetails } from "~/components/sections/contact-details";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import type { ContactCopy } from "~/data/contact";

/** Contact: the enquiry form (an island, given by the route) beside the ways to reach the team. */
export default function ContactContent({ copy, form }: { copy: ContactCopy; form: ReactNode }) {
  const { contactHero, contactSection, contactDetails } = copy;
  return (
    <>
      <PageHero title={contactHero.title} intro={contactHero.intro} />
      <Section heading={contactSection.heading} intro={contactSection.intro} tone="surface">
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="lg:col-span-2">
            {form}
          </div>
          <ContactDetails {...contactDetails} />
        </div>
      </Section>
    </>
  );
}
