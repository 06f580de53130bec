import { CheckCircle2, Pencil, XCircle } from "lucide-react";
import { useId, useState } from "react";
import type { HomeworkDTO } from "../../../shared/practice/practice.api";
import { HOMEWORK_LIMITS } from "../../../shared/practice/practice.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api";
import { HomeworkDialog, type HomeworkTarget } from "./homework-dialog";
import { formatDay, formatMinutes } from "./practice-labels";
import { useReviewHomework, useUpdateHomework } from "./use-practice";

const STATUS_LABEL = { open: "Open", closed: "Closed", reviewed: "Reviewed" } as const;

/**
 * Homework as the family and the teacher both read it: the items, the goal, the due day and, once
 * reviewed, the teacher's comment. `manage` (the teacher's view) adds Edit, Close and Mark reviewed
 * on the teacher's own open homework.
 */
export function HomeworkList({ homework, manage }: { homework: readonly HomeworkDTO[]; manage: HomeworkTarget | null }) {
  return (
    <ul className="space-y-3">
      {homework.map((item) => (
        <li key={item.id}>
          <HomeworkCard homework={item} manage={manage} />
        </li>
      ))}
    </ul>
  );
}

function HomeworkCard({ homework, manage }: { homework: HomeworkDTO; manage: HomeworkTarget | null }) {
  const [editing, setEditing] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  // Closing ends the homework for good (no more edits): asked once more.
  const [closing, setClosing] = useState(false);
  const close = useUpdateHomework(homework.id);
  const open = homework.status === "open";
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4" data-testid="homework">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-slate-900">
          Homework from {homework.teacherName}
        </h4>
        <span className={open ? "rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700" : "rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"}>
          {STATUS_LABEL[homework.status]}
        </span>
      </div>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
        {homework.items.map((item) => (
          <li key={item.id} className="break-words">
            {item.description}
            {item.repertoireTitle ? <span className="text-slate-600"> · {item.repertoireTitle}</span> : null}
            {item.classFileName ? <span className="text-slate-600"> · file: {item.classFileName}</span> : null}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-600">
        {homework.goalMinutesPerDay !== null && homework.goalDaysPerWeek !== null
          ? `Goal: ${formatMinutes(homework.goalMinutesPerDay)} a day, ${homework.goalDaysPerWeek} ${homework.goalDaysPerWeek === 1 ? "day" : "days"} a week · `
          : ""}
        Due {formatDay(homework.dueOn)}
      </p>
      {homework.status === "reviewed" && homework.reviewComment ? (
        <blockquote className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          <span className="font-medium">Teacher&apos;s review:</span> {homework.reviewComment}
        </blockquote>
      ) : null}
      {manage && open ? (
        <>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden className="size-4" />
              Edit
            </Button>
            {closing ? (
              <span className="flex flex-wrap items-center gap-2 text-sm">
                <span className="text-slate-700">Close it for good?</span>
                <Button variant="secondaryDanger" size="sm" disabled={close.isPending} onClick={() => close.mutate({ status: "closed" })}>
                  {close.isPending ? "Closing..." : "Close homework"}
                </Button>
                <Button variant="secondary" size="sm" disabled={close.isPending} onClick={() => setClosing(false)}>
                  Keep open
                </Button>
              </span>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => setClosing(true)}>
                <XCircle aria-hidden className="size-4" />
                Close
              </Button>
            )}
            {homework.canReview ? (
              <Button size="sm" onClick={() => setReviewing(true)}>
                <CheckCircle2 aria-hidden className="size-4" />
                Mark reviewed
              </Button>
            ) : (
              <span className="self-center text-xs text-slate-600">Mark reviewed opens on the due day or after the next lesson.</span>
            )}
          </div>
          {close.isError ? <Alert className="mt-2">{errorMessage(close.error, "Failed to close the homework.")}</Alert> : null}
          {reviewing ? <ReviewForm homeworkId={homework.id} onDone={() => setReviewing(false)} /> : null}
          <HomeworkDialog target={manage} homework={homework} open={editing} onOpenChange={setEditing} />
        </>
      ) : null}
    </article>
  );
}

function ReviewForm({ homeworkId, onDone }: { homeworkId: string; onDone: () => void }) {
  const review = useReviewHomework(homeworkId);
  const [comment, setComment] = useState("");
  const id = `review-${homeworkId}`;
  return (
    <form
      className="mt-3 space-y-2"
      aria-label="Mark reviewed"
      onSubmit={(event) => {
        event.preventDefault();
        if (comment.trim()) review.mutate({ comment: comment.trim() }, { onSuccess: onDone });
      }}
    >
      <Field id={id} label="Comment for the family" hint="A short word on how the practice went; the family reads it.">
        <Textarea id={id} rows={2} maxLength={HOMEWORK_LIMITS.commentMax} value={comment} onChange={(event) => setComment(event.target.value)} required />
      </Field>
      {review.isError ? <Alert>{errorMessage(review.error, "Failed to save the review.")}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={review.isPending || !comment.trim()}>
          {review.isPending ? "Saving..." : "Save review"}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone} disabled={review.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
