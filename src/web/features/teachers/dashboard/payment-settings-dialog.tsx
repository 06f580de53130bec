import { Banknote } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button";
import { ActionsRow, CancelButton } from "../../../components/ui/form-actions";
import { Dialog, DialogContent, DialogTrigger } from "../../../components/ui/dialog";

/** decisions.md section 2: payments are not taken in the app; this says so plainly. */
export function PaymentSettingsDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary" align="start" className="w-full">
          <Banknote aria-hidden className="size-4" />
          Payment Settings
        </Button>
      </DialogTrigger>
      <DialogContent title="Payment Settings">
        <div className="space-y-3 text-sm text-slate-700">
          <p>Payments are not taken in the app. Families pay you directly, in the way you agree with them.</p>
          <p>
            Parents see the hourly rate range you list on your profile, and an intro call is always free. You can change your
            rates at any time in Settings.
          </p>
        </div>
        <ActionsRow className="mt-6">
          <CancelButton label="Close" />
          <Link to="/teacher/settings" className={buttonClasses("primary")}>
            Edit my rates
          </Link>
        </ActionsRow>
      </DialogContent>
    </Dialog>
  );
}
