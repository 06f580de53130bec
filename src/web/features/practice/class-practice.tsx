import * as SwitchPrimitive from "@radix-ui/react-switch";
import type { ClassDetail } from "../../../shared/classes/classes.api";
import { Alert } from "../../components/ui/alert";
import { errorMessage } from "../../lib/api";
import { StudentPractice } from "./student-practice";
import { useClassPracticeXp } from "./use-practice";

/**
 * The class page's practice: the class's homework (the teacher assigns it here, with the class's
 * files), the child's week and streak, and for the teacher the class's practice XP switch.
 */
export function ClassPractice({ detail, isTeacher }: { detail: ClassDetail; isTeacher: boolean }) {
  if (!detail.studentId) return null;
  return (
    <section aria-labelledby="class-practice-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="class-practice-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Practice
      </h2>
      {isTeacher && detail.progress.format === "xp" ? <PracticeXpSwitch classId={detail.id} enabled={detail.practice.enabled} /> : null}
      <StudentPractice studentId={detail.studentId} classId={detail.id} classTeacherId={detail.teacherId} files={detail.files.map((file) => ({ id: file.id, name: file.name }))} />
    </section>
  );
}

function PracticeXpSwitch({ classId, enabled }: { classId: string; enabled: boolean }) {
  const toggle = useClassPracticeXp(classId);
  const id = `practice-xp-${classId}`;
  return (
    <div className="mb-4 border-b border-slate-100 pb-4">
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={id} className="block cursor-pointer text-sm font-medium text-slate-900">
            Practice earns XP
          </label>
          <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
            1 XP per minute logged, up to the day&apos;s goal minutes (60 without a goal). Turning it off takes practice XP out of the level.
          </p>
        </div>
        <SwitchPrimitive.Root
          id={id}
          checked={toggle.isPending ? toggle.variables : enabled}
          disabled={toggle.isPending}
          onCheckedChange={(checked) => toggle.mutate(checked)}
          aria-describedby={`${id}-hint`}
          className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <SwitchPrimitive.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </SwitchPrimitive.Root>
      </div>
      {toggle.isError ? <Alert className="mt-2">{errorMessage(toggle.error, "Failed to change practice XP.")}</Alert> : null}
    </div>
  );
}
