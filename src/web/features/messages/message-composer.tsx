import { SendHorizontal } from "lucide-react";
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Textarea } from "../../components/ui/textarea";
import { useFlash } from "../../components/ui/form/use-flash";

export const SEND_FAILED_MESSAGE = "Failed to send message";
export const MESSAGE_SENT_TEXT = "Message sent";

/**
 * The composer of spec section 5: Send is disabled when the text is empty or whitespace and while
 * sending; Enter sends, Shift+Enter makes a new line. The text is cleared only once the server has
 * the message: a failure shows "Failed to send message" and keeps every typed character.
 */
export function MessageComposer({
  onSend,
  maxLength,
  label = "Message",
  autoFocus = false,
}: {
  /** Resolves once the server stored the message; rejects on failure. */
  onSend: (text: string) => Promise<unknown>;
  maxLength: number;
  label?: string;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const sent = useFlash(2000);
  const inputId = useId();
  const canSend = text.trim().length > 0 && !sending;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    setFailed(false);
    sent.clear();
    try {
      await onSend(text);
      setText("");
      sent.show(MESSAGE_SENT_TEXT);
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while composing (IME) confirms the composition, it must not send.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form onSubmit={onSubmit} className="space-y-2">
      {failed ? <Alert>{SEND_FAILED_MESSAGE}</Alert> : null}
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
        <Textarea
          id={inputId}
          value={text}
          rows={2}
          maxLength={maxLength}
          placeholder="Write a message…"
          autoFocus={autoFocus}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-11 resize-none"
        />
        <Button type="submit" size="tall" disabled={!canSend} className="shrink-0">
          <SendHorizontal aria-hidden className="size-4" />
          {sending ? "Sending..." : "Send"}
        </Button>
      </div>
      <p aria-live="polite" className="min-h-5 text-xs text-slate-500">
        {sent.message ? <span className="font-medium text-emerald-700">{sent.message}</span> : "Enter to send, Shift+Enter for a new line"}
      </p>
    </form>
  );
}
