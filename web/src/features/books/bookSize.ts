// A file's size as a person reads it: '840 KB', '3.4 MB' (decimal units, as phones and
// file managers show a download's size).
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function sizeInWords(bytes: number): string {
  if (bytes < 1000) return `${whole.format(bytes)} bytes`;
  if (bytes < 1000_000) return `${whole.format(bytes / 1000)} KB`;
  if (bytes < 1000_000_000) return `${oneDecimal.format(bytes / 1000_000)} MB`;
  return `${oneDecimal.format(bytes / 1000_000_000)} GB`;
}
