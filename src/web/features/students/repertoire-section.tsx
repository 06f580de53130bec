import { zodResolver } from "@hookform/resolvers/zod";
import { Music, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { DIFFICULTIES, GENRES } from "../../../shared/students/students.constants";
import {
  repertoireCreateSchema,
  type RepertoireCreate,
  type RepertoireCreateInput,
  type RepertoireEntry,
} from "../../../shared/students/students.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { FormActions } from "../../components/ui/form-actions";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { formatDate, todayIsoDate } from "./format";
import { invalidProps, OptionsSelect, setServerErrors } from "../../components/ui/form";
import { Chip } from "./form-controls";
import { useAddRepertoire, useDeleteRepertoire } from "./use-students";

/** Repertoire history (newest completed first, as the server sends it) with add and a two-step delete. */
export function RepertoireSection({ studentId, entries }: { studentId: string; entries: RepertoireEntry[] }) {
  const [adding, setAdding] = useState(false);

  return (
    <section aria-labelledby="repertoire-heading" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="repertoire-heading" className="text-lg font-semibold text-slate-900">
          Repertoire History
        </h2>
        {adding ? null : (
          <Button variant="secondary" size="sm" className="shrink-0 whitespace-nowrap" onClick={() => setAdding(true)}>
            <Plus aria-hidden className="size-4" />
            Add Repertoire
          </Button>
        )}
      </div>

      {adding ? <AddRepertoireForm studentId={studentId} onDone={() => setAdding(false)} /> : null}

      {entries.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No pieces recorded yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Repertoire">
          {entries.map((entry) => (
            <RepertoireItem key={entry.id} studentId={studentId} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RepertoireItem({ studentId, entry }: { studentId: string; entry: RepertoireEntry }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteRepertoire(studentId);

  return (
    <li className="flex flex-wrap items-start gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-1 basis-56 gap-3">
        <span aria-hidden className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Music className="size-4" />
        </span>
        <div className="min-w-0">
          <h3 className="font-medium break-words text-slate-900">{entry.title}</h3>
          <p className="text-sm break-words text-slate-600">{entry.composer}</p>
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            <Chip>{entry.genre}</Chip>
            <Chip tone="amber">{entry.difficulty}</Chip>
            <span className="text-xs text-slate-500">Completed {formatDate(entry.completedDate)}</span>
          </div>
          {remove.isError ? (
            <Alert className="mt-2">{errorMessage(remove.error, "Failed to delete repertoire entry")}</Alert>
          ) : null}
        </div>
      </div>
      <div className="ml-auto flex shrink-0 gap-2">
        {confirming ? (
          <>
            <Button variant="danger" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(entry.id)}>
              {remove.isPending ? "Deleting..." : "Confirm delete"}
            </Button>
            <Button variant="secondary" size="sm" autoFocus disabled={remove.isPending} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button variant="ghost" size="sm" aria-label={`Delete ${entry.title}`} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden className="size-4" />
            <span className="hidden sm:inline">Delete</span>
          </Button>
        )}
      </div>
    </li>
  );
}

function AddRepertoireForm({ studentId, onDone }: { studentId: string; onDone: () => void }) {
  const add = useAddRepertoire(studentId);
  const form = useForm<RepertoireCreateInput, unknown, RepertoireCreate>({
    resolver: zodResolver(repertoireCreateSchema),
    defaultValues: { title: "", composer: "", completedDate: "", difficulty: "Beginner" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: onDone,
      onError: (error) =>
        setServerErrors(error, form.setError, ["title", "composer", "genre", "completedDate", "difficulty"]),
    }),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="add-repertoire-heading"
      className="mt-4 space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id="add-repertoire-heading" className="font-medium text-slate-900">
        Add a piece
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="repertoire-title" label="Title" error={errors.title?.message}>
          <Input
            id="repertoire-title"
            autoFocus
            autoComplete="off"
            {...invalidProps("repertoire-title", errors.title?.message)}
            {...form.register("title")}
          />
        </Field>
        <Field id="repertoire-composer" label="Composer" error={errors.composer?.message}>
          <Input
            id="repertoire-composer"
            autoComplete="off"
            {...invalidProps("repertoire-composer", errors.composer?.message)}
            {...form.register("composer")}
          />
        </Field>
        <Field id="repertoire-genre" label="Genre" error={errors.genre?.message}>
          <OptionsSelect
            id="repertoire-genre"
            options={GENRES}
            placeholder="Choose a genre"
            {...invalidProps("repertoire-genre", errors.genre?.message)}
            {...form.register("genre")}
          />
        </Field>
        <Field id="repertoire-date" label="Completion Date" error={errors.completedDate?.message}>
          <Input
            id="repertoire-date"
            type="date"
            max={todayIsoDate()}
            {...invalidProps("repertoire-date", errors.completedDate?.message)}
            {...form.register("completedDate")}
          />
        </Field>
        <Field id="repertoire-difficulty" label="Difficulty" error={errors.difficulty?.message}>
          <OptionsSelect
            id="repertoire-difficulty"
            options={DIFFICULTIES}
            {...invalidProps("repertoire-difficulty", errors.difficulty?.message)}
            {...form.register("difficulty")}
          />
        </Field>
      </div>

      {add.isError ? <Alert>{errorMessage(add.error, "Failed to add repertoire entry")}</Alert> : null}

      <FormActions submit="Save Piece" pending={add.isPending} pendingLabel="Saving..." onCancel={onDone} />
    </form>
  );
}
