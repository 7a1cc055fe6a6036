export function greet(): string {
  return 'hello';
}
