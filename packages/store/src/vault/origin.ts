/** Origin of every transaction an import makes. */
export const IMPORT_ORIGIN = Symbol("lens-vault-import");
