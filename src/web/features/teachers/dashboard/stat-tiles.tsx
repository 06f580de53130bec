import { CalendarCheck, Inbox, Layers, Users } from "lucide-react";
import type { TeacherStats } from "../../../../shared/teachers/profile.schemas";

const TILES = [
  { key: "pendingRequests", label: "Pending requests", icon: Inbox },
  { key: "upcomingLessonsThisWeek", label: "Lessons in the next 7 days", icon: CalendarCheck },
  { key: "activeStudents", label: "Active students", icon: Users },
  { key: "activeClasses", label: "Active classes", icon: Layers },
] as const satisfies readonly { key: keyof TeacherStats; label: string; icon: unknown }[];

/** The four dashboard figures, all counted from real rows (decisions.md). */
export function StatTiles({ stats }: { stats: TeacherStats }) {
  return (
    <section aria-label="Your figures">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {TILES.map(({ key, label, icon: Icon }) => (
          <div key={key} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
            <dt className="flex items-start gap-2 text-sm text-slate-600">
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
              {label}
            </dt>
            <dd className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">{stats[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
