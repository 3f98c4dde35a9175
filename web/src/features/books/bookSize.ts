// A file's size as a person reads it: '840 KB', '3.4 MB' (decimal units, as phones and
// file managers show a download's size).
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function sizeInWords(bytes: number): string {
  if (bytes < 1000) return `${whole.format(bytes)} bytes`;
  // Each unit up to where it would round to 1,000 of itself: 999,600 bytes is '1 MB', not '1,000 KB'.
  if (bytes < 999_500) return `${whole.format(bytes / 1000)} KB`;
  if (bytes < 999_950_000) return `${oneDecimal.format(bytes / 1000_000)} MB`;
  return `${oneDecimal.format(bytes / 1000_000_000)} GB`;
}
