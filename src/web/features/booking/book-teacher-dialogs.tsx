import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { BookingPanel, type BookableTeacher } from "./booking-panel";
import type { BookTeacher } from "./use-book-teacher";

/** The dialogs behind a profile's booking buttons (see useBookTeacher): the booking panel, or why booking is for parents. */
export function BookTeacherDialogs({ teacher, booking }: { teacher: BookableTeacher; booking: BookTeacher }) {
  return (
    <>
      {booking.bookingType ? (
        <BookingPanel
          teacher={teacher}
          bookingType={booking.bookingType}
          initialStudentId={booking.studentId}
          searchedFormat={booking.searchedFormat}
          open
          onOpenChange={(o) => !o && booking.closePanel()}
        />
      ) : null}
      <Dialog open={booking.notParent} onOpenChange={booking.setNotParent}>
        <DialogContent title="Booking is for parent accounts">
          <Alert tone="info">Lessons are booked by a parent for their child. Sign in with a parent account to book.</Alert>
          <Button className="mt-4 w-full" variant="secondary" onClick={() => booking.setNotParent(false)}>
            Close
          </Button>
        </DialogContent>
      </Dialog>
    </>
  );
}
