import { MessageSquare } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { buttonClasses, Button } from "../../components/ui/button";
import { useMyBookings } from "../booking/use-booking";
import { MessagesDrawerLauncher, preloadMessagesDrawer } from "../messages/messages-drawer-launcher";

interface StudentTeacher {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * Message Teacher on the student page (spec section 2): the student's teachers are the ones their
 * lessons were requested with. One teacher: the button opens the drawer with them (about this
 * student); several: a button each; none yet: the inbox.
 */
export function MessageTeacherAction({ studentId }: { studentId: string }) {
  const bookings = useMyBookings();
  const [open, setOpen] = useState<StudentTeacher | null>(null);
  const teachers = new Map<string, StudentTeacher>();
  // A teacher who deleted their account (id null) can no longer be written to.
  for (const b of bookings.data?.bookings ?? []) if (b.student.id === studentId && b.teacher.id) teachers.set(b.teacher.id, { ...b.teacher, id: b.teacher.id });
  const list = [...teachers.values()];

  if (list.length === 0) {
    return (
      <Link to="/messages" className={buttonClasses("secondary", "md", "w-full")}>
        <MessageSquare aria-hidden className="size-4" />
        Message Teacher
      </Link>
    );
  }
  return (
    <>
      {list.map((teacher) => (
        <Button
          key={teacher.id}
          variant="secondary"
          className="w-full"
          onClick={() => setOpen(teacher)}
          onPointerEnter={preloadMessagesDrawer}
          onFocus={preloadMessagesDrawer}
        >
          <MessageSquare aria-hidden className="size-4" />
          {list.length === 1 ? "Message Teacher" : `Message ${teacher.firstName} ${teacher.lastName}`}
        </Button>
      ))}
      {open ? (
        <MessagesDrawerLauncher
          key={open.id}
          target={{ kind: "teacher", teacherId: open.id, studentId }}
          title={`Message ${open.firstName}`}
          open
          onOpenChange={(value) => !value && setOpen(null)}
        />
      ) : null}
    </>
  );
}
