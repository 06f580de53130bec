import { Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { CATEGORY_EXISTS_MESSAGE, CATEGORY_NAME_MAX_LENGTH } from "../../../shared/classes/classes.constants";
import { categoriesEditSchema } from "../../../shared/classes/classes.schemas";
import { nameKey } from "../../../shared/classes/progress.rules";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { FormActions } from "../../components/ui/form-actions";
import { DialogWhenOpen } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { useEditCategories } from "./use-classes";

/** Edit Categories (spec section 2): rename, add, remove; the last category cannot be removed. */
export function CategoriesDialog({
  classId,
  names,
  open,
  onOpenChange,
}: {
  classId: string;
  names: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogWhenOpen open={open} onOpenChange={onOpenChange} title="Edit Categories" description="Progress and grades are tracked per category. A removed category's achievements are removed with it.">
      <CategoriesForm classId={classId} initial={names} onDone={() => onOpenChange(false)} />
    </DialogWhenOpen>
  );
}

function CategoriesForm({ classId, initial, onDone }: { classId: string; initial: string[]; onDone: () => void }) {
  const [names, setNames] = useState(initial);
  const [added, setAdded] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const save = useEditCategories(classId);

  const add = () => {
    const name = added.trim();
    if (!name) return;
    if (names.some((n) => nameKey(n) === nameKey(name))) {
      setProblem(CATEGORY_EXISTS_MESSAGE);
      return;
    }
    setNames([...names, name]);
    setAdded("");
    setProblem(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Blank rows are dropped, as the server does; none left reads "Please add at least one category".
    const parsed = categoriesEditSchema.safeParse({ categories: names.map((n) => n.trim()).filter((n) => n.length > 0) });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Check the categories");
      return;
    }
    setProblem(null);
    save.mutate(parsed.data.categories, { onSuccess: onDone });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <ul className="space-y-2">
        {names.map((name, index) => (
          <li key={index} className="flex items-center gap-2">
            <label htmlFor={`category-${index}`} className="sr-only">
              Category {index + 1}
            </label>
            <Input
              id={`category-${index}`}
              value={name}
              maxLength={CATEGORY_NAME_MAX_LENGTH}
              onChange={(e) => setNames(names.map((n, i) => (i === index ? e.target.value : n)))}
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${name || `category ${index + 1}`}`}
              title={names.length === 1 ? "A class needs at least one category" : undefined}
              disabled={names.length === 1}
              onClick={() => setNames(names.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-2">
        <label htmlFor="category-new" className="sr-only">
          New category
        </label>
        <Input
          id="category-new"
          placeholder="New category"
          value={added}
          maxLength={CATEGORY_NAME_MAX_LENGTH}
          onChange={(e) => setAdded(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add} disabled={!added.trim()}>
          <Plus aria-hidden className="size-4" />
          Add
        </Button>
      </div>
      {problem ? <Alert>{problem}</Alert> : save.isError ? <Alert>{errorMessage(save.error, "Failed to save categories")}</Alert> : null}
      <FormActions submit="Save Categories" pending={save.isPending} pendingLabel="Saving..." />
    </form>
  );
}
