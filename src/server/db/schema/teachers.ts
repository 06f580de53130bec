import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  type AnyPgColumn,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  uuid,
} from "drizzle-orm/pg-core";
import {
  AGE_GROUPS,
  EDUCATION_BACKGROUNDS,
  INSTRUMENT_KEYS,
  LESSON_FORMAT_KEYS,
  PROFICIENCY_LEVELS,
  TEACHER_EXPERIENCE,
  TEACHING_METHODS,
} from "../../../shared/teachers/teachers.constants";
import { TEACHER_REVIEW_STATUSES } from "../../../shared/operator/operator.constants";
import { IN_PERSON_PLACES } from "../../../shared/booking/booking.constants";
import { INVOICE_LIMITS, LATE_CANCEL_CHARGES } from "../../../shared/invoices/invoices.constants";
import { user } from "./auth";
import { allOf, createdAt, id, instant, nonBlank, oneOf, textList } from "./columns";

/**
 * What the search filters read besides the sort keys: lesson type, minimum rating, the point, and
 * the instruments (the card's list, kept by triggers), so a walk checks the instrument in the index
 * entry instead of looking up teacher_instruments for every teacher near the point.
 */
const searchFilterColumns = (t: {
  lessonFormat: AnyPgColumn;
  ratingFilterTenths: AnyPgColumn;
  latitude: AnyPgColumn;
  longitude: AnyPgColumn;
  searchInstruments: AnyPgColumn;
}) => [t.lessonFormat, t.ratingFilterTenths, t.latitude, t.longitude, t.searchInstruments];

