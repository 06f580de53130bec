/**
 * The households feature's front door (issue 45): what other features may use (services and types only).
 */
export { closingAccountScope } from "./households.service";
