// UI: numbers and ratios formatted for people.

const int = new Intl.NumberFormat('en-US');
export const fmtInt = (n: number): string => int.format(n);
export const fmtPct = (x: number, digits = 2): string => `${(x * 100).toFixed(digits)}%`;
export const fmtNum = (x: number): string => (Number.isInteger(x) ? int.format(x) : x.toFixed(2));
