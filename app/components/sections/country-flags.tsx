import ae from "flag-icons/flags/4x3/ae.svg?url";
import eu from "flag-icons/flags/4x3/eu.svg?url";
import gb from "flag-icons/flags/4x3/gb.svg?url";
import us from "flag-icons/flags/4x3/us.svg?url";
import type { Country, FlagCode } from "~/data/types";

const flags: Record<FlagCode, string> = { gb, eu, us, ae };

/** The countries the service operates in, each with its flag. */
export function CountryFlags({ countries }: { countries: readonly Country[] }) {
  return (
    <ul className="grid grid-cols-2 gap-6 md:grid-cols-4">
      {countries.map((country) => (
        <li key={country.name} className="flex flex-col items-center gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
          <img
            src={flags[country.flag]}
            alt=""
            width={96}
            height={72}
            loading="lazy"
            className="h-18 w-24 rounded-md object-cover shadow ring-1 ring-line"
          />
          <span className="text-lg font-semibold text-brand-900">{country.name}</span>
        </li>
      ))}
    </ul>
  );
}
