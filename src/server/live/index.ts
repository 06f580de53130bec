/**
 * The live feature's front door: what other features may use (services and types only).
 */
export { tellOtherSide } from "./lesson-events";
export { liveHubFor } from "./live-hub";
export { announceLiveEvents, publishLiveEvents, storeLiveEvents, withLiveEvents } from "./live.service";
export type { StoredLiveEvent } from "./live.service";
