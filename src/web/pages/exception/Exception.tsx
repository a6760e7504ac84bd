export default function Exception({ type }: { type: '403' | '404' | '500' | 'notBuilt' }) {
  return <div>{type}</div>;
}
