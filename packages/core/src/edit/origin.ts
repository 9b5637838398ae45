// The transaction origin of Lens's AI edits, so observers can tell them from human typing.

/** Origin of every applyEdit transaction unless the caller passes its own. */
export const LENS_EDIT_ORIGIN = { name: "lens-edit" } as const;
