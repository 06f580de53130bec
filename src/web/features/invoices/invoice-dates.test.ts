import { describe, expect, it } from "vitest";
import { dueText, issuedText } from "./invoice-dates";

describe("an invoice's dates as shown (issue 40: a draft is dated when sent)", () => {
  it("a sent invoice shows its dates", () => {
    const sent = { status: "sent", issueDate: "2026-11-02", dueDate: "2026-11-16" };
    expect(issuedText(sent)).toBe("Nov 2, 2026");
    expect(dueText(sent)).toBe("Nov 16, 2026");
  });

  it("a draft says they are set when it goes out", () => {
    expect(issuedText({ status: "draft", issueDate: "2026-10-01" })).toBe("When sent");
    expect(dueText({ status: "draft", issueDate: "2026-10-01", dueDate: "2026-10-15" })).toBe("14 days after sending");
    expect(dueText({ status: "draft", issueDate: "2026-10-01", dueDate: "2026-10-02" })).toBe("1 day after sending");
    expect(dueText({ status: "draft", issueDate: "2026-10-01", dueDate: "2026-10-01" })).toBe("On sending");
  });
});
