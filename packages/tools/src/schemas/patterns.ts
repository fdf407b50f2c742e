/** 0x + 40 hex digits. @internal */
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
/** 0x + 64 hex digits. @internal */
export const HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;
/** 0x + whole bytes of hex. @internal */
export const HEX_PATTERN = /^0x(?:[0-9a-fA-F]{2})*$/;
/** A non-negative integer, decimal, without leading zeros. @internal */
export const UINT_PATTERN = /^(?:0|[1-9]\d*)$/;
