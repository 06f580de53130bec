import type { InvoiceChange } from "../../shared/messages/messages.api";
import type { Deps } from "../deps";
import { publishLiveEvents } from "../live";
import { invoicePartyUserIds } from "./invoice-split.repo";

/**
 * After an invoice change committed (issue 40): the emails it stored are sent now, and both sides'
 * open pages are told, live. A failure to tell is logged and never fails the change.
 */
export async function announceInvoiceChange(deps: Pick<Deps, "db" | "driver" | "logger" | "mailer">, invoiceId: string, change: InvoiceChange): Promise<void> {
  deps.mailer.kick();
  try {
    const userIds = await invoicePartyUserIds(deps.db, invoiceId);
    await publishLiveEvents(deps, userIds.map((userId) => ({ userId, type: "invoice_changed" as const, payload: { invoiceId, change } })));
  } catch (error) {
    deps.logger.error({ err: error, invoiceId }, "invoice live event failed");
  }
}

