export function clampRate(rate: number): number {
  return rate < 0 ? 0 : rate;
}
