import { authCases } from "./cases/auth.cases";
import { bookingCases } from "./cases/booking.cases";
import { classesCases } from "./cases/classes.cases";
import { earningsCases } from "./cases/earnings.cases";
import { emailPreferencesCases } from "./cases/email-preferences.cases";
import { householdsCases } from "./cases/households.cases";
import { invoicesCases } from "./cases/invoices.cases";
import { lessonsCases } from "./cases/lessons.cases";
import { lessonSettingsCases } from "./cases/lesson-settings.cases";
import { calendarCases } from "./cases/calendar.cases";
import { messagesCases } from "./cases/messages.cases";
import { operatorCases } from "./cases/operator.cases";
import { operatorApplicationsCases } from "./cases/operator-applications.cases";
import { operatorAccountsCases } from "./cases/operator-accounts.cases";
import { parentsCases } from "./cases/parents.cases";
import { platformCases } from "./cases/platform.cases";
import { practiceCases } from "./cases/practice.cases";
import { publicProfileCases } from "./cases/public-profile.cases";
import { reportsCases } from "./cases/reports.cases";
import { reviewsCases } from "./cases/reviews.cases";
import { searchCases } from "./cases/search.cases";
import { studentsCases } from "./cases/students.cases";
import { teachersCases } from "./cases/teachers.cases";
import { teachersApplicationCases } from "./cases/teachers-application.cases";
import { waitlistCases } from "./cases/waitlist.cases";
import type { RouteCase } from "./route-case";

export type { RouteCase } from "./route-case";

/**
 * The authorization matrix: one entry per API route, kept per feature in tests/api/cases/. A new
 * route without an entry fails the matrix test, so every change that adds a route says who may call it.
 */
export const ROUTE_CASES: RouteCase[] = [
  ...platformCases,
  ...authCases,
  ...emailPreferencesCases,
  ...studentsCases,
  ...parentsCases,
  ...householdsCases,
  ...teachersCases,
  ...searchCases,
  ...teachersApplicationCases,
  ...bookingCases,
  ...publicProfileCases,
  ...reviewsCases,
  ...reportsCases,
  ...classesCases,
  ...calendarCases,
  ...earningsCases,
  ...invoicesCases,
  ...practiceCases,
  ...messagesCases,
  ...lessonsCases,
  ...waitlistCases,
  ...lessonSettingsCases,
  ...operatorCases,
  ...operatorApplicationsCases,
  ...operatorAccountsCases,
];
