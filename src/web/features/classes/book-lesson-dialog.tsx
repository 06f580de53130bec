import { Alert } from "../../components/ui/alert";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { errorMessage } from "../../lib/api";
import { BookingPanel } from "../booking/booking-panel";
import { usePublicProfile } from "../teachers/profile/use-public-profile";

/**
 * Book Another Lesson: the real booking panel for this class's teacher, with the class's student
 * chosen. Mounted only while open, so the teacher's rates are fetched when needed.
 */
export function BookLessonDialog({
  teacherId,
  classId,
  studentId,
  onClose,
}: {
  teacherId: string;
  classId: string;
  studentId: string;
  onClose: () => void;
}) {
  const teacher = usePublicProfile(teacherId);
  if (teacher.isSuccess) {
    return (
      <BookingPanel teacher={teacher.data} bookingType="full" initialStudentId={studentId} classId={classId} open onOpenChange={(open) => !open && onClose()} />
    );
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Book a Lesson">
        {teacher.isPending ? (
          <p role="status" className="text-slate-600">
            Loading...
          </p>
        ) : (
          <Alert>{errorMessage(teacher.error, "This teacher is not taking bookings right now.")}</Alert>
        )}
      </DialogContent>
    </Dialog>
  );
}
