import { describe, expect, it } from "vitest";
import { lessonMailContext } from "../../../tests/factories/lesson-mail";
import { lessonReminderEmail, lessonRescheduledEmail, lessonsCancelledEmail, seriesChangedEmail } from "./lessons.emails";

const URL = "https://lessons.example.test";
// The fixture's lesson: Sunday, November 3, 2030 (DST ends that morning), 4:00 PM in New York, 3:00 PM in Chicago.
const START = new Date("2030-11-03T21:00:00Z");
const minutesBefore = (n: number) => new Date(START.getTime() - n * 60_000);

describe("lesson-cancelled (to the side that did not cancel, on its clock)", () => {
  it("gives the New York family the Eastern time, the teacher's reason and the credit", () => {
    const mail = lessonsCancelledEmail(URL, [lessonMailContext({ status: "cancelled", cancelReason: "I am ill." })], "teacher", 1)!;
    expect(mail).toMatchObject({ to: "ada@example.test", kind: "lesson-cancelled", subject: "Lesson with Mia cancelled" });
    expect(mail.text).toContain("Terry Teacher cancelled the lesson with Mia:\n\n  - Sunday, November 3, 2030 at 4:00 PM EST\n");
    expect(mail.text).toContain("Terry Teacher gave this reason:\n> I am ill.\n");
    expect(mail.text).toContain("Mia received a make-up credit for a lesson with Terry Teacher.");
  });

  it("gives the Chicago teacher a family's cancel of several lessons across the DST change on Chicago time", () => {
    const lessons = [
      lessonMailContext({ id: "b1", status: "cancelled", startsAt: new Date("2030-10-27T20:00:00Z") }),
      lessonMailContext({ id: "b2", status: "cancelled" }),
    ];
    const mail = lessonsCancelledEmail(URL, lessons, "parent", 2)!;
    expect(mail).toMatchObject({ to: "terry@example.test", subject: "2 lessons with Mia cancelled" });
    expect(mail.text).toContain("Mia's family cancelled the lessons with Mia:\n\n  - Sunday, October 27, 2030 at 3:00 PM CDT\n  - Sunday, November 3, 2030 at 3:00 PM CST\n");
    expect(mail.text).toContain("Mia received 2 make-up credits for lessons with Terry Teacher.");
    expect(mail.text).not.toContain("reason");
  });

  it("names an intro call as one, and writes to nobody when the reader's account is gone", () => {
    const intro = lessonsCancelledEmail(URL, [lessonMailContext({ status: "cancelled", bookingType: "intro" })], "teacher", 0)!;
    expect(intro.subject).toBe("Intro call with Mia cancelled");
    expect(intro.text).toContain("cancelled the intro call with Mia");
    expect(lessonsCancelledEmail(URL, [lessonMailContext({ parent: null })], "teacher", 1)).toBeNull();
  });
});

describe("lesson-rescheduled (to the other side, on its clock)", () => {
  it("moves a New York family's lesson across the DST change in Eastern time, with where and how", () => {
    const mail = lessonRescheduledEmail(URL, lessonMailContext(), new Date("2030-10-27T20:00:00Z"), "teacher")!;
    expect(mail).toMatchObject({ to: "ada@example.test", subject: "Lesson with Mia moved to Sunday, November 3, 2030 at 4:00 PM EST" });
    expect(mail.text).toContain("from Sunday, October 27, 2030 at 4:00 PM EDT\nto   Sunday, November 3, 2030 at 4:00 PM EST.");
    expect(mail.text).toContain("Where and how: Online: https://meet.example.test/terry");
  });

  it("tells the Chicago teacher a family's move on Chicago time", () => {
    const mail = lessonRescheduledEmail(URL, lessonMailContext(), new Date("2030-10-27T20:00:00Z"), "parent")!;
    expect(mail.to).toBe("terry@example.test");
    expect(mail.text).toContain("from Sunday, October 27, 2030 at 3:00 PM CDT\nto   Sunday, November 3, 2030 at 3:00 PM CST.");
    expect(mail.text).toContain("How to reach Mia's family (Ada Rivera): ada@example.test, (212) 555-0199");
  });
});

