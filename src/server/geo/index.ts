/**
 * The geo feature's front door: what other features may use (services and types only).
 */
export { geocodeCityState, resolveArea, warmGazetteer } from "./gazetteer";
