// A moment on the person's own calendar (the browser's zone), as text: the date pickers' days
// and the months memories are grouped by. Both sort as text in calendar order.

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** 'yyyy-MM' of a moment in local time. */
export function localMonth(date: Date): string {
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}`;
}

/** 'yyyy-MM-dd' of a moment in local time: the format of the date pickers and of memory-days. */
export function localDay(date: Date): string {
  return `${localMonth(date)}-${twoDigits(date.getDate())}`;
}
