import { Link } from "react-router";

const popularInstruments = [
  { label: "Piano", instrument: "piano" },
  { label: "Guitar", instrument: "guitar" },
  { label: "Violin", instrument: "violin" },
  { label: "Voice", instrument: "voice" },
] as const;

export function PopularLinks() {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <span id="popular-instruments" className="text-sm font-medium text-slate-700">
        Popular:
      </span>
      <ul aria-labelledby="popular-instruments" className="flex flex-wrap gap-2">
        {popularInstruments.map(({ label, instrument }) => (
          <li key={instrument}>
            <Link
              to={`/find-teachers?instrument=${instrument}`}
              className="inline-flex h-9 items-center rounded-full bg-white px-4 text-sm font-medium text-slate-700 ring-1 ring-slate-300 transition-colors hover:bg-brand-50 hover:text-brand-700 hover:ring-brand-600/40"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
