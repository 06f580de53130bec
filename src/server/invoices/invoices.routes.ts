import { Hono, type Context } from "hono";
import {
  createInvoiceSchema,
  invoiceCsvQuerySchema,
  invoiceIdParams,
  invoiceListQuerySchema,
  invoicePreviewQuerySchema,
  recordPaymentSchema,
  statementQuerySchema,
  updateInvoiceSchema,
  voidInvoiceSchema,
} from "../../shared/invoices/invoices.schemas";
import { FAMILY_NOT_FOUND_MESSAGE, householdSplitParams, householdSplitSchema } from "../../shared/invoices/invoice-split.schemas";
import { familyBalanceQuerySchema, lessonPackageSchema, paymentOnAccountSchema } from "../../shared/invoices/family-balance.schemas";
import { findProfileIds, requireParent, requireTeacher, requireUser } from "../auth";
import type { Deps } from "../deps";
import type { AppEnv } from "../http/app-env";
import { validate, validateParams } from "../http/validate";
import * as balance from "./family-balance.service";
import * as downloads from "./invoice-downloads.service";
import * as lists from "./invoice-lists.service";
import * as service from "./invoices.service";
import * as splits from "./invoice-split.service";

const INVOICE_NOT_FOUND = "Invoice not found";

/** A download the browser saves under its own (ASCII) name. */
function fileResponse(c: Context<AppEnv>, file: downloads.DownloadFile) {
  return c.body(file.bytes, 200, {
    "content-type": file.contentType,
    "content-disposition": `attachment; filename="${file.fileName}"`,
  });
}

/**
 * /api/invoices (issue 28): the signed-in teacher's invoices. Reading one invoice or its PDF is
 * also open to its family; anyone else gets 404, decided in the service from the session.
 */
export function createInvoicesRoutes(deps: Deps) {
  const teacher = requireTeacher(deps);
  const byId = validateParams(invoiceIdParams, INVOICE_NOT_FOUND);
  const household = validateParams(householdSplitParams, FAMILY_NOT_FOUND_MESSAGE);
  const reader = async (c: Context<AppEnv>) => findProfileIds(deps.db, c.get("user").id);
  return new Hono<AppEnv>()
    .use(requireUser(deps))
    .get("/", teacher, validate("query", invoiceListQuerySchema), async (c) =>
      c.json(await lists.teacherInvoices(deps, c.get("teacherId"), c.req.valid("query"))),
    )
    .get("/families", teacher, async (c) => c.json(await service.invoiceFamilies(deps, c.get("teacherId"))))
    .get("/preview", teacher, validate("query", invoicePreviewQuerySchema), async (c) =>
      c.json(await service.previewInvoice(deps, c.get("teacherId"), c.req.valid("query"))),
    )
    .get("/csv", teacher, validate("query", invoiceCsvQuerySchema), async (c) =>
      fileResponse(c, await downloads.invoicesCsv(deps, c.get("teacherId"), c.req.valid("query"))),
    )
    // A family's balance with the teacher (issue 40): credit, payments on account, lesson packages.
    .get("/balance", teacher, validate("query", familyBalanceQuerySchema), async (c) =>
      c.json(await balance.teacherFamilyBalance(deps, c.get("teacherId"), c.req.valid("query").parentId)),
    )
    .post("/balance/payments", teacher, validate("json", paymentOnAccountSchema), async (c) =>
      c.json(await balance.recordPaymentOnAccount(deps, c.get("teacherId"), c.req.valid("json")), 201),
    )
    .post("/balance/packages", teacher, validate("json", lessonPackageSchema), async (c) =>
      c.json(await balance.sellLessonPackage(deps, c.get("teacherId"), c.req.valid("json")), 201),
    )
    // A household's split (issue 45): its invoices go out as one per guardian, each their share.
    .get("/households/:parentId/split", teacher, household, async (c) => c.json(await splits.readSplit(deps, c.get("teacherId"), c.req.valid("param").parentId)))
    .put("/households/:parentId/split", teacher, household, validate("json", householdSplitSchema), async (c) =>
      c.json(await splits.saveSplit(deps, c.get("teacherId"), c.req.valid("param").parentId, c.req.valid("json"))),
    )
    .delete("/households/:parentId/split", teacher, household, async (c) => c.json(await splits.removeSplit(deps, c.get("teacherId"), c.req.valid("param").parentId)))
    .post("/", teacher, validate("json", createInvoiceSchema), async (c) =>
      c.json(await service.createInvoice(deps, c.get("teacherId"), c.req.valid("json")), 201),
    )
    .get("/:invoiceId", byId, async (c) => c.json(await service.readInvoice(deps, await reader(c), c.req.valid("param").invoiceId)))
    .get("/:invoiceId/pdf", byId, async (c) =>
      fileResponse(c, await downloads.invoicePdf(deps, await reader(c), c.req.valid("param").invoiceId)),
    )
    .patch("/:invoiceId", byId, teacher, validate("json", updateInvoiceSchema), async (c) =>
      c.json(await service.updateInvoice(deps, c.get("teacherId"), c.req.valid("param").invoiceId, c.req.valid("json"))),
    )
    .post("/:invoiceId/send", byId, teacher, async (c) =>
      c.json(await service.sendInvoice(deps, c.get("teacherId"), c.req.valid("param").invoiceId)),
    )
    .post("/:invoiceId/payments", byId, teacher, validate("json", recordPaymentSchema), async (c) =>
      c.json(await service.recordPayment(deps, c.get("teacherId"), c.req.valid("param").invoiceId, c.req.valid("json"))),
    )
    .post("/:invoiceId/void", byId, teacher, validate("json", voidInvoiceSchema), async (c) =>
      c.json(await service.voidInvoice(deps, c.get("teacherId"), c.req.valid("param").invoiceId, c.req.valid("json"))),
    );
}

/**
 * /api/billing/invoices, /api/billing/balance and /api/billing/statement: a family's invoices from every teacher (never
 * drafts), its balance and packages with each teacher (issue 40), and its year-end statement per teacher. Mounted on /api/billing before the earnings
 * router; the guards sit on each route, not in `use`, so /api/billing's own routes do not read
 * the session twice.
 */
export function createFamilyInvoicesRoutes(deps: Deps) {
  const family = [requireUser(deps), requireParent(deps)] as const;
  return new Hono<AppEnv>()
    .get("/invoices", ...family, async (c) => c.json(await lists.familyInvoices(deps, c.get("parentId"), c.get("guardianId"))))
    .get("/balance", ...family, async (c) => c.json(await balance.familyBalances(deps, c.get("parentId"))))
    .get("/statement", ...family, validate("query", statementQuerySchema), async (c) =>
      fileResponse(c, await downloads.statementPdf(deps, c.get("parentId"), c.get("guardianId"), c.req.valid("query"))),
    );
}
