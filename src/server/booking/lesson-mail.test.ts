import { describe, expect, it } from "vitest";
import { lessonMailContext } from "../../../tests/factories/lesson-mail";
import { contactLine, readerZone, whereLine } from "./lesson-mail";

describe("whereLine: where and how, as each reader needs it", () => {
  it.each([
    ["online, accepted", {}, "parent", "Online: https://meet.example.test/terry"],
    ["online, no link yet, to the family", { teacher: { meetingUrl: null } }, "parent", "Online (the teacher will share the link)"],
    ["online, no link yet, to the teacher", { teacher: { meetingUrl: null } }, "teacher", "Online: no meeting link yet (add one in Settings so the family can join)"],
    ["online, still pending: no link", { status: "pending" }, "parent", "Online (the teacher will share the link)"],
    ["at the studio", { format: "in_person" }, "parent", "In person at 1 Music Row, Chicago"],
    ["at the studio, no address, to the teacher", { format: "in_person", teacher: { studioAddress: null } }, "teacher", "In person at your studio (add its address in Settings)"],
    ["at the family's home", { format: "in_person", teacher: { inPersonPlace: "family_home" } }, "teacher", "In person at 12 Elm St, Brooklyn"],
    [
      "at the family's home, no address, to the teacher",
      { format: "in_person", teacher: { inPersonPlace: "family_home" }, parent: { address: null } },
      "teacher",
      "In person at the family's home (they have not given an address yet: ask them)",
    ],
    ["in person, declined: no address", { format: "in_person", status: "declined" }, "parent", "In person at the teacher's studio"],
    ["by phone, the family has no number", { format: "phone", parent: { phone: null } }, "parent", "By phone: Terry Teacher's number is (312) 555-0100; add your phone number in Settings"],
    ["flexible, to the family", { format: "flexible" }, "parent", "In person or online (agree with the teacher)"],
    ["flexible, to the teacher", { format: "flexible" }, "teacher", "In person or online (agree with the family)"],
  ] as const)("%s", (_label, overrides, reader, expected) => {
    expect(whereLine(lessonMailContext(overrides), reader)).toBe(expected);
  });
});

describe("contactLine", () => {
  it("is given only once the lesson is accepted", () => {
    expect(contactLine(lessonMailContext({ status: "pending" }), "parent")).toBeNull();
    expect(contactLine(lessonMailContext({ status: "declined" }), "teacher")).toBeNull();
    expect(contactLine(lessonMailContext(), "parent")).toBe("How to reach Terry Teacher: terry@example.test, (312) 555-0100");
  });
});

describe("readerZone", () => {
  it("is the teacher's for the teacher, the family's own for the family", () => {
    expect(readerZone(lessonMailContext(), "teacher")).toBe("America/Chicago");
    expect(readerZone(lessonMailContext(), "parent")).toBe("America/New_York");
    expect(readerZone(lessonMailContext({ parent: { timeZone: "Europe/London" } }), "parent")).toBe("Europe/London");
  });
});
