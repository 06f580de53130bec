import { useQuery } from "@tanstack/react-query";
import { api, call } from "../../lib/api";

export function useLandingStats() {
  return useQuery({ queryKey: ["landing", "stats"], queryFn: () => call(api.landing.stats.$get()) });
}
