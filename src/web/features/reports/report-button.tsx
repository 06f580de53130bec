import { Flag } from "lucide-react";
import { Suspense, useState } from "react";
import type { ReportTarget } from "../../../shared/operator/operator.constants";
import { Button, type ButtonSize, type ButtonVariant } from "../../components/ui/button";
import { lazyPart } from "../../lib/lazy-parts";
import { useMe } from "../auth/use-me";

// The dialog (its form, zod) is fetched on intent: a pointer over, a touch on or focus on the button.
const ReportDialog = lazyPart(() => import("./report-dialog").then((m) => m.default));
const preloadReportDialog = () => void ReportDialog.preload();

/**
 * Report (issue 27): a small button that opens the Report dialog for a teacher profile, a review
 * or a received message. `label` names the thing for screen readers ("Report review by Pat P.").
 */
export function ReportButton({
  targetKind,
  targetId,
  label,
  variant = "ghost",
  size = "sm",
  className,
}: {
  targetKind: ReportTarget;
  targetId: string;
  label: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-label={label}
        onPointerEnter={preloadReportDialog}
        onTouchStart={preloadReportDialog}
        onFocus={preloadReportDialog}
        onClick={() => setOpen(true)}
      >
        <Flag aria-hidden className="size-4" />
        Report
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog targetKind={targetKind} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

export function useCanReport(): boolean {
  const me = useMe();
  return Boolean(me.data?.user && (me.data.profiles.parent || me.data.profiles.teacher));
}
