import { US_STATES } from "../../../shared/teachers/teachers.constants";

/** The options of a state <Select>: "Choose…" and the US states by name (the value is the code). */
export function UsStateOptions() {
  return (
    <>
      <option value="">Choose…</option>
      {Object.entries(US_STATES).map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
}
