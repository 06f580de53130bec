import { CheckCircle2, Lock, Sparkles } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { ClassDetail } from "../../../shared/classes/classes.api";
import { LEVEL_TITLE } from "../../../shared/classes/classes.constants";
import type { Achievement, ProgressCategory } from "../../../shared/classes/classes.schemas";
import { toCategoryValue, xpProgressPercent } from "../../../shared/classes/progress.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { useFlash } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { celebrate } from "./celebrate";
import { ProgressBar } from "./progress-bar";
import { useSetCategoryValue, useUnlockAchievement } from "./use-classes";

/** The day the family joined, on the viewer's calendar. */
const JOINED = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** Home tab in xp format: level, xp bar, level title and the category cards with their achievements. */
export function XpProgress({ detail, isTeacher }: { detail: ClassDetail; isTeacher: boolean }) {
  const { progress } = detail;
  const unlock = useUnlockAchievement(detail.id);
  const popup = useFlash<{ achievement: Achievement; xpGained: number }>(3000);
  const percent = xpProgressPercent(progress.xp, progress.xpToNextLevel);

  const onUnlock = (categoryId: string, achievementId: string) =>
    unlock.mutate(
      { categoryId, achievementId },
      {
        onSuccess: (result) => {
          popup.show({ achievement: result.achievement, xpGained: result.xpGained });
          void celebrate();
        },
      },
    );

  return (
    <div className="space-y-6">
      <section aria-label="Level" className="flex items-center gap-4 rounded-2xl bg-gradient-to-br from-brand-50 to-white p-5 ring-1 ring-brand-100">
        <div className="flex size-16 shrink-0 flex-col items-center justify-center rounded-full bg-brand-600 text-white shadow">
          <span className="text-[10px] font-semibold uppercase tracking-wide">Level</span>
          <span data-testid="level" className="text-2xl font-bold leading-none">
            {progress.level}
          </span>
        </div>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-slate-900">{LEVEL_TITLE}</p>
          <ProgressBar className="mt-2" percent={percent} label="Progress to the next level" valueText={`${progress.xp} of ${progress.xpToNextLevel} XP`} />
          <p data-testid="xp" className="mt-1 text-sm text-slate-600">
            {progress.xp} / {progress.xpToNextLevel} XP
          </p>
          {/* Practice XP is already in the level and the bar (issue 29); its own line says where it came from. */}
          {detail.practice.enabled && detail.enrolledSince ? (
            <p data-testid="practice-xp" className="text-sm text-slate-600">
              Practice: {detail.practice.xp} XP
              {/* Which practice counts (issue 41): minutes logged before the child joined do not. */}
              <span className="block text-xs" data-testid="practice-xp-rule">
                From practice logged since {detail.studentName?.split(" ")[0] ?? "the student"} joined this class on {JOINED.format(new Date(detail.enrolledSince))}.
                {/* Practice counts once (issue 42): said only where another class could take it. */}
                {detail.practice.otherXpClasses > 0
                  ? ` Practice counts in one class only: practice of another class's homework counts there, other practice in the first class ${detail.studentName?.split(" ")[0] ?? "the student"} joined.`
                  : null}
              </span>
            </p>
          ) : null}
        </div>
      </section>

      {unlock.isError ? <Alert>{errorMessage(unlock.error, "Failed to unlock achievement")}</Alert> : null}

      <ul className="grid gap-4 xl:grid-cols-2">
        {progress.categories.map((category) => (
          <li key={category.id}>
            <CategoryCard
              classId={detail.id}
              category={category}
              isTeacher={isTeacher}
              unlockingId={unlock.isPending ? unlock.variables.achievementId : null}
              onUnlock={(achievementId) => onUnlock(category.id, achievementId)}
            />
          </li>
        ))}
      </ul>

      {popup.message ? (
        <div
          role="status"
          className="fixed inset-x-4 bottom-6 z-50 mx-auto max-w-sm rounded-2xl bg-white p-5 text-center shadow-2xl ring-1 ring-brand-200 motion-safe:animate-[bounce_0.6s_ease-out_1]"
        >
          <Sparkles aria-hidden className="mx-auto size-8 text-amber-500" />
          <p className="mt-1 text-lg font-bold text-slate-900">Achievement Unlocked!</p>
          <p className="font-semibold text-brand-700">{popup.message.achievement.name}</p>
          <p className="mt-1 text-sm text-slate-600">{popup.message.achievement.description}</p>
          <p className="mt-2 font-semibold text-emerald-700">+{popup.message.xpGained} XP</p>
        </div>
      ) : null}
    </div>
  );
}

function CategoryCard({
  classId,
  category,
  isTeacher,
  unlockingId,
  onUnlock,
}: {
  classId: string;
  category: ProgressCategory;
  isTeacher: boolean;
  unlockingId: string | null;
  onUnlock: (achievementId: string) => void;
}) {
  return (
    <article className="h-full rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{category.name}</h3>
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">Level {category.level}</span>
      </div>
      <div className="mt-2 flex items-center justify-between gap-2 text-sm text-slate-700">
        <span>{category.value}% mastery</span>
        {/* Keyed by the saved value so the draft starts again from what the server holds. */}
        {isTeacher ? <CategoryValueEditor key={category.value} classId={classId} category={category} /> : null}
      </div>
      <ProgressBar className="mt-1" percent={category.value} label={`${category.name} mastery`} valueText={`${category.value}%`} />
      <ul className="mt-3 space-y-2">
        {category.achievements.map((achievement) => (
          <li
            key={achievement.id}
            className={cn(
              "flex items-start gap-3 rounded-xl border p-3",
              achievement.unlocked ? "border-emerald-200 bg-emerald-50" : "border-slate-200 bg-slate-50",
            )}
          >
            {achievement.unlocked ? (
              <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            ) : (
              <Lock aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
            )}
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold text-slate-900">
                {achievement.name}
                <span className="text-xs font-semibold text-emerald-700">+{achievement.xp} XP</span>
                <span className="sr-only">{achievement.unlocked ? "(unlocked)" : "(locked)"}</span>
              </p>
              <p className="text-xs text-slate-600">{achievement.description}</p>
            </div>
            {isTeacher && !achievement.unlocked ? (
              <Button
                size="sm"
                variant="secondary"
                className="shrink-0"
                disabled={unlockingId !== null}
                aria-label={`Unlock ${achievement.name}`}
                onClick={() => onUnlock(achievement.id)}
              >
                {unlockingId === achievement.id ? "Unlocking..." : "Unlock"}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The teacher's inline edit of a category's mastery: what is typed is clamped to 0-100, non-numbers count as 0 (spec section 5). */
function CategoryValueEditor({ classId, category }: { classId: string; category: ProgressCategory }) {
  const [draft, setDraft] = useState(String(category.value));
  const save = useSetCategoryValue(classId);
  const changed = draft !== String(category.value);
  const id = `value-${category.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    const value = toCategoryValue(draft);
    setDraft(String(value));
    save.mutate({ categoryId: category.id, value });
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-1.5">
      <label htmlFor={id} className="sr-only">
        {category.name} mastery (%)
      </label>
      <Input id={id} type="number" inputMode="numeric" min={0} max={100} value={draft} onChange={(e) => setDraft(e.target.value)} fieldSize="sm" fullWidth={false} className="w-20" />
      {changed ? (
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save"}
        </Button>
      ) : null}
      {save.isError ? (
        <span role="alert" className="text-xs text-red-700">
          {errorMessage(save.error, "Failed to save")}
        </span>
      ) : null}
    </form>
  );
}
