/**
 * Bytes written as text: `0x` (or `0X`) and hex digits of even length, as uploads read a varbinary
 * value and a varbinary parameter takes one. A module of its own, so the parameter rules the app's
 * list pages load do not bring the upload inference with them.
 */
export const HEX_BYTES = '0[xX]([0-9a-fA-F]{2})*';
