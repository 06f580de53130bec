/** An option of a select or choice group: a plain string (value = label) or a value with its label. */
export type Option = string | { value: string; label: string };

/** Options as a list, or a record of value → label (the shape of the app's constants). */
export type Options = readonly Option[] | Readonly<Record<string, string>>;

export function toOptions(options: Options): { value: string; label: string }[] {
  if (!isList(options)) return Object.entries(options).map(([value, label]) => ({ value, label }));
  return options.map((option) => (typeof option === "string" ? { value: option, label: option } : option));
}

function isList(options: Options): options is readonly Option[] {
  return Array.isArray(options);
}
