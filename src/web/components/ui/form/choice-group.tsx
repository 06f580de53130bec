import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { cn } from "../../../lib/cn";
import { Choice } from "../choice";
import { toOptions, type Options } from "./options";

/**
 * Checkboxes (a list field) or radios (one value) sharing one form field, under a legend, with the
 * field's error below it (id `${id}-error`, which the group points at). Option ids are
 * `${id}-<value as a slug>`.
 *
 * `variant="tiles"` (default) shows bordered tiles in a two-column grid (`columns` adds
 * breakpoints, e.g. "sm:grid-cols-3"); `variant="list"` shows plain rows, laid out by `columns`.
 */
export function ChoiceGroup({
  id,
  legend,
  options,
  registration,
  error,
  type = "checkbox",
  variant = "tiles",
  columns,
  children,
}: {
  id: string;
  legend: ReactNode;
  options: Options;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  type?: "checkbox" | "radio";
  variant?: "tiles" | "list";
  columns?: string;
  /** Shown after the choices, inside the group (e.g. an "Other" field). */
  children?: ReactNode;
}) {
  const optionId = (value: string) => `${id}-${value.replaceAll(/[^A-Za-z0-9]+/g, "-").toLowerCase()}`;
  const tiles = variant === "tiles";
  return (
    <fieldset {...(error ? { "aria-describedby": `${id}-error` } : {})}>
      <legend className={cn("block text-sm font-medium text-slate-800", tiles ? "mb-2" : "mb-1")}>{legend}</legend>
      <div className={tiles ? cn("grid grid-cols-2 gap-2", columns) : columns}>
        {toOptions(options).map((option) =>
          tiles ? (
            <label
              key={option.value}
              htmlFor={optionId(option.value)}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input id={optionId(option.value)} type={type} value={option.value} className="size-4 shrink-0 accent-brand-600" {...registration} />
              {option.label}
            </label>
          ) : (
            <Choice key={option.value} id={optionId(option.value)} type={type} label={option.label} value={option.value} {...registration} />
          ),
        )}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className={cn("text-sm text-red-700", tiles ? "mt-1.5" : "mt-1")}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
