import { hourlySweep } from "../jobs";
import { pruneLiveEvents } from "./live.service";

/** Old live events go (one DELETE, safe in every process at once); see LIVE_EVENT_RETENTION_MS. */
export const liveEventsSweep = hourlySweep("prune-live-events", (ctx) => pruneLiveEvents(ctx.deps, ctx.now).then(() => undefined));
