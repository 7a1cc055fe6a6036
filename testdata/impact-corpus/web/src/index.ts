export { clampRate as clamp } from "./limits";
