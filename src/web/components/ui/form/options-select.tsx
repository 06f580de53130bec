import { forwardRef, type SelectHTMLAttributes } from "react";
import { Select } from "../choice";
import { toOptions, type Options } from "./options";

/**
 * A native select built from `options` (strings, `{ value, label }`, or a value → label record).
 * `placeholder` adds a first empty option ("Choose…"); leave it out when the field always has a
 * value. Spread `register(...)` and `invalidProps(...)` on it like on any input.
 */
export const OptionsSelect = forwardRef<
  HTMLSelectElement,
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & { options: Options; placeholder?: string }
>(function OptionsSelect({ options, placeholder, ...props }, ref) {
  return (
    <Select ref={ref} {...props}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {toOptions(options).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
});
