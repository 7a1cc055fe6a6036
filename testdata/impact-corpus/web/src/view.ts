import { clamp } from "./index";

export function render(rate: number): string {
  return "rate " + clamp(rate);
}
