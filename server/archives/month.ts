// Which instants belong to a month as the caller's clock shows it (DESIGN "Edge decisions":
// days and months are taken in the IANA zone `tz`).

/** Clocks run at most 14 hours from UTC: a day either side of the UTC month holds every zone's. */
const SLACK_MS = 24 * 60 * 60_000;

/** The UTC instants (ISO) that may fall in `month` (yyyy-MM) in some zone; monthOf narrows them. */
export function monthWindow(month: string): { start: string; end: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const first = Date.UTC(year, number - 1, 1);
  const next = Date.UTC(year, number, 1);
  return { start: new Date(first - SLACK_MS).toISOString(), end: new Date(next + SLACK_MS).toISOString() };
}

/** yyyy-MM of `instant` on the wall clock of `timeZone`. */
export function monthOf(timeZone: string): (instant: string) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' });
  return (instant) => {
    const parts = format.formatToParts(new Date(instant));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)!.value;
    return `${part('year')}-${part('month')}`;
  };
}
