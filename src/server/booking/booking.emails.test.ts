import { describe, expect, it } from "vitest";
import { lessonMailContext } from "../../../tests/factories/lesson-mail";
import type { BookingRequestDTO } from "../../shared/booking/booking.schemas";
import { bookingDecidedEmail, bookingRequestedEmail } from "./booking.emails";

const URL = "https://lessons.example.test";
// The fixture's lesson: Sunday, November 3, 2030 (DST ends that morning), 4:00 PM in New York.
const NEW_YORK_TIME = "Sunday, November 3, 2030 at 4:00 PM EST";
const CHICAGO_TIME = "Sunday, November 3, 2030 at 3:00 PM CST";

function request(overrides: Partial<BookingRequestDTO>): BookingRequestDTO {
  return {
    id: "b1",
    status: "pending",
    expired: false,
    bookingType: "full",
    format: "online",
    startsAt: "2030-11-03T21:00:00.000Z",
    endsAt: "2030-11-03T22:00:00.000Z",
    createdAt: "2030-10-01T12:00:00.000Z",
    seriesId: null,
    student: { id: "s1", firstName: "Mia", lastName: "Rivera" },
    teacher: { id: "t1", firstName: "Terry", lastName: "Teacher", timeZone: "America/Chicago" },
    declineReason: null,
    cancelReason: null,
    requestedBy: null,
    makeUpCreditFrom: null,
    priceCents: null,
    priceEstimated: false,
    ...overrides,
  };
}

describe("booking-requested (to the teacher, on the teacher's clock)", () => {
  const teacher = { email: "terry@example.test", firstName: "Terry", timeZone: "America/Chicago" };
  const student = { firstName: "Mia", lastName: "Rivera" };

  it("names an intro call with its article and its format, in Chicago time", () => {
    const mail = bookingRequestedEmail(URL, teacher, student, [request({ bookingType: "intro", format: "phone" })]);
    expect(mail.subject).toBe("New Intro Call request for Mia Rivera");
    expect(mail.text).toContain("A family asked for an intro call with Mia Rivera:");
    expect(mail.text).toContain(`  - ${CHICAGO_TIME}`);
    expect(mail.text).not.toContain("EST");
    expect(mail.text).toContain("Format: By phone");
  });

  it("counts several lessons, and a weekly series across the DST change at the same Chicago hour", () => {
    const two = bookingRequestedEmail(URL, teacher, student, [request({}), request({ id: "b2", startsAt: "2030-11-04T21:00:00.000Z" })]);
    expect(two.text).toContain("A family asked for 2 lessons with Mia Rivera:");
    const series = bookingRequestedEmail(URL, teacher, student, [
      request({ seriesId: "s1", startsAt: "2030-10-27T20:00:00.000Z" }),
      request({ id: "b2", seriesId: "s1" }),
    ]);
    expect(series.text).toContain("2 weekly lessons (one request: you accept or decline them together)");
    expect(series.text).toContain("  - Sunday, October 27, 2030 at 3:00 PM CDT\n  - Sunday, November 3, 2030 at 3:00 PM CST");
    // A flexible request is agreed with the family, said to the teacher as such.
    expect(bookingRequestedEmail(URL, teacher, student, [request({ format: "flexible" })]).text).toContain(
      "Format: In person or online (agree with the family)",
    );
  });
});

