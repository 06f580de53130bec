import { describe, expect, it } from "vitest";
import type { HouseholdSplitDTO } from "../../../shared/invoices/invoice-split.schemas";
import { SHARE_MESSAGE, SHARES_SUM_MESSAGE } from "../../../shared/invoices/invoice-split.schemas";
import { householdSplitFormSchema, splitFormDefaults } from "./household-split-form";

const A = "4f1c2d3e-0000-4000-8000-00000000000a";
const B = "4f1c2d3e-0000-4000-8000-00000000000b";
const C = "4f1c2d3e-0000-4000-8000-00000000000c";
const S1 = "4f1c2d3e-0000-4000-8000-0000000000a1";

const data = (overrides: Partial<HouseholdSplitDTO> = {}): HouseholdSplitDTO => ({
  parentId: A,
  familyName: "Maria Lopez",
  guardians: [
    { guardianId: A, name: "Maria Lopez", email: "m@example.test" },
    { guardianId: B, name: "Diego Lopez", email: "d@example.test" },
    { guardianId: C, name: "Ana Lopez", email: "a@example.test" },
  ],
  students: [{ studentId: S1, name: "Lucia Lopez" }],
  split: null,
  problem: null,
  ...overrides,
});

describe("the split form", () => {
  it("opens with equal shares to the cent, the last guardian taking what is left", () => {
    expect(splitFormDefaults(data()).shares.map((share) => share.percent)).toEqual(["33.33", "33.33", "33.34"]);
  });

  it("opens with the stored shares while the split applies", () => {
    const stored = data({ split: { kind: "shares", shares: [{ guardianId: A, name: "Maria Lopez", basisPoints: 7000 }, { guardianId: B, name: "Diego Lopez", basisPoints: 3000 }] } });
    expect(splitFormDefaults(stored).shares.map((share) => share.percent)).toEqual(["70", "30", "0"]);
  });

  it("sends basis points, and refuses what the server refuses with the same message", () => {
    const parsed = householdSplitFormSchema.safeParse({
      kind: "shares",
      shares: [
        { guardianId: A, percent: "70" },
        { guardianId: B, percent: "29.5 %" },
        { guardianId: C, percent: "0.5" },
      ],
      students: [],
    });
    expect(parsed.success && parsed.data).toEqual({ kind: "shares", shares: [{ guardianId: A, basisPoints: 7000 }, { guardianId: B, basisPoints: 2950 }, { guardianId: C, basisPoints: 50 }] });

    const short = householdSplitFormSchema.safeParse({ kind: "shares", shares: [{ guardianId: A, percent: "70" }, { guardianId: B, percent: "20" }], students: [] });
    expect(short.error?.issues[0]?.message).toBe(SHARES_SUM_MESSAGE);
    const odd = householdSplitFormSchema.safeParse({ kind: "shares", shares: [{ guardianId: A, percent: "half" }, { guardianId: B, percent: "50" }], students: [] });
    expect(odd.error?.issues[0]).toMatchObject({ message: SHARE_MESSAGE, path: ["shares", 0, "percent"] });
  });
});
