export const CLASS_STATUSES = ["active", "archived"] as const;
export const PROGRESS_FORMATS = ["xp", "grade"] as const;

/** decisions.md: 6 characters without the look-alikes 0/O/1/I. */
export const JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const JOIN_CODE_LENGTH = 6;
export const JOIN_CODE_PATTERN = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{6}$/;
