import { Clock, FileWarning, Send, XCircle } from "lucide-react";
import { Link } from "react-router";
import type { TeacherReviewStatus } from "../../../../shared/operator/operator.constants";
import { DISCOVERY_NEEDS_APPROVAL_MESSAGES } from "../../../../shared/teachers/review-status.rules";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useFlash } from "../../../components/ui/form";
import { errorMessage } from "../../../lib/api";
import { useResubmitApplication } from "./use-teacher-dashboard";

/**
 * Issue 27: until the desk approves the application, the dashboard says where it stands and what
 * the teacher can do about it. An approved application needs no notice: the discovery switch is
 * the teacher's to use.
 */
export function ReviewStatusNotice({ status, message, supportEmail }: { status: TeacherReviewStatus; message: string | null; supportEmail: string }) {
  if (status === "approved") return null;
  return (
    <section aria-labelledby="review-heading" className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950 sm:p-6">
      {status === "pending" ? <Pending /> : status === "changes_requested" ? <ChangesRequested message={message} /> : <Rejected message={message} supportEmail={supportEmail} />}
    </section>
  );
}

function Heading({ icon: Icon, children }: { icon: typeof Clock; children: string }) {
  return (
    <h2 id="review-heading" className="flex items-center gap-2 text-lg font-semibold">
      <Icon aria-hidden className="size-5 shrink-0" />
      {children}
    </h2>
  );
}

function Pending() {
  return (
    <>
      <Heading icon={Clock}>Application under review</Heading>
      <p className="mt-2 text-sm">{DISCOVERY_NEEDS_APPROVAL_MESSAGES.pending}</p>
      <p className="mt-1 text-sm">We will email you as soon as it is decided. Meanwhile you can set your hours and finish your profile.</p>
    </>
  );
}

function OperatorMessage({ label, message }: { label: string; message: string | null }) {
  if (!message) return null;
  return (
    <figure className="mt-3 rounded-lg border border-amber-200 bg-white p-3 text-sm text-slate-900">
      <figcaption className="font-medium text-slate-700">{label}</figcaption>
      <blockquote className="mt-1 break-words whitespace-pre-line">{message}</blockquote>
    </figure>
  );
}

function ChangesRequested({ message }: { message: string | null }) {
  const resubmit = useResubmitApplication();
  const flash = useFlash(3000);
  return (
    <>
      <Heading icon={FileWarning}>Changes needed to your application</Heading>
      <OperatorMessage label="What our team asked for" message={message} />
      <p className="mt-3 text-sm">
        Make these changes in{" "}
        <Link to="/teacher/settings" className="font-medium underline underline-offset-2">
          Settings
        </Link>
        , then resubmit your application. Families can find you once it is approved.
      </p>
      <Button
        className="mt-4"
        disabled={resubmit.isPending}
        onClick={() => {
          flash.clear();
          resubmit.mutate(undefined, { onSuccess: () => flash.show("Your application is back with our team for review.") });
        }}
      >
        <Send aria-hidden className="size-4" />
        {resubmit.isPending ? "Resubmitting…" : "Resubmit for review"}
      </Button>
      {flash.message ? (
        <Alert tone="success" className="mt-4">
          {flash.message}
        </Alert>
      ) : null}
      {resubmit.isError ? <Alert className="mt-4">{errorMessage(resubmit.error, "Your application could not be resubmitted. Please try again.")}</Alert> : null}
    </>
  );
}

function Rejected({ message, supportEmail }: { message: string | null; supportEmail: string }) {
  return (
    <>
      <Heading icon={XCircle}>Your application was not approved</Heading>
      <OperatorMessage label="The reason our team gave" message={message} />
      <p className="mt-3 text-sm">
        Families cannot find you in search. Your account stays open. If you have questions, write to{" "}
        <a href={`mailto:${supportEmail}`} className="font-medium underline">
          {supportEmail}
        </a>
        .
      </p>
    </>
  );
}
