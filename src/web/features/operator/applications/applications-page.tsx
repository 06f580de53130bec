import { ChevronRight, Clock } from "lucide-react";
import { Link } from "react-router";
import { waitedLabel } from "../../../../shared/operator/applications.rules";
import { INSTRUMENTS, type Instrument } from "../../../../shared/teachers/teachers.constants";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api";
import { useWaitingApplications } from "./use-applications";

const instrumentNames = (keys: string[]) => keys.map((key) => INSTRUMENTS[key as Instrument] ?? key).join(", ");

/** /operator/applications (issue 27): teacher applications waiting for review, oldest first. */
export function Component() {
  const queue = useWaitingApplications();
  return (
    <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Teacher applications</h1>
      <p className="mt-1 text-sm text-slate-600">
        Families can find a teacher only once you approve their application. The longest wait is at the top.
      </p>
      <div className="mt-6">
        {queue.isPending ? (
          <Spinner label="Loading applications..." />
        ) : queue.isError ? (
          <Alert>
            <p>{errorMessage(queue.error, "The applications could not be loaded.")}</p>
            <Button variant="link" className="mt-1" onClick={() => void queue.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : queue.data.applications.length === 0 ? (
          <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">No applications are waiting for review.</p>
        ) : (
          <>
            <p className="text-sm font-medium text-slate-700" aria-live="polite">
              {queue.data.total === 1 ? "1 application waiting" : `${queue.data.total} applications waiting`}
              {queue.data.total > queue.data.applications.length ? ` (the ${queue.data.applications.length} oldest shown)` : ""}
            </p>
            <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
              {queue.data.applications.map((application) => (
                <li key={application.teacherId}>
                  <Link
                    to={`/operator/applications/${application.teacherId}`}
                    className="flex items-center gap-3 p-4 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none sm:px-5"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold break-words text-slate-900">
                        {application.firstName} {application.lastName}
                      </span>
                      <span className="block text-sm break-words text-slate-600">
                        {application.city}, {application.state} · {instrumentNames(application.instruments)}
                      </span>
                    </span>
                    <span className="flex shrink-0 items-center gap-1 text-sm text-slate-700">
                      <Clock aria-hidden className="size-4" />
                      <span>
                        <span className="sr-only">Waiting for </span>
                        {waitedLabel(application.waitedHours)}
                      </span>
                    </span>
                    <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-400" />
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </main>
  );
}
