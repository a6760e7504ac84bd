// Placeholder replaced by the real component.
export default function NotBuilt() {
  return <div>NotBuilt</div>;
}
