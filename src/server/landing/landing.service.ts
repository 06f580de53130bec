import type { LandingStats } from "../../shared/landing/landing.schemas";
import type { Deps } from "../deps";
import * as repo from "./landing.repo";

/** The landing page's live figures (decisions.md: real figures, no placeholders); teachers count only when discoverable. */
export function getLandingStats(deps: Pick<Deps, "db">): Promise<LandingStats> {
  return repo.readLandingStats(deps.db);
}