describe("lesson-reminder (each side on its own clock, worded from the time left)", () => {
  it.each([
    [7, "parent", "Reminder: Mia's lesson with Terry Teacher is in 7 minutes", "Mia has a lesson with Terry Teacher in 7 minutes (Sunday, November 3, 2030 at 4:00 PM EST)."],
    [180, "parent", "Reminder: Mia's lesson with Terry Teacher is in 3 hours", "Mia has a lesson with Terry Teacher in 3 hours (Sunday, November 3, 2030 at 4:00 PM EST)."],
    [23 * 60, "parent", "Reminder: Mia's lesson with Terry Teacher is tomorrow at 4:00 PM EST", "Mia has a lesson with Terry Teacher tomorrow at 4:00 PM EST (Sunday, November 3, 2030)."],
    [7, "teacher", "Reminder: lesson with Mia Rivera is in 7 minutes", "You have a lesson with Mia Rivera in 7 minutes (Sunday, November 3, 2030 at 3:00 PM CST)."],
    [180, "teacher", "Reminder: lesson with Mia Rivera is in 3 hours", "You have a lesson with Mia Rivera in 3 hours (Sunday, November 3, 2030 at 3:00 PM CST)."],
    [23 * 60, "teacher", "Reminder: lesson with Mia Rivera is tomorrow at 3:00 PM CST", "You have a lesson with Mia Rivera tomorrow at 3:00 PM CST (Sunday, November 3, 2030)."],
  ] as const)("%d minutes before, to the %s", (minutes, reader, subject, sentence) => {
    const mail = lessonReminderEmail(URL, lessonMailContext(), reader, minutesBefore(minutes))!;
    expect(mail.kind).toBe("lesson-reminder");
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(sentence);
  });

  it("says 'today' for the same day on the reader's calendar, never 'tomorrow'", () => {
    const mail = lessonReminderEmail(URL, lessonMailContext(), "parent", minutesBefore(6 * 60))!;
    expect(mail.subject).toBe("Reminder: Mia's lesson with Terry Teacher is today at 4:00 PM EST");
    expect(mail.subject).not.toContain("tomorrow");
  });

  it("gives the family the link and the teacher's contact, and the teacher the family's", () => {
    const parent = lessonReminderEmail(URL, lessonMailContext({ studentMeetingUrl: "https://meet.example.test/mia" }), "parent", minutesBefore(7))!;
    expect(parent.text).toContain("Where and how: Online: https://meet.example.test/mia");
    expect(parent.text).toContain("How to reach Terry Teacher: terry@example.test, (312) 555-0100");
    const teacher = lessonReminderEmail(URL, lessonMailContext({ parent: { phone: null } }), "teacher", minutesBefore(7))!;
    expect(teacher.text).toContain("How to reach Mia's family (Ada Rivera): ada@example.test\n");
  });

  it("says an intro call by phone with its article and both numbers", () => {
    const call = lessonMailContext({ bookingType: "intro", format: "phone" });
    const parent = lessonReminderEmail(URL, call, "parent", minutesBefore(23 * 60))!;
    expect(parent.subject).toBe("Reminder: Mia's intro call with Terry Teacher is tomorrow at 4:00 PM EST");
    expect(parent.text).toContain("Mia has an intro call with Terry Teacher");
    expect(parent.text).toContain("By phone: Terry Teacher's number is (312) 555-0100; yours on file is (212) 555-0199");
    const teacher = lessonReminderEmail(URL, call, "teacher", minutesBefore(23 * 60))!;
    expect(teacher.text).toContain("You have an intro call with Mia Rivera");
    expect(teacher.text).toContain("By phone: the family's number is (212) 555-0199");
  });

  it("reads UTC, named, for a family whose zone is unknown (the parent's clock, as the digest and the streak count it)", () => {
    const mail = lessonReminderEmail(URL, lessonMailContext({ parent: { reportedTimeZone: null } }), "parent", minutesBefore(23 * 60))!;
    expect(mail.subject).toContain("tomorrow at 9:00 PM UTC");
  });
});

describe("series-changed (issue 44: one email to each side, every new date on the reader's clock)", () => {
  // Two lessons moved from Sundays 4:00 PM New York to Wednesdays 5:00 PM New York, across the DST change.
  const lessons = [
    lessonMailContext({ id: "b1", startsAt: new Date("2030-10-30T21:00:00Z") }),
    lessonMailContext({ id: "b2", startsAt: new Date("2030-11-06T22:00:00Z") }),
  ];
  const previous = new Map([
    ["b1", new Date("2030-10-27T20:00:00Z")],
    ["b2", new Date("2030-11-03T21:00:00Z")],
  ]);

  it("tells the family of the teacher's change, with each new date and the one it replaces, in Eastern time", () => {
    const mail = seriesChangedEmail(URL, lessons, previous, "teacher", "parent")!;
    expect(mail).toMatchObject({ to: "ada@example.test", kind: "series-changed", subject: "2 lessons with Mia moved to new times" });
    expect(mail.text).toContain("Terry Teacher changed the weekly lessons with Mia from Sunday, October 27, 2030 at 4:00 PM EDT on.");
    expect(mail.text).toContain(
      "  - Wednesday, October 30, 2030 at 5:00 PM EDT (was Sunday, October 27, 2030 at 4:00 PM EDT)\n  - Wednesday, November 6, 2030 at 5:00 PM EST (was Sunday, November 3, 2030 at 4:00 PM EST)\n",
    );
    expect(mail.text).toContain("Where and how: Online: https://meet.example.test/terry");
  });

  it("confirms to the teacher who made it, on Chicago time", () => {
    const mail = seriesChangedEmail(URL, lessons, previous, "teacher", "teacher")!;
    expect(mail.to).toBe("terry@example.test");
    expect(mail.text).toContain("You changed the weekly lessons with Mia");
    expect(mail.text).toContain("  - Wednesday, October 30, 2030 at 4:00 PM CDT (was Sunday, October 27, 2030 at 3:00 PM CDT)");
  });

  it("names the guardian who changed it to the family's other guardians (issue 45); the one who did reads \"You\"", () => {
    expect(seriesChangedEmail(URL, lessons, previous, "parent", "parent", "Ben")!.text).toContain("Hi Ada,\n\nBen changed the weekly lessons with Mia");
    expect(seriesChangedEmail(URL, lessons, previous, "parent", "parent")!.text).toContain("Hi Ada,\n\nYou changed the weekly lessons with Mia");
  });

  it("writes to nobody whose account is gone, and about nothing when no lesson moved", () => {
    expect(seriesChangedEmail(URL, [lessonMailContext({ parent: null })], previous, "teacher", "parent")).toBeNull();
    expect(seriesChangedEmail(URL, [], previous, "teacher", "parent")).toBeNull();
  });
});
