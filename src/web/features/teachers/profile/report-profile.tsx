import { ReportButton, useCanReport } from "../../reports/report-button";
import { useMe } from "../../auth/use-me";
import { useTeacherProfile } from "../settings/use-teacher-profile";

/** Something wrong with the profile: signed-in parents and teachers may report it, but not their own (issue 27). */
export function ReportProfile({ teacherId, name }: { teacherId: string; name: string }) {
  const me = useMe();
  const own = useTeacherProfile({ enabled: Boolean(me.data?.profiles.teacher) });
  const canReport = useCanReport();
  // A teacher's own id is known only once loaded: no Report button flashes on their own profile.
  if (!canReport || own.isLoading || own.data?.id === teacherId) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
      Something wrong with this profile?
      <ReportButton targetKind="teacher" targetId={teacherId} label={`Report ${name}'s profile`} variant="secondary" />
    </p>
  );
}
