import { Mail, MapPin, Phone, UserRound, Video } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { LessonPlace, PartyContact } from "../../../shared/booking/lesson-place.rules";

const ICONS = { online: Video, in_person: MapPin, phone: Phone, flexible: MapPin } as const;

/** What the address line says when there is no address to give (yet). */
function missingAddress(place: Extract<LessonPlace, { format: "in_person" }>, side: "parent" | "teacher"): ReactNode {
  if (place.at === "studio") return side === "parent" ? "At the teacher's studio (ask them for the address)" : "At your studio: add its address in Settings";
  return side === "parent" ? (
    <>
      At your home:{" "}
      <Link to="/settings" className="font-medium text-brand-700 underline">
        add your address in Settings
      </Link>
    </>
  ) : (
    "At the family's home (no address given yet: ask the family)"
  );
}

/**
 * Where and how one lesson takes place, and how to reach the other side (issue 26). The server
 * sends the link, the address and the phone numbers only to the lesson's two sides and only once
 * it is accepted; before that (and for a declined, expired or cancelled one) this shows the
 * format alone.
 */
export function LessonPlaceDetails({
  place,
  contact,
  side,
}: {
  place: LessonPlace;
  contact: PartyContact | null;
  side: "parent" | "teacher";
}) {
  const Icon = ICONS[place.format];
  const revealed = contact !== null;
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p className="flex flex-wrap items-center gap-x-1.5">
        <Icon aria-hidden className="size-4 shrink-0 text-slate-500" />
        <span className="font-medium text-slate-900">{place.label}</span>
        {place.format === "online" && !place.link && revealed ? (
          <span className="text-slate-600">
            · {side === "parent" ? "the teacher has not set a meeting link yet" : <Link to="/teacher/settings" className="text-brand-700 underline">add a meeting link in Settings</Link>}
          </span>
        ) : null}
      </p>
      {place.format === "online" && place.link ? (
        <p className="pl-5.5">
          Meeting link:{" "}
          <a href={place.link} target="_blank" rel="noopener noreferrer" className="break-all font-medium text-brand-700 underline">
            {place.link}
          </a>
        </p>
      ) : null}
      {place.format === "in_person" && revealed ? <p className="pl-5.5 break-words">{place.address ? `At ${place.address}` : missingAddress(place, side)}</p> : null}
      {place.format === "phone" && revealed ? (
        <p className="pl-5.5">
          {[place.teacherPhone ? `Teacher: ${place.teacherPhone}` : "Teacher: no phone number given", place.parentPhone ? `Family: ${place.parentPhone}` : "Family: no phone number given"].join(" · ")}
        </p>
      ) : null}
      {contact ? <ContactLine contact={contact} side={side} /> : null}
    </div>
  );
}

/** The other side: "Your teacher" for the family, "Family" for the teacher. */
function ContactLine({ contact, side }: { contact: PartyContact; side: "parent" | "teacher" }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="flex items-center gap-1.5">
        <UserRound aria-hidden className="size-4 shrink-0 text-slate-500" />
        <span>
          {side === "parent" ? "Your teacher" : "Family"}: <span className="font-medium text-slate-900">{contact.name}</span>
        </span>
      </span>
      {contact.email ? (
        <a href={`mailto:${contact.email}`} className="flex items-center gap-1 break-all text-brand-700 hover:underline">
          <Mail aria-hidden className="size-4 shrink-0" />
          {contact.email}
        </a>
      ) : null}
      {contact.phone ? (
        <a href={`tel:${contact.phone}`} className="flex items-center gap-1 text-brand-700 hover:underline">
          <Phone aria-hidden className="size-4 shrink-0" />
          {contact.phone}
        </a>
      ) : null}
    </p>
  );
}
