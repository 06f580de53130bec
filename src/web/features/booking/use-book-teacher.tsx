import { useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { BookingType } from "../../../shared/booking/booking.constants";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { useAuthDialogs } from "../auth/auth-dialogs";
import { useMe } from "../auth/use-me";
import { BookingPanel, type BookableTeacher } from "./booking-panel";

/**
 * What the profile's booking buttons do: signed out → Sign In, and back here with the panel open
 * (`?book=intro|full` survives the sign-in); a parent → the booking panel; an account without a
 * parent profile (a teacher) → an explanation, never a dead button.
 */
export function useBookTeacher(teacher: BookableTeacher | null) {
  const me = useMe();
  const { openSignIn } = useAuthDialogs();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<BookingType | null>(null);
  const [notParent, setNotParent] = useState(false);
  const studentId = params.get("studentId");
  const isParent = me.data?.profiles.parent === true;

  const onBook = (type: BookingType) => {
    if (!me.data?.user) {
      const next = new URLSearchParams(params);
      next.set("book", type);
      openSignIn(`${location.pathname}?${next.toString()}`);
      return;
    }
    if (!isParent) {
      setNotParent(true);
      return;
    }
    setOpen(type);
  };

  // Back from signing in, `?book=` asks for the panel; closing it drops the request from the URL.
  const requested = params.get("book");
  const fromUrl = isParent && (requested === "intro" || requested === "full") ? requested : null;
  const current = open ?? fromUrl;
  const close = () => {
    setOpen(null);
    if (requested) {
      params.delete("book");
      setParams(params, { replace: true });
    }
  };

  const dialogs = (
    <>
      {teacher && current ? (
        <BookingPanel
          teacher={teacher}
          bookingType={current}
          initialStudentId={studentId}
          open
          onOpenChange={(o) => !o && close()}
        />
      ) : null}
      <Dialog open={notParent} onOpenChange={setNotParent}>
        <DialogContent title="Booking is for parent accounts">
          <Alert tone="info">Lessons are booked by a parent for their child. Sign in with a parent account to book.</Alert>
          <Button className="mt-4 w-full" variant="secondary" onClick={() => setNotParent(false)}>
            Close
          </Button>
        </DialogContent>
      </Dialog>
    </>
  );
  return { onBook, dialogs };
}
