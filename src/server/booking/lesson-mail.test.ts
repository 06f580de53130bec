import { describe, expect, it } from "vitest";
import { lessonMailContext } from "../../../tests/factories/lesson-mail";
import type { MailGuardian } from "../db/household-guardians";
import { bookingDecidedEmail } from "./booking.emails";
import { asGuardian, contactLine, readerZone, toEachGuardian, whereLine } from "./lesson-mail";

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

describe("each guardian's view of a lesson (issue 45)", () => {
  const ben: MailGuardian = {
    id: "p2",
    userId: "u2",
    householdId: "p1",
    firstName: "Ben",
    lastName: "Okafor",
    email: "ben@example.test",
    phone: "+49 30 555 0100",
    timeZone: null,
    reportedTimeZone: "Europe/Berlin",
    zone: "Europe/Berlin",
  };
  const family = lessonMailContext({ format: "phone" });
  const household = { ...family, guardians: [...family.guardians, ben] };

  it("reads the guardian's own name, address, phone and clock, and keeps the household's home address", () => {
    const view = asGuardian(household, ben);
    expect(view.parent).toMatchObject({ firstName: "Ben", email: "ben@example.test", phone: "+49 30 555 0100", address: "12 Elm St, Brooklyn" });
    expect(readerZone(view, "parent")).toBe("Europe/Berlin");
    expect(whereLine(view, "parent")).toBe("By phone: Terry Teacher's number is (312) 555-0100; yours on file is +49 30 555 0100");
    // The teacher still reads the household's own contact.
    expect(contactLine(household, "teacher")).toContain("(Ada Rivera): ada@example.test, (212) 555-0199");
  });

  it("writes one email per guardian, each on their own clock; none when the family's account is gone", () => {
    const mails = toEachGuardian([household], (lessons) => bookingDecidedEmail("https://x.test", lessons, "accepted"));
    expect(mails.map(({ guardian, message }) => [guardian.id, message.to])).toEqual([
      ["p1", "ada@example.test"],
      ["p2", "ben@example.test"],
    ]);
    expect(mails[0]!.message.text).toContain("Hi Ada,\n\nGood news: Terry Teacher accepted the lesson for Mia on Sunday, November 3, 2030 at 4:00 PM EST.");
    expect(mails[1]!.message.text).toContain("Hi Ben,\n\nGood news: Terry Teacher accepted the lesson for Mia on Sunday, November 3, 2030 at 10:00 PM GMT+1.");
    expect(toEachGuardian([lessonMailContext({ parent: null })], (lessons) => bookingDecidedEmail("https://x.test", lessons, "accepted"))).toEqual([]);
  });
});
