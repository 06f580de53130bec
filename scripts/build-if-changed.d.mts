/** Builds dist/web unless its stamp matches its inputs' hash (scripts/build-if-changed.mjs). */
export function buildWebIfChanged(): Promise<void>;
/** Builds dist/server unless its stamp matches its inputs' hash (scripts/build-if-changed.mjs). */
export function buildServerIfChanged(): Promise<void>;
