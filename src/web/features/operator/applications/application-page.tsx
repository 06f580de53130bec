import type { ReactNode } from "react";
import { useParams } from "react-router";
import { AppError } from "../../../../shared/errors";
import type { ApplicationDetail } from "../../../../shared/operator/applications.schemas";
import type { TeacherReviewStatus } from "../../../../shared/operator/operator.constants";
import { IN_PERSON_PLACE_LABELS } from "../../../../shared/teachers/profile.schemas";
import { INSTRUMENTS, LESSON_FORMATS, US_STATES, type UsState } from "../../../../shared/teachers/teachers.constants";
import { dayName } from "../../../../shared/teachers/weekly-availability.rules";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useFlash } from "../../../components/ui/form";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api";
import { DecisionDialog } from "./decision-dialog";
import { useApplication } from "./use-applications";
import { formatWhen } from "../reports/report-labels";
import { BackLink } from "../../../components/ui/back-link";

const STATUS_LABELS: Record<TeacherReviewStatus, string> = {
  pending: "Waiting for review",
  changes_requested: "Changes asked for",
  approved: "Approved",
  rejected: "Rejected",
};

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** /operator/applications/:teacherId (issue 27): everything the teacher submitted, and the decision. */
export function Component() {
  const { teacherId = "" } = useParams();
  const application = useApplication(teacherId);
  const flash = useFlash<string>(6000);

  return (
    <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to="/operator/applications">All waiting applications</BackLink>
      {application.isPending ? (
        <Spinner label="Loading application..." />
      ) : application.isError ? (
        <Alert className="mt-6">
          <p>
            {application.error instanceof AppError && application.error.code === "not_found"
              ? "This application does not exist (the teacher may have deleted their account)."
              : errorMessage(application.error, "The application could not be loaded.")}
          </p>
          <Button variant="link" className="mt-1" onClick={() => void application.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Application data={application.data} flash={flash} />
      )}
    </main>
  );
}

function Application({ data, flash }: { data: ApplicationDetail; flash: { message: string | null; show: (message: string) => void } }) {
  return (
    <>
      <header className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
            {data.firstName} {data.lastName}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {STATUS_LABELS[data.reviewStatus]} · submitted for review {formatWhen(data.submittedForReviewAt)}
          </p>
        </div>
        {data.reviewStatus === "pending" ? (
          <div className="flex flex-wrap gap-2" role="group" aria-label="Decision">
            <DecisionDialog teacherId={data.id} decision="approve" onDecided={flash.show} />
            <DecisionDialog teacherId={data.id} decision="ask-for-changes" onDecided={flash.show} />
            <DecisionDialog teacherId={data.id} decision="reject" onDecided={flash.show} />
          </div>
        ) : null}
      </header>
      {flash.message ? (
        <Alert tone="success" className="mt-4">
          {flash.message}
        </Alert>
      ) : null}
      {data.reviewMessage && data.reviewStatus !== "pending" ? (
        <Alert tone="info" className="mt-4">
          <p className="font-medium">{data.reviewStatus === "rejected" ? "Reason given to the teacher" : "Message to the teacher"}</p>
          <p className="mt-1 break-words whitespace-pre-line">{data.reviewMessage}</p>
        </Alert>
      ) : null}

      <div className="mt-6 space-y-6">
        {data.changesSinceReview ? (
          <Section title="Changed since the last review">
            <ChangesSinceReview changes={data.changesSinceReview} asked={data.reviewStatus === "pending" ? data.reviewMessage : null} />
          </Section>
        ) : null}
        <Section title="Introduction video">
          {data.introVideoUrl ? (
            // The same range-served address families would use once the teacher is listed.
            <video controls preload="metadata" src={data.introVideoUrl} className="aspect-video w-full rounded-lg bg-black">
              <track kind="captions" />
            </video>
          ) : (
            <p className="text-sm text-slate-600">No video uploaded.</p>
          )}
        </Section>

        <Section title="About the teacher">
          <Facts
            rows={[
              ["Account email", data.accountEmail],
              ["Contact email", data.email],
              ["Phone", data.phone],
              ["Lives in", `${data.city}, ${US_STATES[data.state as UsState] ?? data.state}`],
              ["Time zone", data.timeZone],
              ["Applied", formatWhen(data.createdAt)],
            ]}
          />
        </Section>

        <Section title="Teaching">
          <Facts
            rows={[
              ["Instruments", data.instruments.map((i) => INSTRUMENTS[i]).join(", ")],
              ["Teaching experience", `${data.teachingExperienceYears} years`],
              ["Education", data.educationBackground],
              ["Methods", data.teachingMethods.join(", ") || "None given"],
              ["Age groups", data.ageGroupsTaught.join(", ") || "None given"],
              ["Hourly rate", `$${data.hourlyRateMin} to $${data.hourlyRateMax}`],
              ["Lesson format", LESSON_FORMATS[data.lessonFormat]],
              ...(data.lessonFormat !== "online"
                ? ([
                    ["In-person lessons", IN_PERSON_PLACE_LABELS[data.inPersonPlace]],
                    ["Studio address", data.studioAddress ?? "None given"],
                  ] as [string, string][])
                : []),
              ["Has transportation", yesNo(data.hasTransportation)],
              ["Online platforms used", data.platformExperience || "None given"],
              ["Has taught by video call", yesNo(data.videoConferenceExperience)],
            ]}
          />
          <LongText label="Teaching style" text={data.teachingStyleDescription} />
          <LongText label="Bio" text={data.bio} />
        </Section>

        <Section title="Weekly availability">
          {data.availability.length === 0 ? (
            <p className="text-sm text-slate-600">No hours set.</p>
          ) : (
            <ul className="space-y-1 text-sm text-slate-800">
              {data.availability.map((window) => (
                <li key={`${window.dayOfWeek}-${window.startTime}`}>
                  {dayName(window.dayOfWeek)}: {window.startTime} to {window.endTime}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Screening answers">
          <Facts
            rows={[
              ["Consents to a background check", yesNo(data.backgroundCheckConsent)],
              ["Had complaints before", yesNo(data.priorComplaints)],
              ["Can provide references", yesNo(data.canProvideReferences)],
            ]}
          />
          {data.priorComplaints ? <LongText label="About the complaints" text={data.complaintExplanation ?? "No explanation given."} /> : null}
        </Section>
      </div>
    </>
  );
}

/** Issue 41: what the teacher changed since the operator's last decision, field by field. */
function ChangesSinceReview({ changes, asked }: { changes: NonNullable<ApplicationDetail["changesSinceReview"]>; asked: string | null }) {
  return (
    <div className="space-y-3 text-sm">
      {asked ? (
        <p className="break-words whitespace-pre-line text-slate-700">
          <span className="font-medium">Asked for:</span> {asked}
        </p>
      ) : null}
      {changes.length === 0 ? (
        <p className="text-slate-600">Nothing has changed since the last review.</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Changed fields">
          {changes.map((change) => (
            <li key={change.field} className="py-2">
              <p className="font-medium text-slate-900">{change.field}</p>
              <p className="mt-1 break-words whitespace-pre-line text-slate-600">
                <span className="font-medium">Before:</span> {change.before}
              </p>
              <p className="break-words whitespace-pre-line text-slate-900">
                <span className="font-medium">Now:</span> {change.after}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="mb-2 break-words text-slate-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function LongText({ label, text }: { label: string; text: string }) {
  return (
    <div className="mt-4 text-sm">
      <p className="font-medium text-slate-600">{label}</p>
      <p className="mt-1 break-words whitespace-pre-line text-slate-900">{text || "None given."}</p>
    </div>
  );
}
