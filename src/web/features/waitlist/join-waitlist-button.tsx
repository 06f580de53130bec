import { Hourglass } from "lucide-react";
import { Suspense, useState } from "react";
import { Button } from "../../components/ui/button";
import { lazyPart, useOpenedOnce } from "../../lib/lazy-parts";
import { useMe } from "../auth/use-me";

// The form (time zones, field arrays) loads when a parent opens it, not with every profile.
const WaitlistFormDialog = lazyPart(() => import("./waitlist-form-dialog").then((m) => m.WaitlistFormDialog));

/**
 * "No time suits?" on a teacher's profile (issue 44): a signed-in parent joins the teacher's
 * waitlist for a student; others do not see it (a visitor signs in to book first).
 */
export function JoinWaitlistButton({ teacherId, teacherName, className }: { teacherId: string; teacherName: string; className?: string }) {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  if (me.data?.role !== "parent") return null;
  return (
    <div className={className}>
      <p className="text-sm text-slate-600">No time that suits you?</p>
      <Button variant="secondary" size="md" className="mt-2 w-full" onPointerEnter={() => void WaitlistFormDialog.preload()} onClick={() => setOpen(true)}>
        <Hourglass aria-hidden className="size-4" /> Join the waitlist
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <WaitlistFormDialog open={open} onOpenChange={setOpen} teacherId={teacherId} teacherName={teacherName} />
        </Suspense>
      ) : null}
    </div>
  );
}
