import { CalendarCheck, PhoneCall } from "lucide-react";
import { Suspense, type ReactNode } from "react";
import type { BookingType } from "../../../../shared/booking/booking.constants";
import { lessonPrice } from "../../../../shared/booking/lesson-price.rules";
import type { PublicTeacherProfile } from "../../../../shared/teachers/public-profile.schemas";
import { cn } from "../../../lib/cn";
import { lazyPart } from "../../../lib/lazy-parts";
import { useMe } from "../../auth/use-me";
import { MessageTeacherButton } from "./message-teacher-button";

// Only a signed-in parent may join a waitlist: its button is not in a visitor's first load.
const JoinWaitlistButton = lazyPart(() => import("./signed-in-parts").then((m) => m.JoinWaitlistButton));

/**
 * The Book a Lesson panel (sticky beside the profile on wide screens, after it on phones).
 * `onBook` opens the booking flow (see features/booking/use-book-teacher.ts).
 */
export function BookingPanel({
  profile,
  onBook,
  onIntent,
  className,
}: {
  profile: PublicTeacherProfile;
  onBook: (type: BookingType) => void;
  /** A pointer over, a touch on or focus on a booking button: fetch what its tap will open. */
  onIntent?: () => void;
  className?: string;
}) {
  const me = useMe();
  return (
    <aside aria-labelledby="book-heading" className={cn("rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6", className)}>
      <h2 id="book-heading" className="text-lg font-semibold text-slate-900">
        Book a Lesson
      </h2>
      <div className="mt-4 flex flex-col gap-3">
        <BookingChoice
          icon={<PhoneCall aria-hidden className="size-5" />}
          title="Book Introduction Call"
          detail="Free, 15-minute call"
          primary
          onIntent={onIntent}
          onClick={() => onBook("intro")}
        />
        <BookingChoice
          icon={<CalendarCheck aria-hidden className="size-5" />}
          title="Book a Lesson"
          detail={`${lessonPrice("full", profile)}/hour, price varies`}
          onIntent={onIntent}
          onClick={() => onBook("full")}
        />
        <div className="border-t border-slate-100 pt-3">
          <MessageTeacherButton teacherId={profile.id} firstName={profile.firstName} />
        </div>
        {me.data?.role === "parent" ? (
          <Suspense fallback={null}>
            <JoinWaitlistButton teacherId={profile.id} teacherName={`${profile.firstName} ${profile.lastName}`} className="border-t border-slate-100 pt-3" />
          </Suspense>
        ) : null}
      </div>
    </aside>
  );
}

function BookingChoice({
  icon,
  title,
  detail,
  primary = false,
  onIntent,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  detail: string;
  primary?: boolean;
  onIntent: (() => void) | undefined;
  onClick: (() => void) | undefined;
}) {
  return (
    <button
      type="button"
      disabled={!onClick}
      onPointerEnter={onIntent}
      onTouchStart={onIntent}
      onFocus={onIntent}
      onClick={onClick}
      className={cn(
        "flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left transition-colors disabled:cursor-not-allowed",
        primary
          ? "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/60"
          : "bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 disabled:bg-slate-50 disabled:text-slate-500",
      )}
    >
      <span className="shrink-0">{icon}</span>
      <span className="min-w-0">
        <span className="block font-semibold">{title}</span>
        <span className={cn("block text-sm", primary ? "text-white/90" : "text-slate-600")}>{detail}</span>
      </span>
    </button>
  );
}
