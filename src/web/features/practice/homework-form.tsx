import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useForm, type Resolver } from "react-hook-form";
import { HOMEWORK_GOAL_DAYS_MAX, HOMEWORK_GOAL_MINUTES_MAX } from "../../../shared/practice/practice.constants";
import type { HomeworkDTO } from "../../../shared/practice/practice.api";
import { createHomeworkSchema, HOMEWORK_LIMITS, updateHomeworkSchema } from "../../../shared/practice/practice.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Select } from "../../components/ui/choice";
import { Field } from "../../components/ui/field";
import { errorText, invalidProps, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";

/** What the homework form edits; the create and the edit requests are both built from it. */
export interface HomeworkFormValues {
  studentId?: string;
  classId?: string;
  items: { id?: string; description: string; repertoireId?: string | null; classFileId?: string | null }[];
  /** Left empty: no goal (undefined, as the create request wants; an edit sends null to clear it). */
  goalMinutesPerDay?: number | undefined;
  goalDaysPerWeek?: number | undefined;
  dueOn?: string | undefined;
}

/** An empty optional field is "no value", never 0 or NaN. */
const numberOrNone = (value: unknown) => (value === "" || value === null || value === undefined ? undefined : Number(value));
const stringOrNone = (value: unknown) => (value === "" || value === null ? undefined : value);
/** A class file or repertoire select: "" is none. */
const fileOrNull = (value: unknown) => (value === "" || value === undefined ? null : value);

/**
 * Assign or edit homework: one or more things to practise (free text, optionally a piece of the
 * student's repertoire and a class file),
 * an optional goal (minutes a day on days a week, both or neither) and a due date, the next
 * lesson's day by default. Create validates with createHomeworkSchema, edit with
 * updateHomeworkSchema: the route's own schemas.
 */
export function HomeworkForm({
  studentId,
  classId,
  files,
  pieces,
  homework,
  defaultDueOn,
  pending,
  error,
  onSubmit,
  onCancel,
  cancelLabel = "Cancel",
}: {
  studentId: string;
  classId: string | null;
  /** The class's files, when assigned from a class. */
  files: readonly { id: string; name: string }[];
  /** The student's repertoire, to name a piece as an item. */
  pieces: readonly { id: string; title: string; composer: string }[];
  homework?: HomeworkDTO;
  /** The next lesson's day, when known; empty lets the server pick it (or a week from today). */
  defaultDueOn: string | null;
  pending: boolean;
  error: unknown;
  onSubmit: (values: HomeworkFormValues, form: { setServerErrors: (error: unknown) => void }) => void;
  onCancel: () => void;
  cancelLabel?: string;
}) {
  const editing = Boolean(homework);
  const form = useForm<HomeworkFormValues>({
    // Both schemas parse these values; the form's shape is their common ground.
    resolver: zodResolver(editing ? updateHomeworkSchema : createHomeworkSchema) as unknown as Resolver<HomeworkFormValues>,
    defaultValues: homework
      ? {
          items: homework.items.map((item) => ({ id: item.id, description: item.description, repertoireId: item.repertoireId, classFileId: item.classFileId })),
          goalMinutesPerDay: homework.goalMinutesPerDay ?? undefined,
          goalDaysPerWeek: homework.goalDaysPerWeek ?? undefined,
          dueOn: homework.dueOn,
        }
      : { studentId, ...(classId ? { classId } : {}), items: [{ description: "", repertoireId: null, classFileId: null }], dueOn: defaultDueOn ?? undefined },
  });
  const items = useFieldArray({ control: form.control, name: "items" });
  const { errors } = form.formState;
  // An empty due date on a new homework is left to the server (the next lesson's day).
  const submit = form.handleSubmit((values) =>
    onSubmit(values, { setServerErrors: (e) => setServerErrors(e, form.setError, ["items", "goalMinutesPerDay", "goalDaysPerWeek", "dueOn"]) }),
  );
  const itemsError = errors.items?.root?.message ?? errors.items?.message;
  const fieldError = Boolean(itemsError ?? errors.goalMinutesPerDay ?? errors.goalDaysPerWeek ?? errors.dueOn);
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <fieldset className="space-y-3" {...(itemsError ? { "aria-describedby": "homework-items-error" } : {})}>
        <legend className="text-sm font-medium text-slate-800">What to practise</legend>
        {items.fields.map((field, index) => {
          const id = `homework-item-${index}`;
          const message = errorText(errors.items?.[index]?.description);
          return (
            <div key={field.id} className="space-y-2 rounded-lg border border-slate-200 p-3">
              <div className="flex items-end gap-2">
                <div className="min-w-0 flex-1">
                  <Field id={id} label={`Item ${index + 1}`} error={message}>
                    <Input
                      id={id}
                      maxLength={HOMEWORK_LIMITS.descriptionMax}
                      placeholder="e.g. Minuet in G, bars 1-8, hands separately"
                      {...invalidProps(id, message)}
                      {...form.register(`items.${index}.description`)}
                    />
                  </Field>
                </div>
                {items.fields.length > 1 ? (
                  <Button variant="ghostDanger" size="compact" className="mb-1" aria-label={`Remove item ${index + 1}`} onClick={() => items.remove(index)}>
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                ) : null}
              </div>
              {pieces.length > 0 ? (
                <Field id={`${id}-piece`} label="Piece from the repertoire (optional)">
                  <Select
                    id={`${id}-piece`}
                    {...form.register(`items.${index}.repertoireId`, {
                      setValueAs: fileOrNull,
                      // A piece picked for an empty item names it, so the family reads what to play.
                      onChange: (event: { target: { value: string } }) => {
                        const piece = pieces.find((p) => p.id === event.target.value);
                        if (piece && !form.getValues(`items.${index}.description`).trim()) {
                          form.setValue(`items.${index}.description`, `${piece.title} (${piece.composer})`, { shouldValidate: true });
                        }
                      },
                    })}
                  >
                    <option value="">No piece</option>
                    {pieces.map((piece) => (
                      <option key={piece.id} value={piece.id}>
                        {piece.title} ({piece.composer})
                      </option>
                    ))}
                  </Select>
                </Field>
              ) : null}
              {files.length > 0 ? (
                <Field id={`${id}-file`} label="Class file (optional)">
                  <Select id={`${id}-file`} {...form.register(`items.${index}.classFileId`, { setValueAs: fileOrNull })}>
                    <option value="">No file</option>
                    {files.map((file) => (
                      <option key={file.id} value={file.id}>
                        {file.name}
                      </option>
                    ))}
                  </Select>
                </Field>
              ) : null}
            </div>
          );
        })}
        {itemsError ? (
          <p id="homework-items-error" role="alert" className="text-sm text-red-700">
            {itemsError}
          </p>
        ) : null}
        {items.fields.length < HOMEWORK_LIMITS.itemsMax ? (
          <Button variant="secondary" size="sm" onClick={() => items.append({ description: "", repertoireId: null, classFileId: null })}>
            <Plus aria-hidden className="size-4" />
            Add item
          </Button>
        ) : null}
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Goal (optional: both or neither)</legend>
        <div className="mt-2 grid grid-cols-2 gap-3">
          {(
            [
              { name: "goalMinutesPerDay", id: "homework-goal-minutes", label: "Minutes per day", max: HOMEWORK_GOAL_MINUTES_MAX },
              { name: "goalDaysPerWeek", id: "homework-goal-days", label: "Days per week", max: HOMEWORK_GOAL_DAYS_MAX },
            ] as const
          ).map((goal) => (
            <Field key={goal.id} id={goal.id} label={goal.label} error={errors[goal.name]?.message}>
              <Input
                id={goal.id}
                type="number"
                inputMode="numeric"
                min={1}
                max={goal.max}
                {...invalidProps(goal.id, errors[goal.name]?.message)}
                {...form.register(goal.name, { setValueAs: numberOrNone })}
              />
            </Field>
          ))}
        </div>
      </fieldset>
      <Field
        id="homework-due"
        label="Due"
        hint={editing ? undefined : "The next lesson's day by default; left empty, the server picks the next lesson (or a week from today)."}
        error={errors.dueOn?.message}
      >
        <Input id="homework-due" type="date" {...invalidProps("homework-due", errors.dueOn?.message)} {...form.register("dueOn", { setValueAs: stringOrNone })} />
      </Field>
      {error && !fieldError ? <Alert>{errorMessage(error, "Failed to save the homework. Please try again.")}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : editing ? "Save homework" : "Assign homework"}
        </Button>
      </div>
    </form>
  );
}
