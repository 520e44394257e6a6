/** CustomFieldValue (reference @gitbook/api@0.91.0): a string (≤ 256), a number, a boolean or a list of strings (each ≤ 256). */
export type CustomFieldValue = string | number | boolean | string[];
