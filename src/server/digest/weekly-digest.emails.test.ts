import { afterEach, describe, expect, it } from "vitest";
import type { DigestChild, ParentDigest, TeacherSummary } from "../../shared/digest/weekly-digest.rules";
import { weeklyDigestEmail, weeklySummaryEmail } from "./weekly-digest.emails";

const child: DigestChild = {
  studentId: "7d0c4d1e-0000-4000-8000-000000000001",
  name: "Mia <b>Park</b>",
  lessons: [{ startsAt: "2026-12-01T21:00:00.000Z", teacherName: "Ann Lee", bookingType: "full" }],
  laterThisWeek: [{ startsAt: "2026-11-30T01:00:00.000Z", teacherName: "Ann Lee", bookingType: "full" }],
  attended: [{ startsAt: "2026-11-24T21:00:00.000Z", teacherName: "Ann Lee", bookingType: "full", note: "Worked on bars 1-16 <slowly>." }],
  reviews: [{ teacherName: "Ann Lee", items: ["C major scale"], comment: "Even and steady.", reviewedAt: "2026-11-28T15:00:00.000Z" }],
  week: { weekStart: "2026-11-23", minutes: 40, timedMinutes: 25, selfReportedMinutes: 15, days: 2, goalDays: 1, goalMet: false },
  goal: { minutesPerDay: 20, daysPerWeek: 5 },
  streak: { current: 2, longest: 2 },
  grades: [{ classId: "c1", className: "Piano Basics", title: "Scales quiz", score: 92 }],
  achievements: [{ classId: "c1", className: "Piano Basics", name: "Steady Hands" }],
  openHomework: [{ dueOn: "2026-12-01", items: ["Minuet in G, bars 1-16"] }],
};
const digest: ParentDigest = { firstName: "Dana", timeZone: "America/New_York", weekStart: "2026-11-23", children: [child], unreadMessages: 1 };

describe("the weekly emails", () => {
  it("the digest says the same in text and HTML, in the parent's zone, with links into the app", async () => {
    const mail = await weeklyDigestEmail("https://lessons.example", "dana@example.test", digest);
    expect(mail).toMatchObject({ to: "dana@example.test", kind: "weekly-digest", subject: "Your week in music: November 23-29" });
    for (const body of [mail.text, mail.html!]) {
      expect(body).toContain("40 of 100 minutes (goal: 20 minutes a day, 5 days a week)");
      expect(body).toContain("40 minutes on 2 days (25 minutes timed, 15 minutes self-reported); daily goal reached on 1 of 5 days");
      expect(body).toMatch(/Next week(&#x27;|')s lessons \(November 30-December 6\)/);
      expect(body).toContain("Tuesday, November 24, 2026 at 4:00 PM EST: Full Lesson with Ann Lee");
      expect(body).toContain("Still to come this week");
      expect(body).toContain("Sunday, November 29, 2026 at 8:00 PM EST");
      expect(body).toContain("C major scale: reviewed by Ann Lee on Sat, Nov 28");
      expect(body).toContain("Even and steady.");
      expect(body).toContain("2-day streak");
      expect(body).toContain("Tuesday, December 1, 2026 at 4:00 PM EST");
      expect(body).toContain("Steady Hands");
      expect(body).toContain("Minuet in G, bars 1-16");
      expect(body).toContain(`https://lessons.example/parent/student/${child.studentId}`);
      expect(body).toContain("https://lessons.example/settings");
    }
    expect(mail.text).toContain("You have 1 unread message:\nhttps://lessons.example/messages");
    // Names are the family's own words: escaped in HTML, never markup.
    expect(mail.html).toContain("Mia &lt;b&gt;Park&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Park</b>");
    expect(mail.html).toContain("Worked on bars 1-16 &lt;slowly&gt;.");
    expect(mail.text).toContain("Ann Lee's note:\n        Worked on bars 1-16 <slowly>.");
    expect(mail.html).not.toMatch(/<link|<script|src="http/);
  });

  it("the summary lists each student's week and open homework, linking to My Students", async () => {
    const summary: TeacherSummary = {
      firstName: "Ann",
      weekStart: "2026-11-30",
      students: [{ studentId: "s1", name: "Mia Park", week: child.week, goal: child.goal, streak: { current: 0, longest: 3 }, openHomework: [] }],
    };
    const mail = await weeklySummaryEmail("https://lessons.example", "ann@example.test", summary);
    expect(mail.subject).toBe("Your students' practice: November 30-December 6");
    expect(mail.text).toContain(
      "Mia Park\n  Practice: 40 of 100 minutes (goal: 20 minutes a day, 5 days a week)\n    40 minutes on 2 days (25 minutes timed, 15 minutes self-reported)",
    );
    expect(mail.text).toContain("Open homework: none");
    expect(mail.text).not.toContain("streak");
    expect(mail.html).toContain("https://lessons.example/teacher/students");
  });

  describe("memory (issue 42)", () => {
    const Original = Intl.DateTimeFormat;
    afterEach(() => {
      Intl.DateTimeFormat = Original;
    });

    it("a hundred digests make the date formatters of one, not new ones per email", async () => {
      // Each formatter holds ICU objects in native memory that V8's heap does not count: made per
      // date, Sunday's digests left a server at 930 MB of RSS with 120 MB of heap.
      let made = 0;
      Intl.DateTimeFormat = new Proxy(Original, {
        construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
          made++;
          return Reflect.construct<typeof args, Intl.DateTimeFormat>(target, args);
        },
        apply(target, _this, args: Parameters<typeof Intl.DateTimeFormat>) {
          made++;
          return Reflect.apply<undefined, typeof args, Intl.DateTimeFormat>(target, undefined, args);
        },
      });
      await weeklyDigestEmail("https://lessons.example", "dana@example.test", digest);
      const forOne = made;
      for (let i = 0; i < 100; i++) await weeklyDigestEmail("https://lessons.example", `dana${i}@example.test`, { ...digest, firstName: `Dana ${i}` });
      expect(made).toBe(forOne);
    });
  });
});
