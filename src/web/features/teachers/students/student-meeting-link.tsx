import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { studentMeetingLinkSchema, type StudentMeetingLinkInput } from "../../../../shared/booking/lesson-place.schemas";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { invalidProps, setServerErrors } from "../../../components/ui/form";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api";
import { useStudentMeetingLink } from "./use-teacher-students";

/**
 * One student's meeting link on My Students (issue 26): used for this student's online lessons
 * and intro calls instead of the teacher's default link. Set, change or remove it here; the family
 * sees it on their accepted lessons.
 */
export function StudentMeetingLink({ studentId, studentName, link }: { studentId: string; studentName: string; link: string | null }) {
  const [editing, setEditing] = useState(false);
  const save = useStudentMeetingLink(studentId);
  const form = useForm<StudentMeetingLinkInput, unknown, { url: string }>({
    resolver: zodResolver(studentMeetingLinkSchema),
    defaultValues: { url: link ?? "" },
  });
  const fieldId = `meeting-link-${studentId}`;
  const error = form.formState.errors.url?.message;

  if (!editing) {
    return (
      <div className="space-y-1">
        {link ? (
          <a href={link} target="_blank" rel="noopener noreferrer" className="block break-all font-medium text-brand-700 underline">
            {link}
          </a>
        ) : (
          <span className="block text-slate-900">Your default link</span>
        )}
        {save.isError ? <Alert>{errorMessage(save.error, "Failed to change the meeting link")}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              save.reset();
              form.reset({ url: link ?? "" });
              setEditing(true);
            }}
          >
            {link ? "Change link" : "Set a link"}
            <span className="sr-only"> for {studentName}</span>
          </Button>
          {link ? (
            <Button size="sm" variant="secondary" disabled={save.isPending} onClick={() => save.mutate(null)}>
              Use my default link<span className="sr-only"> for {studentName}</span>
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  const submit = form.handleSubmit(({ url }) =>
    save.mutate(url, {
      onSuccess: () => setEditing(false),
      onError: (failure) => setServerErrors(failure, form.setError, ["url"]),
    }),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-2">
      <label htmlFor={fieldId} className="sr-only">
        Meeting link for {studentName}
      </label>
      <Input id={fieldId} type="url" inputMode="url" placeholder="https://zoom.us/j/123456789" {...invalidProps(fieldId, error)} {...form.register("url")} />
      {error ? (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {save.isError && !error ? <Alert>{errorMessage(save.error, "Failed to save the meeting link")}</Alert> : null}
      <div className="flex gap-2">
        <Button size="sm" type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save link"}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
