/** Cuts text at `length` characters with an ellipsis (SPEC §9: 25 by default). */
export function ellipsis(text: string, length = 25): string {
  const chars = [...text];
  return chars.length <= length ? text : `${chars.slice(0, length).join('')}...`;
}
