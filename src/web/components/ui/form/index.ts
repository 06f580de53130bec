/**
 * The form kit: what every react-hook-form form here needs beyond `Field` and the inputs.
 * - `setServerErrors` puts a 400's `AppError.fields` beside the form's fields;
 * - `errorText` reads the message of a field whose errors nest (list fields);
 * - `invalidProps` marks a control invalid and points it at its Field's message;
 * - `OptionsSelect` and `ChoiceGroup` render a field's options as a select or checkboxes/radios;
 * - `useFlash` shows a success message for a few seconds.
 */
export { ChoiceGroup } from "./choice-group";
export { errorText } from "./error-text";
export { invalidProps } from "./invalid-props";
export { toOptions, type Option, type Options } from "./options";
export { OptionsSelect } from "./options-select";
export { setServerErrors } from "./server-errors";
export { useFlash } from "./use-flash";
