import { Ban, Banknote, Pencil, Send, X } from "lucide-react";
import { useState } from "react";
import type { InvoiceDTO, InvoiceLineDTO } from "../../../shared/invoices/invoices.schemas";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api";
import { EditDraftForm } from "./edit-draft-form";
import { RecordPaymentDialog, SendInvoiceDialog, VoidInvoiceDialog } from "./invoice-dialogs";
import { InvoiceView } from "./invoice-view";
import { InvoicePageShell } from "./invoice-page-shell";
import { useUpdateInvoice } from "./use-invoices";

/** /teacher/invoices/:invoiceId: a draft is edited and sent; a sent invoice gets payments or is voided. */
export function Component() {
  return <InvoicePageShell back={{ to: "/teacher/invoices", label: "All invoices" }}>{(invoice) => <TeacherInvoice invoice={invoice} />}</InvoicePageShell>;
}

type Open = "send" | "payment" | "void" | null;

function TeacherInvoice({ invoice }: { invoice: InvoiceDTO }) {
  const [open, setOpen] = useState<Open>(null);
  const [editing, setEditing] = useState(false);
  const update = useUpdateInvoice(invoice.id);
  const draft = invoice.status === "draft";
  const owing = invoice.status === "sent" && invoice.balanceCents > 0;
  const dialog = (name: Exclude<Open, null>) => ({ invoice, open: open === name, onOpenChange: (o: boolean) => setOpen(o ? name : null) });

  const removeLine = (line: InvoiceLineDTO) =>
    draft && line.kind !== "extra" ? (
      <Button variant="ghostDanger" size="compact" aria-label={`Remove ${line.description}`} disabled={update.isPending} onClick={() => update.mutate({ removeLineIds: [line.id] })}>
        <X aria-hidden className="size-4" />
      </Button>
    ) : null;

  const actions = (
    <>
      {draft && !editing ? (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          <Pencil aria-hidden className="size-4" />
          Edit
        </Button>
      ) : null}
      {draft ? (
        <Button onClick={() => setOpen("send")}>
          <Send aria-hidden className="size-4" />
          Send
        </Button>
      ) : null}
      {owing ? (
        <Button onClick={() => setOpen("payment")}>
          <Banknote aria-hidden className="size-4" />
          Record payment
        </Button>
      ) : null}
      {invoice.status !== "void" ? (
        <Button variant="secondaryDanger" onClick={() => setOpen("void")}>
          <Ban aria-hidden className="size-4" />
          Void
        </Button>
      ) : null}
    </>
  );

  return (
    <>
      {draft ? (
        <Alert tone="info" className="mt-4">
          This is a draft: the family does not see it until you send it. Remove a lesson with its ✕ button; it can then go on another invoice.
        </Alert>
      ) : null}
      {update.isError && !editing ? <Alert className="mt-4">{errorMessage(update.error, "Failed to change the draft")}</Alert> : null}
      {editing && draft ? <EditDraftForm invoice={invoice} onDone={() => setEditing(false)} /> : null}
      <InvoiceView invoice={invoice} actions={actions} lineAction={removeLine} />
      <SendInvoiceDialog {...dialog("send")} />
      <RecordPaymentDialog {...dialog("payment")} />
      <VoidInvoiceDialog {...dialog("void")} />
    </>
  );
}
