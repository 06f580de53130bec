import { UserX } from "lucide-react";
import { Suspense, type ReactNode } from "react";
import { useParams } from "react-router";
import type { BookingType } from "../../../../shared/booking/booking.constants";
import { AppError } from "../../../../shared/errors";
import type { PublicTeacherProfile } from "../../../../shared/teachers/public-profile.schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useBookTeacher } from "../../booking/use-book-teacher";
import { ReviewsSection } from "../../reviews/reviews-section";
import { lazyPart, useOpenedOnce } from "../../../lib/lazy-parts";
import { ServerHtml } from "../../../lib/server-html";
import { BackToSearchLink } from "./back-to-search-link";
import { BookingPanel } from "./booking-panel";
import { useCanReport } from "../../reports/report-button";
import { preloadSignIn } from "../../auth/auth-dialogs";
import { useMe } from "../../auth/use-me";
import { ProfileHeader } from "./profile-header";
import { AboutSection, ListSection, VideoSection } from "./profile-sections";
import { usePublicProfile } from "./use-public-profile";

/** /teacher/profile/:teacherId (spec section 2, decisions.md section 2): a discoverable teacher's public profile. */
export function Component() {
  const { teacherId = "" } = useParams();
  const profile = usePublicProfile(teacherId);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    if (profile.error instanceof AppError && profile.error.code === "not_found") return <TeacherNotFound />;
    return (
      <Page>
        <h1 className="text-2xl font-bold text-slate-900">Teacher Profile</h1>
        <Alert className="mt-4 max-w-xl">
          <p>Failed to load teacher profile</p>
          <Button variant="link" className="mt-1" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </Alert>
      </Page>
    );
  }
  return <BookableProfile profile={profile.data} />;
}

// The booking flow (calendar, date-fns zones, forms) loads when a booking button is used, not with
// the profile: the profile paints sooner and a visitor who only reads it never downloads it.
const BookTeacherDialogs = lazyPart(() => import("../../booking/book-teacher-dialogs").then((m) => m.BookTeacherDialogs));

function BookableProfile({ profile }: { profile: PublicTeacherProfile }) {
  const booking = useBookTeacher();
  const me = useMe();
  const dialogsMounted = useOpenedOnce(Boolean(booking.bookingType) || booking.notParent);
  // What a booking button's tap opens, fetched on intent: Sign In for a visitor, the booking flow for an account.
  const onIntent = () => void (me.data?.user ? BookTeacherDialogs.preload() : preloadSignIn());
  return (
    <>
      <TeacherProfileScreen profile={profile} onBook={booking.onBook} onIntent={onIntent} />
      {dialogsMounted ? (
        <Suspense fallback={null}>
          <BookTeacherDialogs teacher={profile} booking={booking} />
        </Suspense>
      ) : null}
    </>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
      <BackToSearchLink />
      <div className="mt-4">{children}</div>
    </main>
  );
}

function TeacherNotFound() {
  return (
    <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <UserX aria-hidden className="mb-4 size-12 text-slate-400" />
      <h1 className="text-2xl font-bold text-slate-900">Teacher Not Found</h1>
      <p className="mt-3 text-slate-600">This teacher profile does not exist or has been removed</p>
      <BackToSearchLink look="button" className="mt-6" />
    </main>
  );
}

/**
 * The profile. `onBook` is what the booking panel's two buttons do (see useBookTeacher).
 */
function TeacherProfileScreen({
  profile,
  onBook,
  onIntent,
}: {
  profile: PublicTeacherProfile;
  onBook: (type: BookingType) => void;
  onIntent: () => void;
}) {
  return (
    <Page>
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {/* The teacher's details change only with the profile's answer: kept as the server's HTML until then. */}
          <ServerHtml data={profile} className="block space-y-6">
            <ProfileHeader profile={profile} />
            <VideoSection profile={profile} />
            <AboutSection profile={profile} />
            <div className="grid gap-6 sm:grid-cols-2">
              <ListSection id="methods-heading" title="Teaching Methods" items={profile.teachingMethods} empty="Not specified" />
              <ListSection id="ages-heading" title="Age Groups" items={profile.ageGroupsTaught} empty="Not specified" />
            </div>
          </ServerHtml>
          <ReviewsSection teacherId={profile.id} teacherFirstName={profile.firstName} />
          <ReportProfileWhenSignedIn teacherId={profile.id} name={`${profile.firstName} ${profile.lastName}`} />
        </div>
        {/* Sticky below the top bar (h-16) on wide screens; after the content on phones. */}
        <BookingPanel profile={profile} onBook={onBook} onIntent={onIntent} className="lg:sticky lg:top-20" />
      </div>
    </Page>
  );
}

/**
 * Report (issue 27) is for signed-in parents and teachers: its code (and the teacher's own profile
 * query that hides it on their own page) loads only for them, not with every visitor's profile.
 */
const ReportProfile = lazyPart(() => import("./signed-in-parts").then((m) => m.ReportProfile));

function ReportProfileWhenSignedIn(props: { teacherId: string; name: string }) {
  if (!useCanReport()) return null;
  return (
    <Suspense fallback={null}>
      <ReportProfile {...props} />
    </Suspense>
  );
}

function ProfileSkeleton() {
  const block = "animate-pulse rounded-2xl bg-slate-100";
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
      <div role="status">
        <span className="sr-only">Loading teacher profile...</span>
        <div aria-hidden className="h-5 w-32 animate-pulse rounded bg-slate-100" />
        <div aria-hidden className="mt-4 grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <div className={`${block} h-64 sm:h-56`} />
            <div className={`${block} aspect-video`} />
            <div className={`${block} h-32`} />
          </div>
          <div className={`${block} h-72`} />
        </div>
      </div>
    </main>
  );
}
