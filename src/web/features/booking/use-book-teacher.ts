import { useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { BookingType } from "../../../shared/booking/booking.constants";
import { useAuthDialogs } from "../auth/auth-dialogs";
import { useMe, useSettledMe } from "../auth/use-me";

export interface BookTeacher {
  /** What a profile's booking buttons call. */
  onBook: (type: BookingType) => Promise<void>;
  /** The booking panel to show, or null. */
  bookingType: BookingType | null;
  /** `?studentId=` preselects the student. */
  studentId: string | null;
  /** `?lessonType=` (the search's, carried by the profile link) preselects the format: "in_person" or "online". */
  searchedFormat: string | null;
  closePanel: () => void;
  /** A signed-in account without a parent profile asked to book. */
  notParent: boolean;
  setNotParent: (open: boolean) => void;
}

/**
 * What the profile's booking buttons do: signed out → Sign In, and back here with the panel open
 * (`?book=intro|full` survives the sign-in); a parent → the booking panel; an account without a
 * parent profile (a teacher) → an explanation, never a dead button. <BookTeacherDialogs> shows the result.
 */
export function useBookTeacher(): BookTeacher {
  const me = useMe();
  const { openSignIn } = useAuthDialogs();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<BookingType | null>(null);
  const [notParent, setNotParent] = useState(false);
  const isParent = me.data?.profiles.parent === true;

  const settledMe = useSettledMe();

  // A click while the session is still being read (a prerendered profile, a slow phone) waits for
  // the answer: a signed-in parent was shown Sign In when the click came first.
  const onBook = async (type: BookingType) => {
    const current = me.data ?? (await settledMe().catch(() => null));
    if (!current?.user) {
      const next = new URLSearchParams(params);
      next.set("book", type);
      openSignIn(`${location.pathname}?${next.toString()}`);
      return;
    }
    if (current.profiles.parent !== true) {
      setNotParent(true);
      return;
    }
    setOpen(type);
  };

  // Back from signing in, `?book=` asks for the panel; closing it drops the request from the URL.
  const requested = params.get("book");
  const fromUrl = isParent && (requested === "intro" || requested === "full") ? requested : null;
  const closePanel = () => {
    setOpen(null);
    if (requested) {
      params.delete("book");
      setParams(params, { replace: true });
    }
  };

  // The search writes "in-person" in its URL; a booking's format is "in_person".
  const lessonType = params.get("lessonType");
  const searchedFormat = lessonType === "in-person" ? "in_person" : lessonType;
  return { onBook, bookingType: open ?? fromUrl, studentId: params.get("studentId"), searchedFormat, closePanel, notParent, setNotParent };
}
