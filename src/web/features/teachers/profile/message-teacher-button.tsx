import { MessageCircle } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog";
import { useAuthDialogs } from "../../auth/auth-dialogs";
import { useMe } from "../../auth/use-me";

/**
 * Message {first name}. Messaging is not built yet: a signed-out visitor is asked to sign in (and
 * comes back here); a signed-in user is told it is coming. Nothing pretends to send.
 */
export function MessageTeacherButton({ firstName }: { firstName: string }) {
  const me = useMe();
  const { openSignIn } = useAuthDialogs();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const signedIn = Boolean(me.data?.user);

  return (
    <>
      <Button
        variant="secondary"
        className="w-full"
        disabled={me.isPending}
        onClick={() => (signedIn ? setOpen(true) : openSignIn(`${location.pathname}${location.search}`))}
      >
        <MessageCircle aria-hidden className="size-4" />
        Message {firstName}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title={`Message ${firstName}`}>
          <p className="text-sm leading-6 text-slate-700">
            Messaging in the app is coming soon. You will be able to write to {firstName} here and read the replies in
            your Messages.
          </p>
          <div className="mt-6 flex justify-end">
            <DialogClose asChild>
              <Button>OK</Button>
            </DialogClose>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
