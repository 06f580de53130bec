/**
 * The files feature's front door: what other features may use (services and types only).
 */
export { checkedUpload } from "./checked-upload";
export type { ContainerKind } from "./container-structure";
export { classFileDisposition } from "./content-disposition";
export { createStorage } from "./create-storage";
export { fileResponse } from "./serve-file";
export { keySegments } from "./storage";
export type { Storage } from "./storage";
export { VIDEO_CONTENT_TYPES, VIDEO_SNIFF_BYTES, sniffVideoType } from "./video-type";
export type { VideoExtension } from "./video-type";
