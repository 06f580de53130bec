import { zodResolver } from "@hookform/resolvers/zod";
import { Split } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { shareLabel } from "../../../shared/invoices/invoice-split.rules";
import type { HouseholdSplitDTO } from "../../../shared/invoices/invoice-split.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Choice, Select } from "../../components/ui/choice";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { invalidProps, setServerErrors } from "../../components/ui/form";
import { ActionsRow, CancelButton } from "../../components/ui/form-actions";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { householdSplitFormSchema, splitFormDefaults, type HouseholdSplitFormInput, type HouseholdSplitFormOutput } from "./household-split-form";
import { useHouseholdSplit, useRemoveHouseholdSplit, useSaveHouseholdSplit } from "./use-invoices";

/**
 * The teacher's Invoices page, one family chosen (issue 45): how the household's invoices are
 * split between its guardians, and the form to set or remove the split.
 */
export function HouseholdSplitSection({ parentId }: { parentId: string }) {
  const split = useHouseholdSplit(parentId);
  const remove = useRemoveHouseholdSplit(parentId);
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="household-split-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="household-split-heading" className="text-lg font-semibold text-slate-900">
            Invoice split
          </h2>
          {split.isSuccess ? <SplitSummary data={split.data} /> : null}
        </div>
        {split.isSuccess && split.data.guardians.length > 1 ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Split aria-hidden className="size-4" />
              {split.data.split ? "Change split" : "Split between guardians"}
            </Button>
            {split.data.split ? (
              <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
                {remove.isPending ? "Removing..." : "Remove split"}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {split.isPending ? (
        <p role="status" className="mt-2 text-slate-600">
          Loading the split...
        </p>
      ) : null}
      {split.isError ? <Alert className="mt-3">{errorMessage(split.error, "Failed to load the split")}</Alert> : null}
      {remove.isError ? <Alert className="mt-3">{errorMessage(remove.error, "Failed to remove the split")}</Alert> : null}
      {split.isSuccess && split.data.problem ? (
        <Alert tone="info" className="mt-3">
          {split.data.problem}
        </Alert>
      ) : null}
      {split.isSuccess ? (
        <DialogWhenOpen
          open={editing}
          onOpenChange={setEditing}
          title="Split this household's invoices"
          description="Each invoice you make for this family then goes out as one invoice per guardian, each with their share of every line (to the cent), sent to that guardian only."
        >
          <SplitForm parentId={parentId} data={split.data} onDone={() => setEditing(false)} />
        </DialogWhenOpen>
      ) : null}
    </section>
  );
}

function SplitSummary({ data }: { data: HouseholdSplitDTO }) {
  if (data.guardians.length < 2 && !data.split) {
    return <p className="mt-1 max-w-prose text-sm text-slate-600">One invoice to the household. A split needs a second guardian in the household (they join from the family's Household settings).</p>;
  }
  if (!data.split) {
    return <p className="mt-1 max-w-prose text-sm text-slate-600">One invoice to the household, emailed to each of its {data.guardians.length} guardians.</p>;
  }
  const parts =
    data.split.kind === "shares"
      ? data.split.shares.map((share) => `${share.name} ${shareLabel(share.basisPoints)}`)
      : data.split.students.map((entry) => `${entry.studentName}'s lessons → ${entry.name}`);
  return (
    <div className="mt-1 max-w-prose text-sm text-slate-700">
      <p>
        {data.split.kind === "shares" ? "Split by shares: " : "Split per student: "}
        <span className="font-medium text-slate-900">{parts.join(" · ")}</span>
      </p>
      <p className="text-slate-600">
        {data.split.kind === "shares" ? "Each guardian gets an invoice for their share of every line." : "Lines without a student named here (extras) are shared equally."}
      </p>
    </div>
  );
}

function SplitForm({ parentId, data, onDone }: { parentId: string; data: HouseholdSplitDTO; onDone: () => void }) {
  const save = useSaveHouseholdSplit(parentId);
  const form = useForm<HouseholdSplitFormInput, unknown, HouseholdSplitFormOutput>({ resolver: zodResolver(householdSplitFormSchema), defaultValues: splitFormDefaults(data) });
  const kind = useWatch({ control: form.control, name: "kind" });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) => save.mutate(input, { onSuccess: onDone, onError: (error) => setServerErrors(error, form.setError) }));
  // The sum and "named twice" messages are about the whole list, not one field.
  const listError = errors.shares?.message ?? errors.shares?.root?.message ?? errors.students?.message ?? errors.students?.root?.message;
  const nameOf = (guardianId: string) => data.guardians.find((guardian) => guardian.guardianId === guardianId)?.name ?? "";
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">Split</legend>
        <Choice type="radio" value="shares" label="By shares (for example 50/50 or 70/30)" {...form.register("kind")} />
        <Choice type="radio" value="per_student" label="Per student: each child's lessons to one guardian" disabled={data.students.length === 0} {...form.register("kind")} />
      </fieldset>
      {kind === "shares" ? (
        <div className="space-y-3">
          {data.guardians.map((guardian, index) => {
            const id = `split-share-${index}`;
            const error = errors.shares?.[index]?.percent?.message ?? errors.shares?.[index]?.guardianId?.message;
            return (
              <Field key={guardian.guardianId} id={id} label={`${guardian.name}'s share (%)`} error={error}>
                <Input id={id} inputMode="decimal" className="sm:w-40" {...invalidProps(id, error)} {...form.register(`shares.${index}.percent`)} />
              </Field>
            );
          })}
        </div>
      ) : (
        <div className="space-y-3">
          {data.students.map((student, index) => {
            const id = `split-student-${index}`;
            const error = errors.students?.[index]?.guardianId?.message ?? errors.students?.[index]?.studentId?.message;
            return (
              <Field key={student.studentId} id={id} label={`${student.name}'s lessons go to`} error={error}>
                <Select id={id} {...invalidProps(id, error)} {...form.register(`students.${index}.guardianId`)}>
                  {data.guardians.map((guardian) => (
                    <option key={guardian.guardianId} value={guardian.guardianId}>
                      {nameOf(guardian.guardianId)}
                    </option>
                  ))}
                </Select>
              </Field>
            );
          })}
          <p className="text-sm text-slate-600">Extras (a recital fee, books) are shared equally between the guardians named.</p>
        </div>
      )}
      {listError ? <Alert>{listError}</Alert> : null}
      {save.isError && !Object.keys(errors).length ? <Alert>{errorMessage(save.error, "Failed to save the split")}</Alert> : null}
      <ActionsRow className="mt-6">
        <CancelButton />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save split"}
        </Button>
      </ActionsRow>
    </form>
  );
}
