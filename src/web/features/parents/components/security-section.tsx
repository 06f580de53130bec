import { History, KeyRound, ShieldCheck, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ChangePasswordDialog } from "../../auth/security/change-password-dialog";
import { LoginHistoryDialog } from "../../auth/security/login-history-dialog";
import { TwoFactorDialog } from "../../auth/security/two-factor-dialog";
import { Panel } from "./panel";

type SecurityDialog = "password" | "two-factor" | "history";

const ACTIONS: { dialog: SecurityDialog; label: string; icon: LucideIcon }[] = [
  { dialog: "password", label: "Change Password", icon: KeyRound },
  { dialog: "two-factor", label: "Two-Factor Authentication", icon: ShieldCheck },
  { dialog: "history", label: "Login History", icon: History },
];

/** Security (spec section 2); the dialogs belong to the auth feature. id="security" is the quick action's target. */
export function SecuritySection() {
  const [open, setOpen] = useState<SecurityDialog | null>(null);
  const dialogProps = (dialog: SecurityDialog) => ({
    open: open === dialog,
    onOpenChange: (next: boolean) => setOpen(next ? dialog : null),
  });

  return (
    <Panel id="security" title="Security" description="Keep your account safe.">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {ACTIONS.map(({ dialog, label, icon: Icon }) => (
          <Button key={dialog} variant="secondary" align="start" onClick={() => setOpen(dialog)}>
            <Icon aria-hidden className="size-4 text-brand-700" />
            {label}
          </Button>
        ))}
      </div>
      <ChangePasswordDialog {...dialogProps("password")} />
      <TwoFactorDialog {...dialogProps("two-factor")} />
      <LoginHistoryDialog {...dialogProps("history")} />
    </Panel>
  );
}
