import { forwardRef, useMemo, type SelectHTMLAttributes } from "react";
import { US_TIME_ZONES } from "../../../../shared/teachers/application.schemas";
import { zoneChoices } from "../../../../shared/time-zone.rules";
import { Select } from "../choice";

/**
 * A time-zone select people can read: the common zones first by their names ("Eastern Time (New
 * York)"), then every other zone by its city ("London (Europe)"), so typing a city finds it.
 * Spread `register(...)` on it like on any input; `current` keeps a saved zone among the choices;
 * `emptyLabel` adds a first choice with the value "" (e.g. "Use my device's time zone").
 */
export const TimeZoneSelect = forwardRef<
  HTMLSelectElement,
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & { current?: string | undefined; emptyLabel?: string | undefined }
>(
  function TimeZoneSelect({ current, emptyLabel, ...props }, ref) {
    const choices = useMemo(() => zoneChoices(Intl.supportedValuesOf("timeZone"), US_TIME_ZONES, current), [current]);
    return (
      <Select ref={ref} {...props}>
        {emptyLabel ? <option value="">{emptyLabel}</option> : null}
        <optgroup label="Common time zones">
          {choices.common.map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </optgroup>
        <optgroup label="All time zones, by city">
          {choices.others.map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </optgroup>
      </Select>
    );
  },
);