describe("booking-accepted (to the family, on their clock)", () => {
  it("gives a New York family the Eastern time, where and how, and how to reach the teacher", () => {
    const mail = bookingDecidedEmail(URL, [lessonMailContext()], "accepted")!;
    expect(mail).toMatchObject({ to: "ada@example.test", kind: "booking-accepted", subject: "Full Lesson with Terry Teacher accepted" });
    expect(mail.text).toContain(`Good news: Terry Teacher accepted the lesson for Mia on ${NEW_YORK_TIME}.`);
    expect(mail.text).not.toContain("CST");
    expect(mail.text).toContain("Where and how: Online: https://meet.example.test/terry");
    expect(mail.text).toContain("How to reach Terry Teacher: terry@example.test, (312) 555-0100");
    expect(mail.text).toContain("Price: $60.00 USD per lesson");
  });

  it("uses the zone chosen in settings over the browser's, and the student's own meeting link", () => {
    const mail = bookingDecidedEmail(
      URL,
      [lessonMailContext({ bookingType: "intro", studentMeetingUrl: "https://meet.example.test/mia", parent: { timeZone: "America/Los_Angeles" } })],
      "accepted",
    )!;
    expect(mail.subject).toBe("Intro Call with Terry Teacher accepted");
    expect(mail.text).toContain("accepted the intro call for Mia on Sunday, November 3, 2030 at 1:00 PM PST.");
    expect(mail.text).toContain("Online: https://meet.example.test/mia");
    // An intro call is free: no price is stated.
    expect(mail.text).not.toContain("Price:");
  });

  it("lists a weekly series on the family's clock across the DST change", () => {
    const lessons = [
      lessonMailContext({ id: "b1", seriesId: "s1", startsAt: new Date("2030-10-27T20:00:00Z") }),
      lessonMailContext({ id: "b2", seriesId: "s1" }),
    ].map((lesson) => ({ ...lesson, priceCents: 100_000 }));
    const mail = bookingDecidedEmail(URL, lessons, "accepted")!;
    expect(mail.text).toContain("Price: $1,000.00 USD per lesson");
    expect(mail.subject).toBe("2 weekly lessons with Terry Teacher accepted");
    expect(mail.text).toContain(`accepted the 2 weekly lessons for Mia:\n\n  - Sunday, October 27, 2030 at 4:00 PM EDT\n  - ${NEW_YORK_TIME}\n`);
    expect(mail.text).toContain("They are in your calendar");
  });

  it("tells a family of an in-person lesson at their home where, and asks for the address when it is missing", () => {
    const home = lessonMailContext({ format: "in_person", teacher: { inPersonPlace: "family_home" } });
    expect(bookingDecidedEmail(URL, [home], "accepted")!.text).toContain("Where and how: In person at 12 Elm St, Brooklyn");
    const noAddress = lessonMailContext({ format: "in_person", teacher: { inPersonPlace: "family_home" }, parent: { address: null } });
    expect(bookingDecidedEmail(URL, [noAddress], "accepted")!.text).toContain("In person at your home (add your address in Settings so Terry knows where to come)");
  });

  it("writes to nobody when the family's account is gone", () => {
    expect(bookingDecidedEmail(URL, [lessonMailContext({ parent: null })], "accepted")).toBeNull();
  });
});

describe("booking-declined (to the family, on their clock)", () => {
  it("quotes the teacher's reason and reveals nothing of where", () => {
    const mail = bookingDecidedEmail(URL, [lessonMailContext({ status: "declined", declineReason: "I am away that week.\nDecember is open." })], "declined")!;
    expect(mail).toMatchObject({ kind: "booking-declined", subject: "Full Lesson with Terry Teacher declined" });
    expect(mail.text).toContain(`Terry Teacher could not take the lesson for Mia on ${NEW_YORK_TIME}.`);
    expect(mail.text).toContain("Terry Teacher gave this reason:\n> I am away that week.\n> December is open.\n");
    expect(mail.text).not.toContain("meet.example.test");
    expect(mail.text).not.toContain("terry@example.test");
    expect(mail.text).toContain(`${URL}/teacher/profile/t1`);
  });

  it("says nothing of a reason when none was given", () => {
    const mail = bookingDecidedEmail(URL, [lessonMailContext({ status: "declined", bookingType: "intro" })], "declined")!;
    expect(mail.text).toContain("could not take the intro call for Mia");
    expect(mail.text).not.toContain("reason");
  });
});