export const teacherProfiles = pgTable(
  "teacher_profiles",
  {
    id: id(),
    userId: text()
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    /** Geocoded from city/state with the shipped gazetteer; null when the place is unknown. */
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /** IANA zone; weekly availability is kept in this zone (decisions.md section 4). */
    timeZone: text().notNull(),
    bio: text().notNull().default(""),
    hasTransportation: boolean().notNull().default(false),
    educationBackground: text().notNull(),
    teachingExperienceYears: text().notNull(),
    ageGroupsTaught: textList(),
    teachingMethods: textList(),
    teachingStyleDescription: text().notNull(),
    lessonFormat: text().notNull().default("both"),
    platformExperience: text().notNull().default(""),
    videoConferenceExperience: boolean().notNull().default(false),
    backgroundCheckConsent: boolean().notNull().default(false),
    priorComplaints: boolean().notNull().default(false),
    complaintExplanation: text(),
    canProvideReferences: boolean().notNull().default(false),
    hourlyRateMin: integer().notNull(),
    hourlyRateMax: integer().notNull(),
    introVideoUrl: text(),
    /** Hours of notice a parent gives to cancel with a make-up credit (issue 14; 0-168). */
    noticeHours: smallint().notNull().default(24),
    /** Minutes kept free between two lessons (0-30); slots and the server both respect it. */
    bufferMinutes: smallint().notNull().default(0),
    /** How soon before a start requests are taken (issue 26; 0-72 h): slots and the server respect it. */
    leadHours: smallint().notNull().default(12),
    /** What a late cancellation by the family costs from now on (issue 28): none, half or full price. */
    lateCancelCharge: text().notNull().default("none"),
    /** How families pay the teacher (outside the app), printed on invoices. */
    paymentInstructions: text().notNull().default(""),
    /** The default meeting link of online lessons and intro calls (a per-student link wins). */
    meetingUrl: text(),
    /** Where in-person lessons take place: the studio (studio_address) or the family's home. */
    inPersonPlace: text().notNull().default("studio"),
    studioAddress: text(),
    /** Set when the application's one-time upload token starts its upload; cleared if that upload fails. */
    introVideoTokenClaimedAt: instant(),
    isDiscoverable: boolean().notNull().default(false),
    /**
     * The operators' review of the application (issue 27): a teacher is listed only once approved
     * (the CHECK below), so the discovery rule stays the bare `is_discoverable` column that the
     * search indexes are built on. `reviewMessage` is the operator's request for changes or the
     * reason of a rejection, shown to the teacher; `submittedForReviewAt` orders the waiting queue.
     */
    reviewStatus: text().notNull().default("pending"),
    reviewMessage: text(),
    submittedForReviewAt: instant().notNull().defaultNow(),
    reviewedAt: instant(),
    /**
     * The application as the operator saw it at the last decision (issue 41: reviewedFields in
     * application-changes.rules.ts), so a resubmission must change something and the operator
     * reads what changed since, field by field.
     */
    reviewedApplication: jsonb().$type<Record<string, string>>(),
    discoveryEnabledAt: instant(),
    /**
     * Review figures kept by triggers on `reviews` (migration search_triggers), so search can
     * filter and sort on ratings with indexes instead of aggregating every review per query.
     */
    reviewCount: integer().notNull().default(0),
    ratingSum: integer().notNull().default(0),
    /** Average to one decimal, as shown; null while there are no reviews. */
    rating: numeric({ precision: 2, scale: 1 }).generatedAlwaysAs(
      sql`case when review_count > 0 then round(rating_sum::numeric / review_count, 1) end`,
    ),
    /**
     * What a minimum rating is compared with: the shown rating in tenths (the same rounding), or 50
     * for a teacher without reviews, who passes every minimum (decisions.md). A small integer
     * that is never null, so the sort indexes check it in the index scan itself; comparing the
     * numeric rating for every teacher a walk passed was a fifth of a page's database time.
     */
    ratingFilterTenths: smallint()
      .notNull()
      .generatedAlwaysAs(sql`case when review_count > 0 then round(rating_sum * 10.0 / review_count)::smallint else 50 end`),
    /**
     * Bayesian average (prior 4.0 worth 5 reviews, see SEARCH_RELEVANCE_PRIOR in
     * src/shared/search/search.rules.ts): a new teacher scores 4.0, one 5-star review 4.17.
     */
    relevanceScore: doublePrecision().generatedAlwaysAs(sql`(rating_sum + 20)::float8 / (review_count + 5)`),
    /**
     * What a search card shows beside the profile, kept by triggers (migration search_card_figures)
     * so that a search page reads each card from its row instead of aggregating two tables per
     * teacher: the instruments, most years taught first (ties in INSTRUMENT_KEYS order), and the
     * number of distinct students with an accepted booking.
     */
    searchInstruments: textList(),
    totalStudents: integer().notNull().default(0),
    /** Position of teaching_experience_years in TEACHER_EXPERIENCE, for the Experience sort. */
    experienceRank: smallint().generatedAlwaysAs(
      sql`case teaching_experience_years when 'Less than 1' then 0 when '1-3' then 1 when '3-5' then 2 when '5+' then 3 end`,
    ),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    // Sunday's weekly summaries find a zone's teachers through it (issue 42).
    index("teacher_profiles_zone_idx").on(t.timeZone, t.userId),
    check("teacher_profiles_names_check", nonBlank(t.firstName, t.lastName)),
    check("teacher_profiles_rate_check", sql`${t.hourlyRateMin} >= 0 and ${t.hourlyRateMin} <= ${t.hourlyRateMax}`),
    check("teacher_profiles_notice_check", sql`${t.noticeHours} between 0 and 168`),
    check("teacher_profiles_buffer_check", sql`${t.bufferMinutes} between 0 and 30`),
    check("teacher_profiles_late_cancel_charge_check", oneOf(t.lateCancelCharge, LATE_CANCEL_CHARGES)),
    check("teacher_profiles_payment_instructions_check", sql`length(${t.paymentInstructions}) <= ${sql.raw(String(INVOICE_LIMITS.paymentInstructionsMax))}`),
    check("teacher_profiles_review_status_check", oneOf(t.reviewStatus, TEACHER_REVIEW_STATUSES)),
    check("teacher_profiles_listed_when_approved_check", sql`not ${t.isDiscoverable} or ${t.reviewStatus} = 'approved'`),
    index("teacher_profiles_review_queue_idx").on(t.reviewStatus, t.submittedForReviewAt),
    check("teacher_profiles_lead_check", sql`${t.leadHours} between 0 and 72`),
    check("teacher_profiles_in_person_place_check", oneOf(t.inPersonPlace, IN_PERSON_PLACES)),
    check("teacher_profiles_meeting_url_check", sql`${t.meetingUrl} is null or (${t.meetingUrl} ~ '^https?://' and length(${t.meetingUrl}) <= 500)`),
    check("teacher_profiles_studio_address_check", sql`${t.studioAddress} is null or length(${t.studioAddress}) between 1 and 300`),
    check("teacher_profiles_format_check", oneOf(t.lessonFormat, LESSON_FORMAT_KEYS)),
    check("teacher_profiles_education_check", oneOf(t.educationBackground, EDUCATION_BACKGROUNDS)),
    check("teacher_profiles_experience_check", oneOf(t.teachingExperienceYears, TEACHER_EXPERIENCE)),
    check("teacher_profiles_age_groups_check", allOf(t.ageGroupsTaught, AGE_GROUPS)),
    check("teacher_profiles_methods_check", allOf(t.teachingMethods, TEACHING_METHODS)),
    check(
      "teacher_profiles_complaint_check",
      sql`not ${t.priorComplaints} or length(trim(coalesce(${t.complaintExplanation}, ''))) > 0`,
    ),
    // Enabling discovery stamps the time, disabling clears it: the two never disagree.
    check(
      "teacher_profiles_discovery_check",
      sql`${t.isDiscoverable} = (${t.discoveryEnabledAt} is not null)`,
    ),
    check(
      "teacher_profiles_coordinates_check",
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180))`,
    ),
    index("teacher_profiles_discoverable_idx").on(t.isDiscoverable),
    // Search (src/server/search/search.repo.ts): one partial index per sort order. The key starts
    // with the whole ORDER BY including the id tie-breaker, so a page is a range of the index read
    // forwards or, past the middle, backwards; it ends with the columns the filters read, so the
    // walk is index-only and stops as soon as a page is full.
    index("teacher_profiles_search_relevance_idx")
      .on(t.relevanceScore.desc(), t.discoveryEnabledAt.desc(), t.id.desc(), ...searchFilterColumns(t))
      .where(sql`${t.isDiscoverable}`),
    index("teacher_profiles_search_rating_idx")
      .on(t.rating.desc().nullsLast(), t.reviewCount.desc(), t.id.desc(), ...searchFilterColumns(t))
      .where(sql`${t.isDiscoverable}`),
    index("teacher_profiles_search_price_idx")
      .on(t.hourlyRateMin, t.hourlyRateMax, t.id, ...searchFilterColumns(t))
      .where(sql`${t.isDiscoverable}`),
    index("teacher_profiles_search_experience_idx")
      .on(t.experienceRank.desc(), t.relevanceScore.desc(), t.id.desc(), ...searchFilterColumns(t))
      .where(sql`${t.isDiscoverable}`),
    // Distance: earthdistance's cube point, searched with earth_box (extensions from migration 0000).
    index("teacher_profiles_search_location_idx")
      .using("gist", sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
      .where(sql`${t.isDiscoverable} and ${t.latitude} is not null`),
    // A typed place the gazetteer does not know falls back to "city or state contains" (spec section 7).
    index("teacher_profiles_search_place_text_idx")
      .using("gin", sql`(${t.city} || ', ' || ${t.state}) gin_trgm_ops`)
      .where(sql`${t.isDiscoverable}`),
  ],
);

export const teacherInstruments = pgTable(
  "teacher_instruments",
  {
    teacherId: uuid()
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: "cascade" }),
    instrument: text().notNull(),
    yearsTeaching: integer().notNull().default(0),
    proficiencyLevel: text().notNull().default("Advanced"),
  },
  (t) => [
    primaryKey({ columns: [t.teacherId, t.instrument] }),
    // Teachers by instrument (the landing page's count of instruments taught).
    index("teacher_instruments_instrument_idx").on(t.instrument, t.teacherId),
    check("teacher_instruments_instrument_check", oneOf(t.instrument, INSTRUMENT_KEYS)),
    check("teacher_instruments_years_check", sql`${t.yearsTeaching} >= 0`),
    check("teacher_instruments_proficiency_check", oneOf(t.proficiencyLevel, PROFICIENCY_LEVELS)),
  ],
);

/** Weekly windows in the teacher's time zone; day 0 = Sunday … 6 = Saturday (decisions.md). */
export const teacherAvailability = pgTable(
  "teacher_availability",
  {
    id: id(),
    teacherId: uuid()
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: "cascade" }),
    dayOfWeek: smallint().notNull(),
    startTime: time().notNull(),
    endTime: time().notNull(),
    format: text().notNull().default("both"),
    createdAt: createdAt(),
  },
  (t) => [
    index("teacher_availability_teacher_day_idx").on(t.teacherId, t.dayOfWeek, t.startTime),
    check("teacher_availability_day_check", sql`${t.dayOfWeek} between 0 and 6`),
    check("teacher_availability_order_check", sql`${t.endTime} > ${t.startTime}`),
    check("teacher_availability_format_check", oneOf(t.format, LESSON_FORMAT_KEYS)),
  ],
);
