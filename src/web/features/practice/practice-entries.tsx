import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import type { HomeworkDTO, PracticeEntryDTO } from "../../../shared/practice/practice.api";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { LogPracticeForm } from "./log-practice-form";
import { formatDay, formatMinutes, SOURCE_LABEL } from "./practice-labels";
import { useDeleteEntry, useUpdateEntry } from "./use-practice";

/** The logged practice, newest first, each marked Timed or Self-reported; the parent edits or deletes their own. */
export function PracticeEntries({ entries, homework, today }: { entries: readonly PracticeEntryDTO[]; homework: readonly HomeworkDTO[]; today: string }) {
  const remove = useDeleteEntry();
  const itemName = new Map(homework.flatMap((h) => h.items.map((item) => [item.id, item.description] as const)));
  return (
    <>
      {remove.isError ? <Alert className="mb-2">{errorMessage(remove.error, "Failed to delete the entry.")}</Alert> : null}
      <ul className="divide-y divide-slate-100" aria-label="Practice log">
        {entries.map((entry) => (
          <li key={entry.id} className="py-2" data-testid="practice-entry">
            <EntryRow entry={entry} itemName={itemName} today={today} homework={homework} deleting={remove.isPending && remove.variables === entry.id} onDelete={() => remove.mutate(entry.id)} />
          </li>
        ))}
      </ul>
    </>
  );
}

function EntryRow({
  entry,
  itemName,
  homework,
  today,
  deleting,
  onDelete,
}: {
  entry: PracticeEntryDTO;
  itemName: Map<string, string>;
  homework: readonly HomeworkDTO[];
  today: string;
  deleting: boolean;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  // Deleting takes the minutes out of the week, the streak and the class's XP: asked once more.
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateEntry(entry.id);
  const label = `${formatDay(entry.practicedOn)}, ${formatMinutes(entry.minutes)}`;
  if (editing) {
    const items = homework.filter((h) => h.status === "open").flatMap((h) => h.items);
    return (
      <LogPracticeForm
        today={today}
        items={items}
        entry={{ practicedOn: entry.practicedOn, minutes: entry.minutes, homeworkItemIds: entry.homeworkItemIds, note: entry.note }}
        pending={update.isPending}
        error={update.error}
        onCancel={() => setEditing(false)}
        onSubmit={(values, form) =>
          update.mutate(
            // Unchanged minutes are not sent, so a timed entry stays Timed when only its note or items change.
            { practicedOn: values.practicedOn, homeworkItemIds: values.homeworkItemIds, note: values.note, ...(values.minutes !== entry.minutes ? { minutes: values.minutes } : {}) },
            { onSuccess: () => setEditing(false), onError: form.setServerErrors },
          )
        }
      />
    );
  }
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          {label}{" "}
          <span className={entry.source === "timed" ? "ml-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800" : "ml-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900"}>
            {SOURCE_LABEL[entry.source]}
          </span>
        </p>
        {entry.homeworkItemIds.length ? <p className="text-slate-600">{entry.homeworkItemIds.map((id) => itemName.get(id) ?? "A removed item").join(", ")}</p> : null}
        {entry.note ? <p className="break-words text-slate-700">{entry.note}</p> : null}
        {entry.loggedBy ? <p className="text-xs text-slate-600" data-testid="logged-by">Logged by {entry.loggedBy}</p> : null}
      </div>
      {entry.editable && confirming ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-700">Delete this practice?</span>
          <Button variant="secondaryDanger" size="sm" disabled={deleting} onClick={onDelete}>
            {deleting ? "Deleting..." : "Delete"}
          </Button>
          <Button variant="secondary" size="sm" disabled={deleting} onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : entry.editable ? (
        <div className="flex gap-1">
          <Button variant="ghost" size="compact" aria-label={`Edit practice of ${label}`} onClick={() => setEditing(true)}>
            <Pencil aria-hidden className="size-4" />
          </Button>
          <Button variant="ghostDanger" size="compact" aria-label={`Delete practice of ${label}`} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
