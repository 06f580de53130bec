import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { ClassDetail } from "../../../shared/classes/classes.api";
import { classCreateSchema, type ClassCreate, type ClassCreateInput } from "../../../shared/classes/classes.schemas";
import { Alert } from "../../components/ui/alert";
import { buttonClasses } from "../../components/ui/button";
import { ActionsRow, CancelButton, FormActions } from "../../components/ui/form-actions";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { ChoiceGroup, invalidProps, setServerErrors } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { errorMessage } from "../../lib/api";
import { Link } from "react-router";
import { CopyCodeButton } from "./copy-code-button";
import { FORMAT_OPTIONS } from "./format-labels";
import { useCreateClass } from "./use-classes";

export function CreateClassDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [created, setCreated] = useState<ClassDetail | null>(null);
  const change = (next: boolean) => {
    if (!next) setCreated(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      {open ? (
        created ? (
          <DialogContent title="Class Created" description="Share this join code with the parent; they enter it under Join Class.">
            <CreatedClass created={created} />
          </DialogContent>
        ) : (
          <DialogContent title="Create Class" description="Parents join the class with the code it gets.">
            <CreateClassForm onCreated={setCreated} />
          </DialogContent>
        )
      ) : null}
    </Dialog>
  );
}

function CreatedClass({ created }: { created: ClassDetail }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">{created.name}</span> is ready.
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brand-50 p-4">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Join code</p>
          <p data-testid="created-join-code" className="font-mono text-2xl font-bold tracking-widest text-slate-900">
            {created.joinCode}
          </p>
        </div>
        {created.joinCode ? <CopyCodeButton code={created.joinCode} /> : null}
      </div>
      <ActionsRow>
        <CancelButton label="Done" />
        <Link to={`/class/${created.id}`} className={buttonClasses("primary")}>
          Open Class
        </Link>
      </ActionsRow>
    </div>
  );
}

function CreateClassForm({ onCreated }: { onCreated: (created: ClassDetail) => void }) {
  const create = useCreateClass();
  const form = useForm<ClassCreateInput, unknown, ClassCreate>({
    resolver: zodResolver(classCreateSchema),
    defaultValues: { name: "", description: "", format: "xp" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: onCreated,
      onError: (error) => setServerErrors(error, form.setError, ["name", "description", "format"]),
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <Field id="class-name" label="Class Name" error={errors.name?.message}>
        <Input id="class-name" autoComplete="off" {...invalidProps("class-name", errors.name?.message)} {...form.register("name")} />
      </Field>
      <Field id="class-description" label="Description (optional)" error={errors.description?.message}>
        <Textarea id="class-description" {...invalidProps("class-description", errors.description?.message)} {...form.register("description")} />
      </Field>
      <ChoiceGroup id="class-format" legend="Progress format" type="radio" options={FORMAT_OPTIONS} registration={form.register("format")} error={errors.format?.message} />
      {create.isError ? <Alert>{errorMessage(create.error, "Failed to create class")}</Alert> : null}
      <FormActions submit="Create Class" pending={create.isPending} pendingLabel="Creating..." />
    </form>
  );
}
