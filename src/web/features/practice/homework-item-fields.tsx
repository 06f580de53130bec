import { Trash2 } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import { HOMEWORK_LIMITS } from "../../../shared/practice/practice.schemas";
import { Button } from "../../components/ui/button";
import { Select } from "../../components/ui/choice";
import { Field } from "../../components/ui/field";
import { errorText, invalidProps } from "../../components/ui/form";
import { Input } from "../../components/ui/input";
import type { HomeworkFormValues } from "./homework-form-values";

/** A class file or repertoire select: "" is none. */
const fileOrNull = (value: unknown) => (value === "" || value === undefined ? null : value);

/** One thing to practise: what (free text), optionally a piece of the repertoire and a class file. */
export function HomeworkItemFields({
  form,
  index,
  pieces,
  files,
  onRemove,
}: {
  form: UseFormReturn<HomeworkFormValues>;
  index: number;
  pieces: readonly { id: string; title: string; composer: string }[];
  files: readonly { id: string; name: string }[];
  /** Absent for the only item: a homework has at least one. */
  onRemove: (() => void) | undefined;
}) {
  const id = `homework-item-${index}`;
  const message = errorText(form.formState.errors.items?.[index]?.description);
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3">
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
        {onRemove ? (
          <Button variant="ghostDanger" size="compact" className="mb-1" aria-label={`Remove item ${index + 1}`} onClick={onRemove}>
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
}
