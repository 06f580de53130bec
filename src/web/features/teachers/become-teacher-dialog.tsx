import { CalendarClock, DollarSign, LifeBuoy } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { useAuthDialogs } from "../auth/auth-dialogs";
import { TeacherApplicationWizard } from "./application/teacher-application-wizard";
import { useApplicationForm } from "./application/use-application-form";

const BENEFITS = [
  { icon: CalendarClock, title: "Flexible Schedule", text: "Publish the hours you want to teach; parents book only those." },
  { icon: DollarSign, title: "Competitive Rates", text: "Set your own hourly rate range. Intro calls are free for families." },
  { icon: LifeBuoy, title: "Support & Tools", text: "Requests, calendar, classes, grades and progress in one place." },
] as const;

/** The teacher sign-up dialog of the landing page: benefits first, then the application. */
export function BecomeTeacherDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [step, setStep] = useState<"intro" | "application">("intro");
  const { openSignIn } = useAuthDialogs();
  const navigate = useNavigate();
  // Held here, not in the wizard: answers survive the dialog being closed by accident.
  const form = useApplicationForm();
  const close = () => {
    onOpenChange(false);
    setStep("intro");
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) setStep("intro");
      }}
    >
      {step === "intro" ? (
        <DialogContent title="Become a Teacher" description="Teach music to students who are ready to learn." width="2xl">
          <ul className="grid gap-3 sm:grid-cols-3">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-slate-200 p-4">
                <Icon aria-hidden className="mb-2 size-6 text-brand-700" />
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
          <Button className="mt-6 w-full" size="lg" onClick={() => setStep("application")}>
            Start Teacher Application
          </Button>
        </DialogContent>
      ) : (
        <DialogContent title="Teacher Application" width="2xl">
          <TeacherApplicationWizard
            form={form}
            onDone={close}
            onOpenDashboard={(path) => {
              close();
              void navigate(path);
            }}
            onSignIn={() => {
              close();
              // The new teacher signs in as what they just became, with the address they applied with.
              openSignIn(null, { role: "teacher", email: form.getValues("personal.email") });
            }}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}
