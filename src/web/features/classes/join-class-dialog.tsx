import { useState, type FormEvent } from "react";
import { JOIN_CODE_HINT, JOIN_CODE_LENGTH, JOIN_CODE_PLACEHOLDER } from "../../../shared/classes/classes.constants";
import { classJoinSchema, type ClassJoin } from "../../../shared/classes/classes.schemas";
import { normalizeJoinCode } from "../../../shared/classes/join-code.rules";
import { Alert } from "../../components/ui/alert";
import { FormActions } from "../../components/ui/form-actions";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { OptionsSelect } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { useStudents } from "../students/use-students";
import { useJoinClass } from "./use-classes";

export function JoinClassDialog({
  open,
  onOpenChange,
  onJoined,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onJoined: (classId: string) => void;
}) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Join Class" description="Enter the code your teacher gave you and choose the student who takes the class.">
      <JoinClassContainer onJoined={onJoined} />
    </DialogWhenOpen>
  );
}

function JoinClassContainer({ onJoined }: { onJoined: (classId: string) => void }) {
  const students = useStudents();
  const join = useJoinClass();
  if (students.isPending) return <p className="text-sm text-slate-600">Loading students...</p>;
  if (students.isError) return <Alert>{errorMessage(students.error, "Failed to load your students")}</Alert>;
  return (
    <JoinClassForm
      students={students.data.map((s) => ({ value: s.id, label: `${s.firstName} ${s.lastName}` }))}
      pending={join.isPending}
      error={join.error}
      onSubmit={(input) => join.mutate(input, { onSuccess: (joined) => onJoined(joined.id) })}
    />
  );
}

/**
 * The join form on its own (no data fetching), so its rules are testable: code upper-cased as typed,
 * at most 6 characters, and described as what it is (letters or digits, not a "6-digit code").
 */
export function JoinClassForm({
  students,
  pending,
  error,
  onSubmit,
}: {
  students: { value: string; label: string }[];
  pending: boolean;
  error: unknown;
  onSubmit: (input: ClassJoin) => void;
}) {
  const [code, setCode] = useState("");
  const [studentId, setStudentId] = useState(students.length === 1 ? students[0]!.value : "");
  const missing = code.length === 0 || studentId === "";
  // The route's own schema checks the code's form here first: a code with an O or a 1, or too short,
  // is named at once instead of after a round trip.
  const [codeError, setCodeError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (missing) return;
    const parsed = classJoinSchema.safeParse({ code, studentId });
    if (!parsed.success) {
      setCodeError(parsed.error.issues.find((issue) => issue.path[0] === "code")?.message ?? parsed.error.issues[0]?.message);
      return;
    }
    setCodeError(undefined);
    onSubmit(parsed.data);
  };

  if (students.length === 0) {
    return <Alert tone="info">Add a student profile first: a class is joined for one of your students.</Alert>;
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field id="join-code" label="Class Code" error={codeError}>
        <Input
          id="join-code"
          value={code}
          onChange={(e) => {
            setCode(normalizeJoinCode(e.target.value));
            setCodeError(undefined);
          }}
          maxLength={JOIN_CODE_LENGTH}
          placeholder={JOIN_CODE_PLACEHOLDER}
          aria-describedby="join-code-hint"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono tracking-widest uppercase placeholder:font-sans placeholder:tracking-normal"
        />
        <p id="join-code-hint" className="text-xs text-slate-600">
          {JOIN_CODE_HINT}
        </p>
      </Field>
      <Field id="join-student" label="Student">
        <OptionsSelect id="join-student" options={students} placeholder="Choose a student" value={studentId} onChange={(e) => setStudentId(e.target.value)} />
      </Field>
      {error ? <Alert>{errorMessage(error, "Failed to join class")}</Alert> : null}
      <FormActions submit="Join Class" pending={pending} pendingLabel="Joining..." disabled={missing} />
    </form>
  );
}
