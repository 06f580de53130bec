import { MapPin, Monitor, Star } from "lucide-react";
import { BOOKING_TYPES, type BookingType } from "../../../../shared/booking/booking.constants";
import { lessonPrice } from "../../../../shared/booking/lesson-price.rules";
import { ratingSummary } from "../../../../shared/reviews/reviews.rules";
import { initials, offersOnline, teacherTitle } from "../../../../shared/teachers/public-profile.rules";
import type { PublicTeacherProfile } from "../../../../shared/teachers/public-profile.schemas";
import { INSTRUMENTS } from "../../../../shared/teachers/teachers.constants";

/** Name, instrument, place, online note, the two lesson tiles and the real rating (spec section 2). */
export function ProfileHeader({ profile }: { profile: PublicTeacherProfile }) {
  const otherInstruments = profile.instruments.slice(1).map((key) => INSTRUMENTS[key]);
  const hasReviews = profile.rating !== null && profile.reviewCount > 0;
  return (
    <header className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span
          aria-hidden
          className="flex size-20 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-800 sm:size-24 sm:text-3xl"
        >
          {initials(profile.firstName, profile.lastName)}
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
            {profile.firstName} {profile.lastName}
          </h1>
          <p className="mt-1 text-lg font-medium text-brand-700">{teacherTitle(profile.instruments)}</p>
          {otherInstruments.length ? <p className="text-sm text-slate-600">Also teaches {otherInstruments.join(", ")}</p> : null}
          <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
            <li className="flex items-center gap-1.5">
              <MapPin aria-hidden className="size-4 text-slate-500" />
              {profile.city}, {profile.state}
            </li>
            <li className="flex items-center gap-1.5">
              <Star aria-hidden className={hasReviews ? "size-4 fill-amber-400 text-amber-400" : "size-4 text-slate-500"} />
              {hasReviews ? <span className="font-medium text-slate-900">{ratingSummary(profile.rating, profile.reviewCount)}</span> : ratingSummary(null, 0)}
            </li>
            {offersOnline(profile.lessonFormat) ? (
              <li className="flex items-center gap-1.5">
                <Monitor aria-hidden className="size-4 text-slate-500" />
                Available for online lessons
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-3">
        <LessonTile type="intro" price={lessonPrice("intro", profile)} />
        <LessonTile type="full" price={lessonPrice("full", profile)} />
      </dl>
    </header>
  );
}

function LessonTile({ type, price }: { type: BookingType; price: string }) {
  const { label, minutes } = BOOKING_TYPES[type];
  return (
    <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:p-4">
      <dt className="text-sm font-semibold text-slate-900">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="text-sm text-slate-600">{minutes} min</span>
        <span className="text-lg font-bold text-slate-900">{price}</span>
      </dd>
    </div>
  );
}
