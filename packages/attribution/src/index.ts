// The public API of this package arrives with its own issue; until then it exports nothing.
export {};
