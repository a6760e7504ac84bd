// Placeholder replaced by the real component.
export default function Analysis() {
  return <div>Analysis</div>;
}
