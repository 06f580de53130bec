import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BillingSettingsDTO, BillingSettingsInput } from "../../../../shared/invoices/invoices.schemas";
import { api, call } from "../../../lib/api";

export const BILLING_SETTINGS_QUERY_KEY = ["teachers", "me", "billing-settings"] as const;

export function useBillingSettings() {
  return useQuery({
    queryKey: BILLING_SETTINGS_QUERY_KEY,
    queryFn: (): Promise<BillingSettingsDTO> => call(api.teachers.me["billing-settings"].$get()),
  });
}

export function useSaveBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BillingSettingsInput): Promise<BillingSettingsDTO> => call(api.teachers.me["billing-settings"].$put({ json: settings })),
    onSuccess: (saved) => queryClient.setQueryData(BILLING_SETTINGS_QUERY_KEY, saved),
  });
}
