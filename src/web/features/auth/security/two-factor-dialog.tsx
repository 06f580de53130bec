import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api";
import { useAuthSession } from "./use-auth-session";
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRefreshAuthSession,
  useTotpQrCode,
  useVerifyTwoFactor,
} from "./use-security";

export function TwoFactorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const refreshSession = useRefreshAuthSession();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // The state is re-read when the dialog closes, so a fresh enrolment keeps its codes on screen.
        if (!next) void refreshSession();
        onOpenChange(next);
      }}
    >
      {open ? (
        <DialogContent title="Two-Factor Authentication" description="A code from an authenticator app, on top of your password." width="lg">
          <TwoFactorSettings />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function TwoFactorSettings() {
  const session = useAuthSession();
  if (session.isPending) return <p className="text-slate-600">Loading...</p>;
  if (session.isError || !session.data) return <Alert>{errorMessage(session.error, "Failed to load your security settings.")}</Alert>;
  return session.data.user.twoFactorEnabled ? <DisableTwoFactor /> : <EnableTwoFactor />;
}

/** The secret of an otpauth:// URI, grouped in fours for typing into an app by hand. */
function manualKey(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/** Turning two-factor on (also the operator desk's forced setup, which continues with `onEnabled`). */
export function EnableTwoFactor({ onEnabled }: { onEnabled?: () => void } = {}) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const enable = useEnableTwoFactor();
  const qr = useTotpQrCode(enable.data?.totpURI);
  const verify = useVerifyTwoFactor();

  if (!enable.data) {
    return (
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          enable.mutate(password);
        }}
      >
        <p className="text-sm text-slate-700">
          Two-factor authentication is off. Turn it on to ask for a code from an authenticator app (Google Authenticator, 1Password, Authy …) each time you sign in.
        </p>
        <Field id="tf-password" label="Confirm your password">
          <Input id="tf-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        {enable.isError ? <Alert>{errorMessage(enable.error, "Failed to start two-factor setup.")}</Alert> : null}
        <Button type="submit" className="w-full" disabled={!password || enable.isPending}>
          {enable.isPending ? "Starting..." : "Set up two-factor authentication"}
        </Button>
      </form>
    );
  }

  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-3 pl-5 text-sm text-slate-700">
        <li>Scan this QR code with your authenticator app, or type the key by hand.</li>
      </ol>
      <div className="flex flex-col items-center gap-2">
        {qr.data ? <img src={qr.data} alt="QR code for your authenticator app" width={200} height={200} /> : null}
        <p className="text-xs text-slate-600">Key</p>
        <code data-testid="totp-key" className="select-all rounded bg-slate-100 px-2 py-1 text-sm tracking-wider text-slate-900">
          {manualKey(enable.data.totpURI)}
        </code>
      </div>
      <details className="rounded-lg border border-slate-200 p-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-800">Backup codes (save them somewhere safe)</summary>
        <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-slate-800">
          {enable.data.backupCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </details>
      {verify.isSuccess ? (
        <Alert tone="success">Two-factor authentication is on. You will be asked for a code when you sign in.</Alert>
      ) : (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            verify.mutate(code.trim(), { onSuccess: () => onEnabled?.() });
          }}
        >
          <Field id="tf-code" label="Enter the 6-digit code from the app to finish">
            <Input id="tf-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
          </Field>
          {verify.isError ? <Alert>That code is not correct. Please try again.</Alert> : null}
          <Button type="submit" className="w-full" disabled={!/^\d{6}$/.test(code.trim()) || verify.isPending}>
            Turn on two-factor authentication
          </Button>
        </form>
      )}
    </div>
  );
}

function DisableTwoFactor() {
  const [password, setPassword] = useState("");
  const disable = useDisableTwoFactor();
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        disable.mutate(password);
      }}
    >
      <Alert tone="success">Two-factor authentication is on.</Alert>
      <Field id="tf-disable-password" label="Confirm your password to turn it off">
        <Input id="tf-disable-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      {disable.isError ? <Alert>{errorMessage(disable.error, "Failed to turn off two-factor authentication.")}</Alert> : null}
      <Button type="submit" variant="danger" className="w-full" disabled={!password || disable.isPending}>
        Turn off two-factor authentication
      </Button>
    </form>
  );
}
