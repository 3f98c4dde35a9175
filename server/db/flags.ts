// Yes/no columns (DESIGN "Data model"): boolean on PostgreSQL, 0/1 integer on SQLite. Only
// this folder knows that; features write flag(...) and read isSet(...).

/** The value to store for a yes/no column: 0/1 on both dialects (PostgreSQL takes '0'/'1' as boolean). */
export const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** A yes/no column as read back: a boolean on PostgreSQL, 0 or 1 on SQLite. */
export const isSet = (value: boolean | number): boolean => Boolean(value);
