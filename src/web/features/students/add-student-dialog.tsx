import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { STUDENT_AGE, STUDENT_INTERESTS } from "../../../shared/students/students.constants";
import {
  studentCreateSchema,
  type StudentCreate,
  type StudentCreateInput,
} from "../../../shared/students/students.schemas";
import { Alert } from "../../components/ui/alert";
import { FormActions } from "../../components/ui/form-actions";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { ChoiceGroup, errorText, invalidProps, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { useAddStudent } from "./use-students";

export function AddStudentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Add New Student" description="Tell us about the child who will take lessons.">
      <AddStudentForm onDone={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function AddStudentForm({ onDone }: { onDone: () => void }) {
  const add = useAddStudent();
  const form = useForm<StudentCreateInput, unknown, StudentCreate>({
    resolver: zodResolver(studentCreateSchema),
    defaultValues: { firstName: "", lastName: "", interests: [] },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: onDone,
      onError: (error) => setServerErrors(error, form.setError, ["firstName", "lastName", "age", "interests"]),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="add-student-first-name" label="First Name" error={errors.firstName?.message}>
          <Input
            id="add-student-first-name"
            autoComplete="off"
            {...invalidProps("add-student-first-name", errors.firstName?.message)}
            {...form.register("firstName")}
          />
        </Field>
        <Field id="add-student-last-name" label="Last Name" error={errors.lastName?.message}>
          <Input
            id="add-student-last-name"
            autoComplete="off"
            {...invalidProps("add-student-last-name", errors.lastName?.message)}
            {...form.register("lastName")}
          />
        </Field>
      </div>
      <Field id="add-student-age" label="Age" error={errors.age?.message}>
        <Input
          id="add-student-age"
          type="number"
          inputMode="numeric"
          min={STUDENT_AGE.min}
          max={STUDENT_AGE.max}
          step={1}
          className="sm:w-32"
          {...invalidProps("add-student-age", errors.age?.message)}
          {...form.register("age", { valueAsNumber: true })}
        />
      </Field>
      <ChoiceGroup id="add-student-interest" legend="Interests" options={STUDENT_INTERESTS} registration={form.register("interests")} error={errorText(errors.interests)} />

      {add.isError ? <Alert>{errorMessage(add.error, "Failed to add student")}</Alert> : null}

      <FormActions submit="Add Student" pending={add.isPending} pendingLabel="Adding..." />
    </form>
  );
}
