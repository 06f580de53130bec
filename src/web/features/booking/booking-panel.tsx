import { CalendarCheck2, CheckCircle2, X } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { Link } from "react-router";
import { format, startOfMonth } from "date-fns";
import { BOOKING_TYPES, type BookingType } from "../../../shared/booking/booking.constants";
import type { SlotDTO } from "../../../shared/booking/booking.schemas";
import { AppError } from "../../../shared/errors";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useStudents } from "../students/use-students";
import { formatClock, formatSlot, zoneLabel } from "./format-time";
import { SelectStudentDialog } from "./select-student-dialog";
import { useMonthSlots, useRequestBooking, viewerTimeZone } from "./use-booking";

export interface BookableTeacher {
  id: string;
  firstName: string;
  lastName: string;
  hourlyRateMin: number;
  hourlyRateMax: number;
}

type Step = "selecting" | "review" | "sent" | "confirmed";

/** Spec section 9: the Request Sent overlay shows for 2 seconds, then the confirmation. */
export const REQUEST_SENT_MS = 2000;

/**
 * The booking panel: month calendar → times (in the viewer's zone) → selected list → student →
 * review (no payment is taken) → Request Sent → confirmed. The server re-checks every time.
 */
export function BookingPanel({
  teacher,
  bookingType,
  initialStudentId,
  classId,
  open,
  onOpenChange,
}: {
  teacher: BookableTeacher;
  bookingType: BookingType;
  initialStudentId?: string | null;
  classId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent
          title={bookingType === "intro" ? "Book an Introduction Call" : "Book a Lesson"}
          description={`with ${teacher.firstName} ${teacher.lastName}`}
          className="max-w-3xl"
        >
          <BookingFlow
            teacher={teacher}
            bookingType={bookingType}
            initialStudentId={initialStudentId ?? null}
            classId={classId}
            onClose={() => onOpenChange(false)}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function BookingFlow({
  teacher,
  bookingType,
  initialStudentId,
  classId,
  onClose,
}: {
  teacher: BookableTeacher;
  bookingType: BookingType;
  initialStudentId: string | null;
  classId: string | undefined;
  onClose: () => void;
}) {
  const timeZone = viewerTimeZone();
  const [month, setMonth] = useState(() => startOfMonth(new Date()));
  const [day, setDay] = useState<Date | undefined>();
  const [selected, setSelected] = useState<SlotDTO[]>([]);
  const [step, setStep] = useState<Step>("selecting");
  const [studentId, setStudentId] = useState<string | null>(initialStudentId);
  const [choosingStudent, setChoosingStudent] = useState(false);
  const slots = useMonthSlots(teacher.id, format(month, "yyyy-MM"), bookingType);
  const students = useStudents();
  const request = useRequestBooking();
  const student = students.data?.find((s) => s.id === studentId) ?? null;

  const daySlots = day ? (slots.data?.days[format(day, "yyyy-MM-dd")] ?? []) : [];
  const openDays = useMemo(() => new Set(Object.keys(slots.data?.days ?? {})), [slots.data]);
  const isSelected = (slot: SlotDTO) => selected.some((s) => s.startsAt === slot.startsAt);
  const toggle = (slot: SlotDTO) =>
    setSelected((list) => (isSelected(slot) ? list.filter((s) => s.startsAt !== slot.startsAt) : [...list, slot].sort((a, b) => a.startsAt.localeCompare(b.startsAt))));
  const remove = (slot: SlotDTO) => {
    const rest = selected.filter((s) => s.startsAt !== slot.startsAt);
    setSelected(rest);
    // Removing the last time returns to selecting (spec section 4).
    if (rest.length === 0) setStep("selecting");
  };

  useEffect(() => {
    if (step !== "sent") return;
    const timer = setTimeout(() => setStep("confirmed"), REQUEST_SENT_MS);
    return () => clearTimeout(timer);
  }, [step]);

  const proceed = () => {
    if (selected.length === 0) return;
    if (!studentId) setChoosingStudent(true);
    else setStep("review");
  };

  const send = () => {
    if (!studentId) return;
    request.mutate(
      { teacherId: teacher.id, studentId, bookingType, startTimes: selected.map((s) => s.startsAt), ...(classId ? { classId } : {}) },
      {
        onSuccess: () => setStep("sent"),
        onError: (error) => {
          // Someone else took a time: refresh the calendar and let the parent pick again.
          if (error instanceof AppError && error.code === "conflict") {
            setSelected([]);
            setStep("selecting");
          }
        },
      },
    );
  };

  const price =
    bookingType === "intro" ? "Free" : `$${teacher.hourlyRateMin}-${teacher.hourlyRateMax}/hour (set by ${teacher.firstName})`;

  if (step === "sent") {
    return (
      <div role="status" className="flex flex-col items-center py-10 text-center">
        <CheckCircle2 aria-hidden className="mb-3 size-14 text-emerald-600" />
        <p className="text-xl font-semibold text-slate-900">Request Sent</p>
      </div>
    );
  }
  if (step === "confirmed") {
    return (
      <div className="space-y-4 text-center">
        <CalendarCheck2 aria-hidden className="mx-auto size-12 text-brand-700" />
        <h3 className="text-lg font-semibold text-slate-900">Your request is with {teacher.firstName}</h3>
        <p className="text-slate-600">
          {teacher.firstName} will accept or decline {request.data?.bookings.length === 1 ? "it" : "them"}. We'll email you the answer, and accepted
          lessons appear in your calendar.
        </p>
        <ul className="mx-auto max-w-sm space-y-1 text-sm text-slate-700">
          {request.data?.bookings.map((b) => (
            <li key={b.id}>{formatSlot(b.startsAt)} · pending</li>
          ))}
        </ul>
        <div className="flex flex-col justify-center gap-2 sm:flex-row">
          <Link to="/dashboard" className={buttonClasses("primary")} onClick={onClose}>
            Go to Parent Dashboard
          </Link>
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
        </div>
      </div>
    );
  }

  if (step === "review") {
    return (
      <div className="space-y-4">
        <dl className="grid gap-3 rounded-xl border border-slate-200 p-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Lesson</dt>
            <dd className="font-medium text-slate-900">
              {BOOKING_TYPES[bookingType].label} · {BOOKING_TYPES[bookingType].minutes} min
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Student</dt>
            <dd className="font-medium text-slate-900">
              {student ? `${student.firstName} ${student.lastName}` : "…"}{" "}
              <Button variant="link" className="ml-1 text-sm" onClick={() => setChoosingStudent(true)}>
                Change
              </Button>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Price</dt>
            <dd className="font-medium text-slate-900">{price}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Times ({zoneLabel(timeZone)})</dt>
            <dd>
              <ul className="font-medium text-slate-900">
                {selected.map((s) => (
                  <li key={s.startsAt}>{formatSlot(s.startsAt)}</li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <Alert tone="info">No payment is taken in the app. {bookingType === "full" ? `You pay ${teacher.firstName} directly, at the rate above.` : "Intro calls are free."}</Alert>
        {request.isError ? <Alert>{errorMessage(request.error, "Failed to create booking. Please try again.")}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={() => setStep("selecting")}>
            ← Back
          </Button>
          <Button onClick={send} disabled={request.isPending || !studentId}>
            {request.isPending ? "Sending..." : "Send Request"}
          </Button>
        </div>
        <SelectStudentDialog
          open={choosingStudent}
          onOpenChange={setChoosingStudent}
          onSelect={(id) => {
            setStudentId(id);
            setChoosingStudent(false);
          }}
        />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {request.isError ? <Alert>{errorMessage(request.error, "Failed to create booking. Please try again.")}</Alert> : null}
      <div className="grid gap-6 md:grid-cols-[auto_1fr]">
        <div className="booking-calendar">
          <DayPicker
            mode="single"
            month={month}
            onMonthChange={(m) => {
              setMonth(m);
              setDay(undefined);
            }}
            startMonth={startOfMonth(new Date())}
            selected={day}
            onSelect={setDay}
            showOutsideDays={false}
            disabled={(date) => slots.isPending || !openDays.has(format(date, "yyyy-MM-dd"))}
          />
          {slots.isError ? <Alert>Failed to load teacher availability</Alert> : null}
          {slots.data && openDays.size === 0 ? <p className="text-sm text-slate-600">No open times this month. Try the next month.</p> : null}
        </div>
        <div className="min-w-0 space-y-3">
          <p className="text-sm text-slate-600">Times shown in {zoneLabel(timeZone)}</p>
          {!day ? (
            <p className="text-slate-700">Choose a day to see open times.</p>
          ) : (
            <div role="group" aria-label={`Open times on ${format(day, "EEEE, MMMM d")}`} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {daySlots.map((slot) => (
                <button
                  key={slot.startsAt}
                  type="button"
                  aria-pressed={isSelected(slot)}
                  onClick={() => toggle(slot)}
                  className={cn(
                    "h-10 rounded-lg border text-sm font-medium",
                    isSelected(slot) ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 text-slate-800 hover:border-brand-600",
                  )}
                >
                  {formatClock(slot.startsAt)}
                </button>
              ))}
            </div>
          )}
          {selected.length > 0 ? (
            <section aria-label="Selected times" className="rounded-xl border border-slate-200 p-3">
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Selected ({selected.length})</h3>
              <ul className="max-h-60 space-y-1 overflow-y-auto">
                {selected.map((slot) => (
                  <li key={slot.startsAt} className="flex items-center justify-between gap-2 text-sm text-slate-800">
                    <span>{formatSlot(slot.startsAt)}</span>
                    <button type="button" aria-label={`Remove ${formatSlot(slot.startsAt)}`} onClick={() => remove(slot)} className="rounded p-1 text-slate-500 hover:bg-slate-100">
                      <X aria-hidden className="size-4" />
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
      <div className="flex justify-end">
        <Button onClick={proceed} disabled={selected.length === 0}>
          Continue
        </Button>
      </div>
      <SelectStudentDialog
        open={choosingStudent}
        onOpenChange={setChoosingStudent}
        onSelect={(id) => {
          setStudentId(id);
          setChoosingStudent(false);
          setStep("review");
        }}
      />
    </div>
  );
}
