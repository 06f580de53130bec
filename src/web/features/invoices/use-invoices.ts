import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateInvoiceInput,
  InvoiceDTO,
  InvoiceFamilyDTO,
  InvoiceListDTO,
  InvoicePreviewDTO,
  RecordPaymentInput,
  UpdateInvoiceInput,
  VoidInvoiceInput,
} from "../../../shared/invoices/invoices.schemas";
import type { FamilyBalanceDTO, LessonPackageInput, PaymentOnAccountInput } from "../../../shared/invoices/family-balance.schemas";
import type { InvoiceState } from "../../../shared/invoices/invoices.constants";
import type { HouseholdSplitDTO, HouseholdSplitInput } from "../../../shared/invoices/invoice-split.schemas";
import { api, call } from "../../lib/api";

/** Every invoice view (lists, one invoice, families' uninvoiced lessons, the family's billing list). */
export const INVOICES_KEY = ["invoices"] as const;
const FAMILY_INVOICES_KEY = [...INVOICES_KEY, "family"] as const;

export interface InvoiceFilter {
  parentId?: string | undefined;
  state?: InvoiceState | undefined;
}

/** The teacher's invoices (overdue first, then newest), with outstanding and overdue totals. */
export function useInvoiceList(filter: InvoiceFilter) {
  const query = { ...(filter.parentId ? { parentId: filter.parentId } : {}), ...(filter.state ? { state: filter.state } : {}) };
  return useQuery({
    queryKey: [...INVOICES_KEY, "list", query],
    queryFn: (): Promise<InvoiceListDTO> => call(api.invoices.$get({ query })),
    placeholderData: keepPreviousData,
  });
}

/** Families the teacher can invoice, with their lessons not yet on an invoice. */
export function useInvoiceFamilies() {
  return useQuery({
    queryKey: [...INVOICES_KEY, "families"],
    queryFn: (): Promise<InvoiceFamilyDTO[]> => call(api.invoices.families.$get()),
  });
}

/** The lesson lines a new invoice for this family and range would hold; null waits for a complete choice. */
export function useInvoicePreview(query: { parentId: string; from: string; to: string } | null) {
  return useQuery({
    queryKey: [...INVOICES_KEY, "preview", query],
    queryFn: (): Promise<InvoicePreviewDTO> => call(api.invoices.preview.$get({ query: query! })),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(invoiceId: string) {
  return useQuery({
    queryKey: [...INVOICES_KEY, "one", invoiceId],
    queryFn: (): Promise<InvoiceDTO> => call(api.invoices[":invoiceId"].$get({ param: { invoiceId } })),
  });
}

/** Every change to an invoice moves totals, lists, the families' uninvoiced lessons and the family's view. */
function useInvalidateInvoices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY });
}

export function useCreateInvoice() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (input: CreateInvoiceInput): Promise<InvoiceDTO> => call(api.invoices.$post({ json: input })),
    onSuccess: invalidate,
  });
}

export function useUpdateInvoice(invoiceId: string) {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (input: UpdateInvoiceInput): Promise<InvoiceDTO> => call(api.invoices[":invoiceId"].$patch({ param: { invoiceId }, json: input })),
    onSuccess: invalidate,
  });
}

export function useSendInvoice(invoiceId: string) {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (): Promise<InvoiceDTO> => call(api.invoices[":invoiceId"].send.$post({ param: { invoiceId } })),
    onSettled: invalidate,
  });
}

export function useRecordPayment(invoiceId: string) {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (input: RecordPaymentInput): Promise<InvoiceDTO> =>
      call(api.invoices[":invoiceId"].payments.$post({ param: { invoiceId }, json: input })),
    onSuccess: invalidate,
  });
}

export function useVoidInvoice(invoiceId: string) {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (input: VoidInvoiceInput): Promise<InvoiceDTO> => call(api.invoices[":invoiceId"].void.$post({ param: { invoiceId }, json: input })),
    onSuccess: invalidate,
  });
}

/** The signed-in family's invoices from every teacher (the server never shows them drafts). */
export function useFamilyInvoices() {
  return useQuery({
    queryKey: FAMILY_INVOICES_KEY,
    queryFn: (): Promise<InvoiceListDTO> => call(api.billing.invoices.$get()),
  });
}

// Downloads are plain links: the browser saves the server's attachment.
export const invoicePdfHref = (invoiceId: string) => `/api/invoices/${invoiceId}/pdf`;
export const invoicesCsvHref = (year: number, kind: "invoices" | "payments") => `/api/invoices/csv?${new URLSearchParams({ year: String(year), kind }).toString()}`;
export const statementPdfHref = (teacherId: string, year: number) => `/api/billing/statement?${new URLSearchParams({ teacherId, year: String(year) }).toString()}`;

// A family's balance with a teacher (issue 40): credit, payments on account, lesson packages.
const BALANCE_KEY = [...INVOICES_KEY, "balance"] as const;

/** The teacher's view of one family's balance; null waits for a family to be chosen. */
export function useTeacherFamilyBalance(parentId: string | undefined) {
  return useQuery({
    queryKey: [...BALANCE_KEY, "teacher", parentId],
    queryFn: (): Promise<FamilyBalanceDTO> => call(api.invoices.balance.$get({ query: { parentId: parentId! } })),
    enabled: Boolean(parentId),
  });
}

/** The signed-in family's balance with each teacher they have credit or a package with. */
export function useFamilyBalances() {
  return useQuery({
    queryKey: [...BALANCE_KEY, "family"],
    queryFn: (): Promise<FamilyBalanceDTO[]> => call(api.billing.balance.$get()),
  });
}

export function useRecordPaymentOnAccount() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (input: PaymentOnAccountInput): Promise<FamilyBalanceDTO> => call(api.invoices.balance.payments.$post({ json: input })),
    onSuccess: invalidate,
  });
}

export function useSellLessonPackage() {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (input: LessonPackageInput): Promise<FamilyBalanceDTO> => call(api.invoices.balance.packages.$post({ json: input })),
    onSuccess: invalidate,
  });
}

// A household's split (issue 45): its invoices go out as one per guardian, each their share.
const SPLIT_KEY = [...INVOICES_KEY, "split"] as const;

export function useHouseholdSplit(parentId: string) {
  return useQuery({
    queryKey: [...SPLIT_KEY, parentId],
    queryFn: (): Promise<HouseholdSplitDTO> => call(api.invoices.households[":parentId"].split.$get({ param: { parentId } })),
  });
}

export function useSaveHouseholdSplit(parentId: string) {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (input: HouseholdSplitInput): Promise<HouseholdSplitDTO> => call(api.invoices.households[":parentId"].split.$put({ param: { parentId }, json: input })),
    onSuccess: invalidate,
  });
}

export function useRemoveHouseholdSplit(parentId: string) {
  const invalidate = useInvalidateInvoices();
  return useMutation({
    mutationFn: (): Promise<HouseholdSplitDTO> => call(api.invoices.households[":parentId"].split.$delete({ param: { parentId } })),
    onSuccess: invalidate,
  });
}
