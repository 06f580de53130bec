import { MailCheck } from "lucide-react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { useResendConfirmationEmail } from "./use-auth-actions";

/** Shown after sign-up or sign-in while the address is unconfirmed and confirmation is required. */
export function CheckEmailDialog({
  email,
  onOpenChange,
  onReturnToSignIn,
}: {
  email: string | null;
  onOpenChange: (open: boolean) => void;
  onReturnToSignIn: () => void;
}) {
  const resend = useResendConfirmationEmail();
  return (
    <Dialog open={email !== null} onOpenChange={onOpenChange}>
      {email ? (
        <DialogContent title="Check Your Email">
          <div className="space-y-4">
            <div className="flex items-start gap-3">
              <MailCheck aria-hidden className="size-8 shrink-0 text-brand-700" />
              <p className="text-slate-700">
                We sent a confirmation link to <strong className="break-all">{email}</strong>.
              </p>
            </div>
            <Alert tone="info">Your account can't be used until you confirm your email address.</Alert>
            {resend.isSuccess ? <Alert tone="success">Confirmation email has been resent successfully!</Alert> : null}
            {resend.isError ? <Alert>Failed to resend confirmation email. Please try again.</Alert> : null}
            <Button className="w-full" variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate(email)}>
              {resend.isPending ? "Sending..." : "Resend Confirmation Email"}
            </Button>
            <p className="text-center">
              <Button variant="link" onClick={onReturnToSignIn}>
                Return to Sign In
              </Button>
            </p>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
