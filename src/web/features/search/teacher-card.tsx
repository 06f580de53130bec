import { Award, MapPin, Navigation, Star, Users } from "lucide-react";
import { Link } from "react-router";
import type { TeacherSearchResult } from "../../../shared/search/search.schemas";
import {
  formatDistance,
  formatExperience,
  formatRateRange,
  formatRating,
  formatStudents,
  initialsOf,
} from "../../../shared/search/search.rules";
import { INSTRUMENTS } from "../../../shared/teachers/teachers.constants";
import { buttonClasses } from "../../components/ui/button";

/**
 * One search result (spec section 2, Teacher card). There are no teacher photos in the data
 * model, so the photo is an initials avatar: nothing to download, nothing invented.
 */
export function TeacherCard({ teacher, profileHref }: { teacher: TeacherSearchResult; profileHref: string }) {
  const primary = teacher.instruments[0];
  const nameId = `teacher-${teacher.teacherId}-name`;
  const offersInPerson = teacher.lessonFormat !== "online";
  const offersOnline = teacher.lessonFormat !== "in_person";
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:shadow-md"
    >
      <div className="flex items-start gap-4">
        <div
          aria-hidden
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-800"
        >
          {initialsOf(teacher.fullName)}
        </div>
        <div className="min-w-0 flex-1">
          <h3 id={nameId} className="truncate text-lg font-semibold text-slate-900">
            {teacher.fullName}
          </h3>
          {primary ? <p className="text-sm font-medium text-brand-700">{INSTRUMENTS[primary]} Teacher</p> : null}
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-700">
            {teacher.rating === null ? (
              <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">New</span>
            ) : (
              <>
                <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
                <span>
                  <span className="sr-only">Rated </span>
                  {formatRating(teacher.rating, teacher.reviewCount)}
                </span>
              </>
            )}
          </p>
        </div>
      </div>

      <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
        <li className="flex items-center gap-2">
          <MapPin aria-hidden className="size-4 shrink-0 text-slate-500" />
          {teacher.city}, {teacher.state}
        </li>
        {teacher.distanceMiles !== null ? (
          <li className="flex items-center gap-2">
            <Navigation aria-hidden className="size-4 shrink-0 text-slate-500" />
            {formatDistance(teacher.distanceMiles)}
          </li>
        ) : null}
        <li className="flex items-center gap-2">
          <Users aria-hidden className="size-4 shrink-0 text-slate-500" />
          {formatStudents(teacher.totalStudents)}
        </li>
        <li className="flex items-center gap-2">
          <Award aria-hidden className="size-4 shrink-0 text-slate-500" />
          {formatExperience(teacher.teachingExperienceYears)}
        </li>
      </ul>

      <div className="mt-4 flex flex-wrap gap-2">
        {offersInPerson ? (
          <span className="rounded-full bg-sky-50 px-2.5 py-1 text-xs font-medium text-sky-800 ring-1 ring-sky-200">In-person</span>
        ) : null}
        {offersOnline ? (
          <span className="rounded-full bg-violet-50 px-2.5 py-1 text-xs font-medium text-violet-800 ring-1 ring-violet-200">Online</span>
        ) : null}
      </div>

      <div className="mt-auto flex items-center justify-between gap-3 pt-5">
        <p className="text-lg font-semibold text-slate-900">{formatRateRange(teacher.hourlyRateMin, teacher.hourlyRateMax)}</p>
        {/* Each card's link names its teacher: a list of links reads "View Taylor Morgan's profile", not nine times "View Profile". */}
        <Link to={profileHref} className={buttonClasses("primary", "md")}>
          View<span className="sr-only"> {teacher.fullName}&apos;s</span> Profile
        </Link>
      </div>
    </article>
  );
}

/** Placeholder of a card while a page loads. */
export function TeacherCardSkeleton() {
  return (
    <div aria-hidden className="h-full animate-pulse rounded-2xl border border-slate-200 bg-white p-5" data-testid="teacher-card-skeleton">
      <div className="flex items-start gap-4">
        <div className="size-16 rounded-full bg-slate-200" />
        <div className="flex-1 space-y-2 pt-1">
          <div className="h-4 w-3/4 rounded bg-slate-200" />
          <div className="h-3 w-1/2 rounded bg-slate-200" />
          <div className="h-3 w-1/3 rounded bg-slate-200" />
        </div>
      </div>
      <div className="mt-5 space-y-2">
        <div className="h-3 w-2/3 rounded bg-slate-200" />
        <div className="h-3 w-1/2 rounded bg-slate-200" />
        <div className="h-3 w-3/5 rounded bg-slate-200" />
      </div>
      <div className="mt-6 flex items-center justify-between">
        <div className="h-5 w-20 rounded bg-slate-200" />
        <div className="h-10 w-28 rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}
