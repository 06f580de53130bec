import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { LEARNING_STYLES, STUDENT_AGE, STUDENT_INTERESTS } from "../../../shared/students/students.constants";
import { listToLines } from "../../../shared/students/students.rules";
import {
  studentEditFormSchema,
  type StudentEditFormInput,
  type StudentEditFormOutput,
  type StudentInterest,
  type StudentProfile,
} from "../../../shared/students/students.schemas";
import { Alert } from "../../components/ui/alert";
import { FormActions } from "../../components/ui/form-actions";
import { Field } from "../../components/ui/field";
import { ChoiceGroup, errorText, invalidProps, OptionsSelect, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { Textarea } from "../../components/ui/textarea";
import { useUpdateStudent } from "./use-students";

const FIELDS = [
  "firstName",
  "lastName",
  "age",
  "interests",
  "preferredStyle",
  "learningGoals",
  "achievements",
  "strengths",
  "areasForImprovement",
] as const satisfies readonly (keyof StudentEditFormInput)[];

const LIST_FIELDS = [
  { name: "learningGoals", label: "Learning Goals" },
  { name: "achievements", label: "Achievements" },
  { name: "strengths", label: "Strengths" },
  { name: "areasForImprovement", label: "Areas for Improvement" },
] as const;

/** The saved profile as form values: list fields become text, one item per line. */
function formValues(student: StudentProfile): StudentEditFormInput {
  return {
    firstName: student.firstName,
    lastName: student.lastName,
    age: student.age,
    interests: student.interests as StudentInterest[],
    preferredStyle: student.preferredStyle ?? "",
    learningGoals: listToLines(student.learningGoals),
    achievements: listToLines(student.achievements),
    strengths: listToLines(student.strengths),
    areasForImprovement: listToLines(student.areasForImprovement),
  };
}

/**
 * Edit mode of the profile. It starts from the saved profile every time it opens, so Cancel
 * (which just closes it) restores the saved data.
 */
export function StudentProfileForm({ student, onDone }: { student: StudentProfile; onDone: () => void }) {
  const update = useUpdateStudent(student.id);
  const form = useForm<StudentEditFormInput, unknown, StudentEditFormOutput>({
    resolver: zodResolver(studentEditFormSchema),
    defaultValues: formValues(student),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: onDone,
      onError: (error) => setServerErrors(error, form.setError, FIELDS),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="edit-first-name" label="First Name" error={errors.firstName?.message}>
          <Input
            id="edit-first-name"
            autoFocus
            autoComplete="off"
            {...invalidProps("edit-first-name", errors.firstName?.message)}
            {...form.register("firstName")}
          />
        </Field>
        <Field id="edit-last-name" label="Last Name" error={errors.lastName?.message}>
          <Input
            id="edit-last-name"
            autoComplete="off"
            {...invalidProps("edit-last-name", errors.lastName?.message)}
            {...form.register("lastName")}
          />
        </Field>
        <Field id="edit-age" label="Age" error={errors.age?.message}>
          <Input
            id="edit-age"
            type="number"
            inputMode="numeric"
            min={STUDENT_AGE.min}
            max={STUDENT_AGE.max}
            step={1}
            {...invalidProps("edit-age", errors.age?.message)}
            {...form.register("age", { valueAsNumber: true })}
          />
        </Field>
        <Field id="edit-style" label="Learning Style" error={errors.preferredStyle?.message}>
          <OptionsSelect
            id="edit-style"
            options={LEARNING_STYLES}
            placeholder="Not set"
            {...invalidProps("edit-style", errors.preferredStyle?.message)}
            {...form.register("preferredStyle")}
          />
        </Field>
      </div>

      <ChoiceGroup id="edit-interest" legend="Interests" options={STUDENT_INTERESTS} registration={form.register("interests")} error={errorText(errors.interests)} />

      <div className="grid gap-4 sm:grid-cols-2">
        {LIST_FIELDS.map(({ name, label }) => {
          const id = `edit-${name}`;
          const error = errorText(errors[name]);
          return (
            <Field key={name} id={id} label={label} hint="One per line" error={error}>
              <Textarea id={id} rows={4} {...invalidProps(id, error)} {...form.register(name)} />
            </Field>
          );
        })}
      </div>

      {update.isError ? <Alert>{errorMessage(update.error, "Failed to update student profile")}</Alert> : null}

      <FormActions submit="Save Changes" pending={update.isPending} pendingLabel="Saving..." onCancel={onDone} />
    </form>
  );
}
