// Bounds that keep the page responsive whatever is typed. They limit what
// the playground computes and draws, never what the core would accept.

/** Largest tensor (elements) the playground creates and runs ops on (4 MB of float32). */
export const MAX_RUN_ELEMENTS = 1 << 20;

/**
 * Above MAX_RUN_ELEMENTS, the op is run once more on zero-filled stand-ins
 * (no values read back) for the core's iteration plan, while the result and
 * the inputs together stay under this many elements (32 MB of float32).
 */
export const MAX_PLAN_ELEMENTS = 1 << 23;

/** A drawn grid shows every element up to this count, and a summary beyond. */
export const MAX_DRAWN_ELEMENTS = 256;

/**
 * The same for each stage of a gradient: a view shows up to eight of them,
 * and the summary's first and last indices are what a reduction needs.
 */
export const MAX_DRAWN_STAGE_ELEMENTS = 96;

/** Storage strips show every cell up to this count. */
export const MAX_DRAWN_STORAGE = 64;

/** Grids are drawn up to this many dims (3-D and up as labelled slices). */
export const MAX_DRAWN_DIMS = 6;

/** Text kept from a field read from a URL or an attribute, and written to one. */
export const MAX_LINK_FIELD = 4096;

/** Text of the user's shown back in messages (their whole input is still used). */
export const MAX_ECHO = 120;
