import { MapPin, Phone, Video } from "lucide-react";
import type { BookingType, ChosenFormat, InPersonPlace } from "../../../shared/booking/booking.constants";
import { chooseFormatMessage, FORMAT_LABELS, NO_COMMON_FORMAT_MESSAGE } from "../../../shared/booking/lesson-place.rules";
import { Alert } from "../../components/ui/alert";
import { cn } from "../../lib/cn";

const ICONS = { in_person: MapPin, online: Video, phone: Phone } as const;

/** What each format means for this family, and when the details come (never before acceptance). */
function hint(format: ChosenFormat, teacherFirstName: string, inPersonPlace: InPersonPlace | undefined): string {
  switch (format) {
    case "in_person":
      if (inPersonPlace === "family_home") return `${teacherFirstName} comes to your home. Your address (in Settings) is shared with ${teacherFirstName} once the lesson is accepted.`;
      if (inPersonPlace === "studio") return `At ${teacherFirstName}'s studio. You get the address once ${teacherFirstName} accepts.`;
      return `You get the place once ${teacherFirstName} accepts.`;
    case "online":
      return `A video call. You get the meeting link once ${teacherFirstName} accepts.`;
    case "phone":
      return `A phone call. Phone numbers are shared with both of you once ${teacherFirstName} accepts.`;
  }
}

/**
 * The booking's format step (issue 26): how the lesson or call takes place, among the formats the
 * teacher offers at every chosen time. One offered format, or the search's lesson type, comes
 * preselected (the panel decides: lesson-place.rules.ts preselectedFormat); the server checks again.
 */
export function FormatChoice({
  bookingType,
  offered,
  value,
  teacherFirstName,
  inPersonPlace,
  onChange,
}: {
  bookingType: BookingType;
  offered: readonly ChosenFormat[];
  value: ChosenFormat | null;
  teacherFirstName: string;
  inPersonPlace?: InPersonPlace;
  onChange: (format: ChosenFormat) => void;
}) {
  if (offered.length === 0) return <Alert>{NO_COMMON_FORMAT_MESSAGE}</Alert>;
  const legend = bookingType === "intro" ? "How will the call take place?" : "How will the lesson take place?";
  return (
    <fieldset className="space-y-2" aria-describedby={value ? undefined : "format-needed"}>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className={cn("grid gap-2", offered.length > 1 && "sm:grid-cols-2")}>
        {offered.map((format) => {
          const Icon = ICONS[format];
          const checked = value === format;
          return (
            <label
              key={format}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600",
                checked ? "border-brand-600 bg-brand-50" : "border-slate-300 hover:border-brand-600",
              )}
            >
              <input type="radio" name="lesson-format" value={format} checked={checked} onChange={() => onChange(format)} className="mt-1 size-4 shrink-0 accent-brand-600" />
              <span className="min-w-0">
                <span className="flex items-center gap-1.5 font-medium text-slate-900">
                  <Icon aria-hidden className="size-4 text-brand-700" />
                  {FORMAT_LABELS[format]}
                </span>
                <span className="mt-0.5 block text-slate-600">{hint(format, teacherFirstName, inPersonPlace)}</span>
              </span>
            </label>
          );
        })}
      </div>
      {value ? null : (
        <p id="format-needed" className="text-sm text-slate-700">
          {chooseFormatMessage(offered)} to send the request.
        </p>
      )}
    </fieldset>
  );
}
