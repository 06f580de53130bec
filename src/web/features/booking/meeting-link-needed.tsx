import { Link } from "react-router";
import { MEETING_LINK_NEEDED_MESSAGE } from "../../../shared/booking/lesson-place.rules";
import { cn } from "../../lib/cn";

/**
 * Beside an online request the teacher cannot accept yet (issue 26): no meeting link exists for
 * that student. Where to add one: Settings (the default link) or My Students (one student's).
 */
export function MeetingLinkNeeded({ tone = "note" }: { tone?: "note" | "error" }) {
  return (
    <p
      role={tone === "error" ? "alert" : undefined}
      className={cn("mt-2 rounded-lg px-3 py-2 text-sm", tone === "error" ? "bg-red-50 text-red-800" : "bg-amber-50 text-amber-900")}
    >
      {MEETING_LINK_NEEDED_MESSAGE}{" "}
      <Link to="/teacher/settings#where-how-heading" className="font-medium underline">
        Open Settings
      </Link>{" "}
      or{" "}
      <Link to="/teacher/students" className="font-medium underline">
        My Students
      </Link>
      .
    </p>
  );
}
