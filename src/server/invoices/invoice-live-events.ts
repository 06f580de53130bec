import type { InvoiceChange } from "../../shared/messages/messages.api";
import type { Deps } from "../deps";
import { publishLiveEvents } from "../live";
import * as repo from "./invoices.repo";

/**
 * Tells both sides' open pages, live, that an invoice changed (issue 40). After the change
 * committed; a failure is logged and never fails the change.
 */
export async function tellInvoiceParties(deps: Pick<Deps, "db" | "driver" | "logger">, invoiceId: string, change: InvoiceChange): Promise<void> {
  try {
    const userIds = await repo.invoicePartyUserIds(deps.db, invoiceId);
    await publishLiveEvents(deps, userIds.map((userId) => ({ userId, type: "invoice_changed" as const, payload: { invoiceId, change } })));
  } catch (error) {
    deps.logger.error({ err: error, invoiceId }, "invoice live event failed");
  }
}

