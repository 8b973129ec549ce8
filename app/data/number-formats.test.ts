import { describe, expect, it } from "vitest";
import { readEntry } from "../../scripts/build/content-files";
import { statisticsOf } from "./statistics";

const { payrollMarket, recruitmentIndustry, ukWorkforce } = statisticsOf(readEntry("statistics.yaml"));
import { formatNumber, numberFormats } from "./number-formats";

describe("formatNumber", () => {
  it("writes the spotlight figures as the editorials state them", () => {
    expect(formatNumber(payrollMarket.freelancersNeedingPayroll, numberFormats.countPlus)).toBe("1,900,000+");
    expect(formatNumber(payrollMarket.freelancersNeedingPayroll, numberFormats.millionsShort)).toBe("1.9 million");
    expect(formatNumber(payrollMarket.agencies, numberFormats.countPlus)).toBe("40,000+");
    expect(formatNumber(payrollMarket.marketValueGbp, numberFormats.gbpBillions)).toBe("£4.5 billion");
    expect(formatNumber(payrollMarket.marketValueGbp, numberFormats.gbpBnPlus)).toBe("£4.5bn+");
    expect(formatNumber(recruitmentIndustry.turnoverGbp, numberFormats.gbpBn)).toBe("£46bn");
    expect(formatNumber(recruitmentIndustry.selfEmployedFreelancersAndContractors, numberFormats.millionsPlus)).toBe("1.5M+");
    expect(formatNumber(ukWorkforce.freelancers, numberFormats.millions)).toBe("2.05 million");
    expect(formatNumber(ukWorkforce.selfEmployed, numberFormats.millionsShort)).toBe("4.3 million");
    expect(formatNumber(ukWorkforce.freelanceInSomeCapacity, numberFormats.millionsShort)).toBe("7.4 million");
    expect(formatNumber(425_000, numberFormats.thousands)).toBe("425k");
    expect(formatNumber(100_000, numberFormats.thousandsPlus)).toBe("100k+");
  });

  it("rounds values on the way to a target to the target's precision", () => {
    expect(formatNumber(0, numberFormats.gbpBillions)).toBe("£0.0 billion");
    expect(formatNumber(2_249_999_999, numberFormats.gbpBillions)).toBe("£2.2 billion");
    expect(formatNumber(1_234_567.8, numberFormats.countPlus)).toBe("1,234,568+");
  });
});
