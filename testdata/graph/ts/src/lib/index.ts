export * from './greet';
export { b } from './b';
