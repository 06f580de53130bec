import { MessageCircle } from "lucide-react";
import { useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { preloadSignIn, useAuthDialogs } from "../../auth/auth-dialogs";
import { useMe } from "../../auth/use-me";
import { MessagesDrawerLauncher, preloadMessagesDrawer } from "../../messages/messages-drawer-launcher";

/** `?message=1` on the profile asks for the drawer; it survives signing in (as `?book=` does for booking). */
const MESSAGE_PARAM = "message";

/**
 * Message {first name}: opens the Messages drawer with this teacher. Signed out, it asks to sign in
 * first and comes back to the profile with the conversation open.
 */
export function MessageTeacherButton({ teacherId, firstName }: { teacherId: string; firstName: string }) {
  const me = useMe();
  const { openSignIn } = useAuthDialogs();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const signedIn = Boolean(me.data?.user);
  const fromUrl = signedIn && params.get(MESSAGE_PARAM) === "1";

  const onClick = () => {
    if (signedIn) return setOpen(true);
    const next = new URLSearchParams(params);
    next.set(MESSAGE_PARAM, "1");
    openSignIn(`${location.pathname}?${next.toString()}`);
  };
  const onOpenChange = (value: boolean) => {
    setOpen(value);
    if (!value && params.has(MESSAGE_PARAM)) {
      params.delete(MESSAGE_PARAM);
      setParams(params, { replace: true });
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        className="w-full"
        disabled={me.isPending}
        onClick={onClick}
        // On intent, what the tap opens: the drawer, or Sign In for a visitor.
        onPointerEnter={signedIn ? preloadMessagesDrawer : preloadSignIn}
        onTouchStart={signedIn ? preloadMessagesDrawer : preloadSignIn}
        onFocus={signedIn ? preloadMessagesDrawer : preloadSignIn}
      >
        <MessageCircle aria-hidden className="size-4" />
        Message {firstName}
      </Button>
      <MessagesDrawerLauncher
        target={{ kind: "teacher", teacherId }}
        title={`Message ${firstName}`}
        open={open || fromUrl}
        onOpenChange={onOpenChange}
      />
    </>
  );
}
