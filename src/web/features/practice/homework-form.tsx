import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useFieldArray, useForm, type Resolver } from "react-hook-form";
import { HOMEWORK_GOAL_DAYS_MAX, HOMEWORK_GOAL_MINUTES_MAX } from "../../../shared/practice/practice.constants";
import type { HomeworkDTO } from "../../../shared/practice/practice.api";
import { createHomeworkSchema, HOMEWORK_LIMITS, updateHomeworkSchema } from "../../../shared/practice/practice.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { FormActions } from "../../components/ui/form-actions";
import { Field } from "../../components/ui/field";
import { invalidProps, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { HomeworkItemFields } from "./homework-item-fields";
import type { HomeworkFormValues } from "./homework-form-values";

/** An empty optional field is "no value", never 0 or NaN. */
const numberOrNone = (value: unknown) => (value === "" || value === null || value === undefined ? undefined : Number(value));
const stringOrNone = (value: unknown) => (value === "" || value === null ? undefined : value);

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
        {items.fields.map((field, index) => (
          <HomeworkItemFields
            key={field.id}
            form={form}
            index={index}
            pieces={pieces}
            files={files}
            onRemove={items.fields.length > 1 ? () => items.remove(index) : undefined}
          />
        ))}
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
      <FormActions submit={editing ? "Save homework" : "Assign homework"} pending={pending} pendingLabel="Saving..." onCancel={onCancel} cancel={cancelLabel} />
    </form>
  );
}
